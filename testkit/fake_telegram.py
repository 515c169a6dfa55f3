"""A small fake of the Telegram Bot API, served over real HTTP on 127.0.0.1.

The bot under test talks to it exactly as it talks to Telegram::

    async with FakeTelegram() as fake:
        bot = Bot(fake.token, session=AiohttpSession(api=TelegramAPIServer.from_base(fake.url)))
        alice = fake.user(1001, "Alice")
        alice.command("/start")              # queue an update, as Telegram would
        ...                                  # the bot polls (in-process or in a subprocess)
        assert "Welcome" in fake.last_message(alice).text

What it models:

* ``POST /bot<token>/<method>`` with form-encoded, multipart (file uploads, ``attach://``)
  or JSON bodies; answers ``{"ok": true, "result": ...}`` or the Bot API's error objects, so
  aiogram raises its real exceptions (``TelegramRetryAfter``, ``TelegramBadRequest``, ...).
* chats that keep their messages (text or caption, latest photo bytes, inline keyboard and
  the history of edits), with Telegram's errors for missing messages, unchanged edits,
  over-long texts and callback data, malformed HTML and undecodable photos;
* real long polling (``getUpdates`` honours ``offset``, ``limit``, ``timeout`` and
  ``allowed_updates``; a second concurrent poll terminates the first with 409 Conflict);
* users who send messages and commands, press buttons, make inline queries and choose
  inline results, producing update objects shaped as Telegram sends them;
* failure injection (:meth:`FakeTelegram.fail_next`, :meth:`FakeTelegram.block`) and a
  record of every request for rate assertions.

* webhooks: ``setWebhook`` / ``deleteWebhook`` / ``getWebhookInfo`` keep the webhook's
  state (getUpdates answers 409 while one is set), and :meth:`FakeTelegram.deliver_webhook`
  posts the queued updates to it with the secret token header, as Telegram does.
* ``getChatMember``: a group's admins (:meth:`FakeTelegram.make_admin`, owner or
  administrator) and everyone else a member, shaped as the Bot API's ChatMember objects;
* animations and documents (``sendAnimation``, ``sendDocument``: uploads or a file_id the
  fake gave out before), kept as :class:`SentFile`;
* ephemeral messages in groups (``sendMessage`` with ``ephemeral_message_parameters``,
  ``editEphemeralMessageText``/``ReplyMarkup``, ``deleteEphemeralMessage``: kept in
  :attr:`FakeTelegram.ephemeral`; :meth:`FakeTelegram.press_ephemeral` presses one);
* prepared inline messages (``savePreparedInlineMessage``: kept in
  :attr:`FakeTelegram.prepared` by the id it answers);
* message effects (``message_effect_id``: a documented effect, in private chats only, kept
  as ``StoredMessage.effect_id``) and the bot's name per language (``setMyName``,
  ``getMyName``);

What it does not: file downloads, media other than photos, animations and documents,
Markdown parsing
(Markdown texts are stored as sent), entities in the bot's own messages.

Everything runs in the event loop that started the server: the helpers that queue updates
are plain synchronous methods, the waiting helpers are coroutines. A bot in a subprocess
polls it over TCP while the test awaits (``wait_for``, ``wait_delivered``). Pytest
fixtures (``fake_telegram``, ``fake_bot``, ``bot_for``) are in ``testkit/fixtures.py``.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import io
import itertools
import json
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from html.parser import HTMLParser
from ssl import SSLContext
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, TypeAlias

from aiohttp import web

from testkit.waiting import patient

if TYPE_CHECKING:
    from aiogram import Bot, Dispatcher
    from aiogram.types import Message

JSON: TypeAlias = dict[str, Any]
Handler: TypeAlias = Callable[[JSON, dict[str, bytes]], Any]

DEFAULT_TOKEN = "123456:TEST"
BOT_USERNAME = "nard_test_bot"
BOT_FIRST_NAME = "Nard Test Bot"

# An administrator's rights in getChatMember's answer (the Bot API's ChatMemberAdministrator).
ADMIN_RIGHTS = ("can_delete_messages", "can_manage_video_chats", "can_restrict_members",
                "can_promote_members", "can_change_info", "can_invite_users",
                "can_post_stories", "can_edit_stories", "can_delete_stories",
                "can_send_welcome_messages")

# Error descriptions, worded as the real Bot API words them.
METHOD_NOT_FOUND = "Not Found: method not found"
# A request whose client went away before its body had arrived (never answered to anyone).
CLIENT_GONE = "Bad Request: the client closed the connection before the request arrived"
UNAUTHORIZED = "Unauthorized"
NOT_MODIFIED = (
    "Bad Request: message is not modified: specified new message content and reply markup "
    "are exactly the same as a current content and reply markup of the message"
)
MESSAGE_TO_EDIT_NOT_FOUND = "Bad Request: message to edit not found"
MESSAGE_TO_DELETE_NOT_FOUND = "Bad Request: message to delete not found"
MESSAGE_CANT_BE_EDITED = "Bad Request: message can't be edited"
NO_TEXT_TO_EDIT = "Bad Request: there is no text in the message to edit"
NO_CAPTION_TO_EDIT = "Bad Request: there is no caption in the message to edit"
MESSAGE_ID_INVALID = "Bad Request: MESSAGE_ID_INVALID"
TEXT_EMPTY = "Bad Request: message text is empty"
TEXT_TOO_LONG = "Bad Request: message is too long"
CAPTION_TOO_LONG = "Bad Request: message caption is too long"
CHAT_ID_EMPTY = "Bad Request: chat_id is empty"
CHAT_NOT_FOUND = "Bad Request: chat not found"
BUTTON_DATA_INVALID = "Bad Request: BUTTON_DATA_INVALID"
IMAGE_PROCESS_FAILED = "Bad Request: IMAGE_PROCESS_FAILED"
WRONG_FILE = "Bad Request: wrong file identifier/HTTP URL specified"
QUERY_ID_INVALID = (
    "Bad Request: query is too old and response timeout expired or query ID is invalid"
)
BLOCKED_BY_USER = "Forbidden: bot was blocked by the user"
KICKED_FROM_GROUP = "Forbidden: bot was kicked from the group chat"
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
CONFLICT = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)


def too_many_requests(retry_after: int) -> str:
    return f"Too Many Requests: retry after {retry_after}"


# Message effects (sendMessage's message_effect_id, private chats only): the ids Telegram
# documents for its six default reactions' effects (🔥 👍 👎 ❤️ 🎉 💩). Any other id, or an
# effect in a group, is refused as Telegram refuses it.
MESSAGE_EFFECTS = frozenset({
    "5104841245755180586", "5107584321108051014", "5104858069142078462",
    "5159385139981059251", "5046509860389126442", "5046589136895476101",
})
EFFECT_ID_INVALID = "Bad Request: EFFECT_ID_INVALID"
MAX_NAME = 64  # setMyName

MAX_TEXT = 4096
MAX_CAPTION = 1024
MAX_CALLBACK_DATA = 64  # bytes
MAX_UPLOAD = 50 * 1024 * 1024

EDIT_METHODS = frozenset(
    {"editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup"}
)
# Updates Telegram delivers when the bot never set allowed_updates.
DEFAULT_UPDATE_TYPES = frozenset(
    {
        "message", "edited_message", "channel_post", "edited_channel_post", "inline_query",
        "chosen_inline_result", "callback_query", "shipping_query", "pre_checkout_query",
        "poll", "poll_answer", "my_chat_member", "chat_join_request", "business_connection",
        "business_message", "edited_business_message", "deleted_business_messages",
        "purchased_paid_media", "chat_boost", "removed_chat_boost",
    }
)
CHAT_ACTIONS = frozenset(
    {
        "typing", "upload_photo", "record_video", "upload_video", "record_voice",
        "upload_voice", "upload_document", "choose_sticker", "find_location",
        "record_video_note", "upload_video_note",
    }
)

# How form fields (always strings on the wire) are decoded back into values.
_JSON_FIELDS = frozenset(
    {
        "reply_markup", "media", "entities", "caption_entities", "commands", "scope",
        "results", "allowed_updates", "link_preview_options", "reply_parameters", "button",
        "message_ids", "menu_button", "result", "ephemeral_message_parameters",
    }
)
_INT_FIELDS = frozenset(
    {
        "chat_id", "message_id", "offset", "limit", "timeout", "cache_time", "from_chat_id",
        "user_id", "message_thread_id", "reply_to_message_id", "until_date",
        "receiver_user_id", "ephemeral_message_id",
    }
)
_BOOL_FIELDS = frozenset(
    {
        "show_alert", "disable_notification", "protect_content", "is_personal",
        "drop_pending_updates", "has_spoiler", "show_caption_above_media",
        "allow_sending_without_reply", "disable_web_page_preview", "allow_paid_broadcast",
        "allow_user_chats", "allow_bot_chats", "allow_group_chats", "allow_channel_chats",
    }
)
# Inline keyboard button fields that make a button do something (exactly one is required).
_BUTTON_ACTIONS = frozenset(
    {
        "url", "callback_data", "web_app", "login_url", "switch_inline_query",
        "switch_inline_query_current_chat", "switch_inline_query_chosen_chat", "copy_text",
        "callback_game", "pay",
    }
)
_HTML_TAGS = frozenset(
    {
        "b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler",
        "a", "code", "pre", "blockquote", "tg-emoji",
    }
)


class ApiError(Exception):
    """An error answer of the Bot API; raise it from a method handler."""

    def __init__(
        self,
        error_code: int,
        description: str,
        *,
        retry_after: int | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(f"{error_code}: {description}")
        self.error_code = error_code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def payload(self) -> JSON:
        body: JSON = {"ok": False, "error_code": self.error_code, "description": self.description}
        parameters: JSON = {}
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if parameters:
            body["parameters"] = parameters
        return body


# --------------------------------------------------------------------------- records


@dataclass(slots=True)
class RecordedRequest:
    """One request as it arrived, and how the fake answered it."""

    time: float  # the fake's monotonic clock at arrival
    method: str  # canonical spelling, e.g. "sendMessage"
    params: JSON  # decoded: ints, bools and JSON fields are values, not strings
    files: dict[str, bytes]  # multipart file parts by field name
    token: str = ""
    done: bool = False
    error_code: int | None = None  # None while pending and on success
    description: str | None = None
    result: Any = None

    @property
    def ok(self) -> bool:
        return self.done and self.error_code is None

    @property
    def chat_id(self) -> int | str | None:
        return self.params.get("chat_id")


@dataclass(frozen=True, slots=True)
class StoredFile:
    file_id: str
    file_unique_id: str
    data: bytes | None  # None for files known only by URL
    width: int
    height: int

    def photo_sizes(self) -> list[JSON]:
        size: JSON = {
            "file_id": self.file_id,
            "file_unique_id": self.file_unique_id,
            "width": self.width,
            "height": self.height,
        }
        if self.data is not None:
            size["file_size"] = len(self.data)
        return [size]


class Upload(bytes):
    """An uploaded file part's bytes, with the file name the client gave it."""

    filename: str | None

    def __new__(cls, data: bytes, filename: str | None = None) -> Upload:
        upload = super().__new__(cls, data)
        upload.filename = filename
        return upload


@dataclass(frozen=True, slots=True)
class SentFile:
    """An animation or a document as uploaded (``kind`` "animation" or "document")."""

    kind: str
    file_id: str
    file_unique_id: str
    file_name: str | None
    data: bytes

    def to_api(self) -> JSON:
        data: JSON = {"file_id": self.file_id, "file_unique_id": self.file_unique_id,
                      "file_size": len(self.data)}
        if self.file_name:
            data["file_name"] = self.file_name
        if self.kind == "animation":
            data["mime_type"] = "image/gif"
            data.update(width=640, height=480, duration=1)
        return data


@dataclass(frozen=True, slots=True)
class Edit:
    """The state of a message right after one successful edit."""

    time: float
    method: str
    text: str | None
    caption: str | None
    photo: bytes | None
    reply_markup: JSON | None


@dataclass(eq=False)
class StoredMessage:
    """A message as the fake keeps it; ``to_api()`` is the Bot API ``Message`` object."""

    message_id: int
    date: int
    chat: JSON | None  # None for inline messages (sent by a user "via" the bot)
    sender: JSON
    text: str | None = None  # plain text as displayed (HTML tags removed)
    caption: str | None = None
    photo_file: StoredFile | None = None
    reply_markup: JSON | None = None  # as sent (inline keyboards appear in to_api())
    entities: list[JSON] | None = None
    source: tuple[str | None, str | None] = (None, None)  # (raw text or caption, parse_mode)
    edit_date: int | None = None
    deleted: bool = False
    inline_message_id: str | None = None
    edits: list[Edit] = field(default_factory=list)
    sent_file: SentFile | None = None  # an animation or a document
    effect_id: str | None = None  # the message effect it was sent with (private chats)

    @property
    def chat_id(self) -> int | None:
        return None if self.chat is None else int(self.chat["id"])

    @property
    def from_bot(self) -> bool:
        return bool(self.sender.get("is_bot"))

    @property
    def photo(self) -> bytes | None:
        return None if self.photo_file is None else self.photo_file.data

    @property
    def content(self) -> str | None:
        """Text of a text message, caption of a photo."""
        return self.text if self.text is not None else self.caption

    @property
    def inline_keyboard(self) -> list[list[JSON]]:
        if not self.reply_markup:
            return []
        return list(self.reply_markup.get("inline_keyboard") or [])

    @property
    def buttons(self) -> list[tuple[str, str | None]]:
        """(text, callback_data) of every inline button, row by row."""
        return [(b["text"], b.get("callback_data")) for row in self.inline_keyboard for b in row]

    def find_button(self, text_or_data: str) -> JSON | None:
        for row in self.inline_keyboard:
            for button in row:
                if text_or_data in (button.get("text"), button.get("callback_data")):
                    return button
        return None

    def to_api(self) -> JSON:
        if self.chat is None:
            raise ValueError("inline messages have no Message object")
        data: JSON = {
            "message_id": self.message_id,
            "date": self.date,
            "chat": copy.deepcopy(self.chat),
            "from": copy.deepcopy(self.sender),
        }
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        if self.photo_file is not None:
            data["photo"] = self.photo_file.photo_sizes()
            if self.caption:
                data["caption"] = self.caption
        elif self.sent_file is not None:  # Telegram sends an animation as a document too
            data["document"] = self.sent_file.to_api()
            if self.sent_file.kind == "animation":
                data["animation"] = self.sent_file.to_api()
            if self.caption:
                data["caption"] = self.caption
        elif self.text is not None:
            data["text"] = self.text
            if self.entities:
                data["entities"] = copy.deepcopy(self.entities)
        if self.inline_keyboard:
            data["reply_markup"] = {"inline_keyboard": copy.deepcopy(self.inline_keyboard)}
        return data


@dataclass(eq=False)
class FakeChat:
    id: int
    type: Literal["private", "group", "supergroup", "channel"]
    title: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    username: str | None = None
    messages: dict[int, StoredMessage] = field(default_factory=dict, repr=False)
    last_message_id: int = field(default=0, repr=False)
    # getChatMember's answers: "creator" or "administrator" by user (everyone else a
    # "member"); set with `FakeTelegram.make_admin`.
    admins: dict[int, str] = field(default_factory=dict, repr=False)

    def to_api(self) -> JSON:
        data: JSON = {"id": self.id, "type": self.type}
        for key in ("title", "first_name", "last_name", "username"):
            if (value := getattr(self, key)) is not None:
                data[key] = value
        return data

    @property
    def chat_instance(self) -> str:
        # Any stable string per chat does; Telegram's are long decimal numbers.
        return str((self.id * 2_654_435_761) % 2**63)


@dataclass(slots=True)
class _Failure:
    method: str
    error_code: int
    description: str
    retry_after: int | None
    times: int
    when: Callable[[JSON], bool] | None


@dataclass(slots=True)
class _CallbackQuery:
    update: JSON
    answer: JSON | None = None


@dataclass(slots=True)
class _InlineQuery:
    update: JSON
    user_id: int
    query: str
    results: list[JSON] | None = None
    answer: JSON | None = None


ChatRef: TypeAlias = "int | FakeChat | FakeUser | StoredMessage"
# Where a user writes: a chat id, a group, or None / "private" for the chat with the bot.
UserChat: TypeAlias = "int | FakeChat | Literal['private'] | None"
# A message to press a button on: the fake's record, a Message dict or an aiogram Message.
MessageRef: TypeAlias = "StoredMessage | JSON | Message"


# --------------------------------------------------------------------------- helpers


def _decode_params(raw: Iterable[tuple[str, str]]) -> JSON:
    """Turn form fields back into values: aiogram sends ints as "5", bools as "true",
    nested objects (reply_markup, media, ...) as JSON strings."""
    params: JSON = {}
    for key, value in raw:
        if key in _JSON_FIELDS:
            try:
                params[key] = json.loads(value)
            except ValueError:
                raise ApiError(400, f"Bad Request: can't parse JSON in field {key}") from None
        elif key in _INT_FIELDS and re.fullmatch(r"-?\d+", value):
            params[key] = int(value)
        elif key in _BOOL_FIELDS and value in ("true", "false", "True", "False"):
            params[key] = value.lower() == "true"
        else:
            params[key] = value
    return params


class _HtmlToText(HTMLParser):
    """Telegram's HTML parse mode: the supported tags, properly nested; yields plain text."""

    def __init__(self, source: str) -> None:
        super().__init__(convert_charrefs=True)
        self._source = source
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", source)]
        self._open: list[str] = []
        self.parts: list[str] = []

    def _fail(self, message: str) -> None:
        line, column = self.getpos()
        char_offset = self._line_starts[line - 1] + column
        byte_offset = len(self._source[:char_offset].encode())
        raise ApiError(
            400, f"Bad Request: can't parse entities: {message} at byte offset {byte_offset}"
        )

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in _HTML_TAGS:
            self._fail(f'Unsupported start tag "{tag}"')
        self._open.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._fail(f'Unsupported start tag "{tag}"')

    def handle_endtag(self, tag: str) -> None:
        if not self._open or self._open[-1] != tag:
            self._fail(f'Unexpected end tag "{tag}"')
        self._open.pop()

    def handle_data(self, data: str) -> None:
        self.parts.append(data)

    def text(self) -> str:
        self.feed(self._source)
        self.close()
        if self._open:
            raise ApiError(
                400,
                "Bad Request: can't parse entities: Can't find end tag corresponding to "
                f'start tag "{self._open[-1]}"',
            )
        return "".join(self.parts)


def render_text(text: str, parse_mode: str | None) -> str:
    """The text a client displays: HTML is parsed and checked, other modes kept as sent;
    like Telegram, leading and trailing whitespace is dropped."""
    if parse_mode and parse_mode.upper() == "HTML":
        text = _HtmlToText(text).text()
    return text.strip()


def _check_markup(markup: Any) -> JSON | None:
    """Validate reply_markup the way Telegram rejects it; returns it, or None for "none"."""
    if markup is None:
        return None
    if not isinstance(markup, dict):
        raise ApiError(400, "Bad Request: can't parse reply keyboard markup JSON object")
    if "inline_keyboard" not in markup:
        return markup  # reply keyboards, ReplyKeyboardRemove, ForceReply: stored, not shown
    rows = markup["inline_keyboard"]
    if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
        raise ApiError(
            400,
            'Bad Request: field "inline_keyboard" of the InlineKeyboardMarkup should be '
            "an Array of Arrays",
        )
    for row in rows:
        for button in row:
            if not isinstance(button, dict) or not isinstance(button.get("text"), str):
                raise ApiError(
                    400,
                    "Bad Request: can't parse inline keyboard button: "
                    'Field "text" must be of type String',
                )
            if not _BUTTON_ACTIONS & button.keys() and "disabled" not in button:
                raise ApiError(
                    400,
                    "Bad Request: can't parse inline keyboard button: "
                    "Text buttons are unallowed in the inline keyboard",
                )
            data = button.get("callback_data")
            if data is not None and not 1 <= len(str(data).encode()) <= MAX_CALLBACK_DATA:
                raise ApiError(400, BUTTON_DATA_INVALID)
    if not any(rows):
        return None  # an empty inline keyboard is no keyboard
    return markup


def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height of an uploaded picture; Telegram refuses what it cannot decode."""
    if not data:
        raise ApiError(400, "Bad Request: file must be non-empty")
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover - Pillow is a dependency of the project
        return (1, 1)
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except Exception:
        raise ApiError(400, IMAGE_PROCESS_FAILED) from None


def _update_kind(update: JSON) -> str:
    return next(key for key in update if key != "update_id")


def _command_entities(text: str) -> list[JSON] | None:
    """A leading /command (optionally /command@bot) is a bot_command entity, as clients send."""
    match = re.match(r"/[A-Za-z0-9_]{1,64}(@[A-Za-z0-9_]+)?", text)
    if not match:
        return None
    return [{"type": "bot_command", "offset": 0, "length": len(match.group(0))}]


# --------------------------------------------------------------------------- users


class FakeUser:
    """A Telegram user who talks to the bot. Every action queues one update and returns it.

    ``chat`` arguments accept a chat id, a :class:`FakeChat` (from :meth:`FakeTelegram.group`)
    or ``None`` / ``"private"`` for the private chat with the bot, whose id is the user's id.
    """

    def __init__(
        self,
        fake: FakeTelegram,
        id: int,
        first_name: str,
        username: str | None = None,
        language_code: str | None = "en",
        last_name: str | None = None,
    ) -> None:
        self.fake = fake
        self.id = id
        self.first_name = first_name
        self.username = username
        self.language_code = language_code
        self.last_name = last_name

    def __repr__(self) -> str:
        return f"FakeUser(id={self.id}, first_name={self.first_name!r})"

    def to_api(self) -> JSON:
        data: JSON = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.last_name is not None:
            data["last_name"] = self.last_name
        if self.username is not None:
            data["username"] = self.username
        if self.language_code is not None:
            data["language_code"] = self.language_code
        return data

    @property
    def chat_id(self) -> int:
        return self.id

    def send(self, chat: UserChat, text: str) -> JSON:
        """The user writes ``text`` in ``chat``; a leading /command gets its entity."""
        return self.fake._user_message(self, chat, text)

    def say(self, text: str) -> JSON:
        """``send`` in the private chat with the bot."""
        return self.send(None, text)

    def command(self, text: str, chat: UserChat = None) -> JSON:
        """A command such as ``/start`` or a deep link ``/start CODE``."""
        if not text.startswith("/"):
            raise ValueError(f"a command starts with '/': {text!r}")
        return self.send(chat, text)

    def press(self, message: MessageRef, callback_data: str) -> JSON:
        """Press a callback button of ``message`` carrying ``callback_data`` (no check that
        such a button exists: use it for stale or forged presses)."""
        return self.fake._press(self, message, callback_data)

    def press_button(
        self,
        chat: UserChat,
        text_or_data: str,
        *,
        message_id: int | None = None,
    ) -> JSON:
        """Press the button labelled (or carrying the callback data) ``text_or_data`` on the
        newest bot message in ``chat`` that has it, or on ``message_id``."""
        chat_id = self.fake._user_chat_id(self, chat)
        message = self.fake._message_with_button(chat_id, text_or_data, message_id)
        button = message.find_button(text_or_data)
        assert button is not None
        if "callback_data" not in button:
            raise ValueError(f"button {button['text']!r} is not a callback button: {button}")
        return self.press(message, button["callback_data"])

    def inline_query(self, query: str, offset: str = "", chat_type: str | None = "sender") -> JSON:
        """The user types ``@nard_test_bot query`` in some chat."""
        return self.fake._inline_query(self, query, offset, chat_type)

    def chosen(self, result_id: str, query: str | None = None) -> JSON:
        """The user picks result ``result_id`` from the bot's answer to their inline query.
        When the result has an inline keyboard, an inline message is created and its
        ``inline_message_id`` is in the update (as with Telegram)."""
        return self.fake._chosen(self, result_id, query)

    def press_inline(self, inline_message_id: str, callback_data: str) -> JSON:
        """Press a callback button of an inline message (the update has no ``message``)."""
        return self.fake._press_inline(self, inline_message_id, callback_data)

    def press_inline_button(self, inline_message_id: str, text_or_data: str) -> JSON:
        message = self.fake.inline_message(inline_message_id)
        button = message.find_button(text_or_data)
        if button is None or "callback_data" not in button:
            raise LookupError(
                f"no callback button {text_or_data!r} on inline message "
                f"{inline_message_id}: {message.buttons}"
            )
        return self.press_inline(inline_message_id, button["callback_data"])

    def block_bot(self) -> JSON:
        """The user blocks the bot: sends to them answer 403 and a my_chat_member update
        (member -> kicked) is queued."""
        fake = self.fake
        fake.block(self.id)
        bot_user = fake.bot_user()
        return fake.enqueue(
            "my_chat_member",
            {
                "chat": fake.chat(self.id).to_api(),
                "from": self.to_api(),
                "date": fake._now(),
                "old_chat_member": {"status": "member", "user": bot_user},
                "new_chat_member": {"status": "kicked", "user": bot_user, "until_date": 0},
            },
        )


# --------------------------------------------------------------------------- the server


class FakeTelegram:
    """The fake Bot API server; start it with ``async with FakeTelegram() as fake``."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        max_poll_timeout: float | None = None,
        clock: Callable[[], float] = time.time,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        """``max_poll_timeout`` caps how long one getUpdates may wait (None: as asked);
        ``clock`` gives message dates, ``monotonic`` the request times."""
        self.token = token
        self.bot_id = int(token.split(":", 1)[0])
        self.host = host
        self.port = port
        self.max_poll_timeout = max_poll_timeout
        self._clock = clock
        self._monotonic = monotonic

        self.requests: list[RecordedRequest] = []
        self.dropped_updates: list[JSON] = []  # filtered out by allowed_updates
        self.bot_settings: dict[str, JSON] = {}  # setMyDescription & co, by method
        self.prepared: dict[str, JSON] = {}  # savePreparedInlineMessage's, by the id given
        # Ephemeral messages in groups, by (chat, receiver, ephemeral id): text and keyboard.
        self.ephemeral: dict[tuple[int, int, int], JSON] = {}
        self._ephemeral_ids = itertools.count(1)
        self.bot_names: dict[str, str] = {}  # setMyName, by language ("": the default)
        self.internal_errors: list[Exception] = []  # the fake's own failures (answered 500)

        self._handlers: dict[str, tuple[str, Handler]] = {}
        self._register_builtin_methods()

        self._chats: dict[int, FakeChat] = {}
        self._users: dict[int, FakeUser] = {}
        self._inline_messages: dict[str, StoredMessage] = {}
        self._files: dict[str, StoredFile] = {}
        self._sent_files: dict[str, SentFile] = {}
        self._commands: dict[tuple[str, str], list[JSON]] = {}
        self._callback_queries: dict[str, _CallbackQuery] = {}
        self._inline_queries: dict[str, _InlineQuery] = {}
        self._failures: list[_Failure] = []
        self._blocked: set[int] = set()
        self._ids = itertools.count(1)  # callback / inline query / file / inline message ids

        self._queue: list[JSON] = []
        self._last_update_id = 0
        self._handed_out_upto = 0  # highest update_id given to the bot
        self._allowed_updates: frozenset[str] = DEFAULT_UPDATE_TYPES
        self._poll_generation = 0  # bumped by each getUpdates: older waiters get 409
        self._release_generation = 0  # bumped by release_pollers()
        self._update_event = asyncio.Event()
        self._request_event = asyncio.Event()
        self._closing = False
        self.webhook: JSON = {}  # the parameters of the last setWebhook ({}: none set)
        self.webhook_error: str | None = None  # the last failed delivery, as Telegram says
        self._runner: web.AppRunner | None = None

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> Self:
        app = web.Application(client_max_size=MAX_UPLOAD)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        # A pending long poll must not hold the shutdown for aiohttp's default 60 s.
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        self._closing = True
        self._notify_updates()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def url(self) -> str:
        """The base URL for ``TelegramAPIServer.from_base`` / ``TELEGRAM_API_URL``."""
        return f"http://{self.host}:{self.port}"

    # ------------------------------------------------------------------ world building

    def bot_user(self) -> JSON:
        return {
            "id": self.bot_id,
            "is_bot": True,
            "first_name": BOT_FIRST_NAME,
            "username": BOT_USERNAME,
        }

    def user(
        self,
        id: int,
        first_name: str,
        username: str | None = None,
        language_code: str | None = "en",
        last_name: str | None = None,
    ) -> FakeUser:
        """A user (created once, then returned again) and their private chat (id == user id)."""
        if id <= 0:
            raise ValueError("user ids are positive")
        if id not in self._users:
            self._users[id] = FakeUser(self, id, first_name, username, language_code, last_name)
            self._chats[id] = FakeChat(
                id, "private", first_name=first_name, last_name=last_name, username=username
            )
        return self._users[id]

    def known_user(self, id: int) -> FakeUser | None:
        """The user made with `user(id, …)`, if any."""
        return self._users.get(id)

    def group(
        self, id: int, title: str, type: Literal["group", "supergroup"] | None = None
    ) -> FakeChat:
        """A group chat (negative id; ids below -10**12 are supergroups unless told)."""
        if id >= 0:
            raise ValueError("group chat ids are negative")
        if id not in self._chats:
            kind = type or ("supergroup" if id <= -1_000_000_000_000 else "group")
            self._chats[id] = FakeChat(id, kind, title=title)
        return self._chats[id]

    def make_admin(self, chat: ChatRef, user_id: int, *, owner: bool = False) -> None:
        """The user is an admin of the group (its owner with `owner`), as getChatMember
        answers."""
        self.chat(chat).admins[user_id] = "creator" if owner else "administrator"

    def chat(self, chat: ChatRef) -> FakeChat:
        chat_id = self._chat_id(chat)
        try:
            return self._chats[chat_id]
        except KeyError:
            raise LookupError(f"no chat {chat_id}") from None

    # ------------------------------------------------------------------ failure injection

    def fail_next(
        self,
        method: str,
        error_code: int = 429,
        description: str | None = None,
        retry_after: int | None = None,
        *,
        times: int = 1,
        when: Callable[[JSON], bool] | None = None,
    ) -> None:
        """Make the next ``times`` calls of ``method`` (whose params satisfy ``when``) fail.

        Without a description: 429 -> "Too Many Requests: retry after N" (N = retry_after,
        default 1, also sent as ``parameters.retry_after``), 400 -> "message is not modified",
        403 -> "bot was blocked by the user", 5xx -> "Internal Server Error".
        """
        if error_code == 429:
            if retry_after is None:
                found = re.search(r"retry after (\d+)", description or "")
                retry_after = int(found.group(1)) if found else 1
            description = description or too_many_requests(retry_after)
        if description is None:
            defaults = {400: NOT_MODIFIED, 403: BLOCKED_BY_USER, 404: METHOD_NOT_FOUND}
            if error_code in defaults:
                description = defaults[error_code]
            elif error_code >= 500:
                description = "Internal Server Error"
            else:
                raise ValueError(f"give a description for error code {error_code}")
        self._failures.append(
            _Failure(self._canonical(method), error_code, description, retry_after, times, when)
        )

    def block(self, chat: ChatRef) -> None:
        """Every call aimed at this chat answers 403 (blocked by the user / kicked)."""
        self._blocked.add(self._chat_id(chat))

    def unblock(self, chat: ChatRef) -> None:
        self._blocked.discard(self._chat_id(chat))

    # ------------------------------------------------------------------ what happened

    def calls(self, method: str) -> list[RecordedRequest]:
        """Every request of ``method`` (any spelling), oldest first, failed ones included."""
        name = self._canonical(method)
        return [r for r in self.requests if r.method == name]

    def messages(
        self,
        chat: ChatRef,
        *,
        include_user: bool = False,
        include_deleted: bool = False,
    ) -> list[StoredMessage]:
        """The bot's messages in ``chat`` (also the users' with ``include_user``), oldest first."""
        return [
            m
            for m in self.chat(chat).messages.values()
            if (include_user or m.from_bot) and (include_deleted or not m.deleted)
        ]

    def message(self, chat: ChatRef, message_id: int) -> StoredMessage:
        try:
            return self.chat(chat).messages[message_id]
        except KeyError:
            raise LookupError(f"no message {message_id} in chat {self._chat_id(chat)}") from None

    def last_message(self, chat: ChatRef) -> StoredMessage:
        """The bot's newest (not deleted) message in ``chat``."""
        messages = self.messages(chat)
        if not messages:
            raise LookupError(f"the bot has no message in chat {self._chat_id(chat)}")
        return messages[-1]

    def buttons(self, chat: ChatRef, message_id: int | None = None) -> list[tuple[str, str | None]]:
        """(text, callback_data) of the inline keyboard of ``message_id`` or of the bot's
        last message in ``chat``."""
        if message_id is None:
            return self.last_message(chat).buttons
        return self.message(chat, message_id).buttons

    def photo(self, chat: ChatRef, message_id: int | None = None) -> bytes:
        """The latest picture of a message (default: the bot's last message)."""
        message = self.last_message(chat) if message_id is None else self.message(chat, message_id)
        if message.photo is None:
            raise LookupError(f"message {message.message_id} has no uploaded photo")
        return message.photo

    def inline_message(self, inline_message_id: str) -> StoredMessage:
        try:
            return self._inline_messages[inline_message_id]
        except KeyError:
            raise LookupError(f"no inline message {inline_message_id!r}") from None

    def callback_answer(self, query: JSON | str) -> JSON | None:
        """The answerCallbackQuery params for a press (the update from ``press`` or its
        callback query id), or None while unanswered."""
        query_id = query if isinstance(query, str) else query["callback_query"]["id"]
        return self._callback_queries[query_id].answer

    def inline_results(self, query: JSON | str) -> list[JSON] | None:
        """The results the bot gave to an inline query (update or id); None if unanswered."""
        query_id = query if isinstance(query, str) else query["inline_query"]["id"]
        return self._inline_queries[query_id].results

    def commands(self, scope: JSON | None = None, language_code: str = "") -> list[JSON]:
        """Commands the bot set for ``scope`` (default scope) and language."""
        return copy.deepcopy(self._commands.get((self._scope_key(scope), language_code), []))

    def requests_per_window(
        self,
        chat: ChatRef,
        seconds: float,
        methods: Iterable[str] | None = None,
    ) -> int:
        """The most requests aimed at ``chat`` (of ``methods``; default: all) that fell in
        any window of ``seconds``. Failed attempts count: Telegram counts them too."""
        chat_id = self._chat_id(chat)
        names = None if methods is None else {self._canonical(m) for m in methods}
        times = [
            r.time
            for r in self.requests
            if r.params.get("chat_id") == chat_id and (names is None or r.method in names)
        ]
        best, start = 0, 0
        for end, moment in enumerate(times):  # requests are recorded in time order
            while moment - times[start] >= seconds:
                start += 1
            best = max(best, end - start + 1)
        return best

    def edits_per_window(self, chat: ChatRef, seconds: float) -> int:
        """The most message edits in ``chat`` within any window of ``seconds``."""
        return self.requests_per_window(chat, seconds, EDIT_METHODS)

    def transcript(self, chat: ChatRef) -> str:
        """The chat as readable lines, for assertion messages."""
        lines = []
        for m in self.messages(chat, include_user=True, include_deleted=True):
            who = "bot" if m.from_bot else m.sender.get("first_name", "?")
            kind = "[photo] " if m.photo_file else ""
            flags = (" (deleted)" if m.deleted else "") + (
                f" (edited {len(m.edits)}x)" if m.edits else ""
            )
            buttons = f" {[text for text, _ in m.buttons]}" if m.buttons else ""
            body = f"{kind}{m.content or ''}".strip()
            lines.append(f"#{m.message_id} {who}: {body}{buttons}{flags}")
        return "\n".join(lines)

    def mark(self) -> int:
        """A position in ``requests``, for ``wait_for(after=...)``."""
        return len(self.requests)

    async def wait_for(
        self,
        method: str,
        predicate: Callable[[RecordedRequest], bool] | None = None,
        *,
        after: int = 0,
        timeout: float = 5.0,
    ) -> RecordedRequest:
        """The first answered request of ``method`` at index ``after`` or later that satisfies
        ``predicate``; waits for it up to ``timeout`` seconds (then TimeoutError)."""
        name = self._canonical(method)
        loop = asyncio.get_running_loop()
        timeout = patient(timeout)  # a hang detector (testkit/waiting.py)
        deadline = loop.time() + timeout
        while True:
            for record in self.requests[after:]:
                if record.done and record.method == name and (
                    predicate is None or predicate(record)
                ):
                    return record
            event = self._request_event
            try:
                await asyncio.wait_for(event.wait(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                seen = [r.method for r in self.requests[after:]]
                raise TimeoutError(
                    f"no {name} request within {timeout} s; requests seen: {seen}"
                ) from None

    # ------------------------------------------------------------------ updates

    def enqueue(self, kind: str, payload: JSON) -> JSON:
        """Queue an update ``{"update_id": n, kind: payload}``; returns a copy of it."""
        self._last_update_id += 1
        update = {"update_id": self._last_update_id, kind: payload}
        self._queue.append(update)
        self._notify_updates()
        return copy.deepcopy(update)

    @property
    def pending_updates(self) -> list[JSON]:
        """Queued updates not yet handed to the bot."""
        return [copy.deepcopy(u) for u in self._queue if u["update_id"] > self._handed_out_upto]

    def pop_update(self) -> JSON:
        """Take the oldest queued update (for in-process tests that feed the Dispatcher)."""
        if not self._queue:
            raise LookupError("no queued update")
        update = self._queue.pop(0)
        self._handed_out_upto = max(self._handed_out_upto, update["update_id"])
        return update

    def pop_updates(self) -> list[JSON]:
        updates = []
        while self._queue:
            updates.append(self.pop_update())
        return updates

    async def feed(self, dispatcher: Dispatcher, bot: Bot) -> int:
        """Feed every queued update to ``dispatcher`` in order; returns how many."""
        from aiogram.types import Update

        fed = 0
        while self._queue:
            data = self.pop_update()
            await dispatcher.feed_update(bot, Update.model_validate(data, context={"bot": bot}))
            fed += 1
        return fed

    async def wait_delivered(self, timeout: float = 5.0) -> None:
        """Wait until the bot has received (getUpdates) every queued update."""
        loop = asyncio.get_running_loop()
        timeout = patient(timeout)  # a hang detector (testkit/waiting.py)
        deadline = loop.time() + timeout
        while self._queue and self._queue[-1]["update_id"] > self._handed_out_upto:
            event = self._request_event
            try:
                await asyncio.wait_for(event.wait(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                raise TimeoutError(
                    f"updates not delivered within {timeout} s: {self.pending_updates}"
                ) from None

    async def deliver_webhook(self, url: str | None = None,
                              secret: str | None = None, *,
                              ssl: SSLContext | bool = True) -> list[int]:
        """Post the queued updates, oldest first, to the webhook (or to ``url`` with
        ``secret``) as Telegram does: JSON, the secret token in its header. An update
        answered 2xx is delivered; on any other answer it stays queued (Telegram would try
        again later), the error is kept for getWebhookInfo and delivery stops there.
        ``ssl``: how an https:// webhook's certificate is checked (aiohttp's ``ssl``: a
        context trusting a self-signed certificate, say). Returns the HTTP statuses."""
        import aiohttp

        if url is None:
            if not self.webhook:
                raise LookupError("no webhook is set")
            url, secret = self.webhook["url"], self.webhook.get("secret_token")
        headers = {SECRET_HEADER: secret} if secret is not None else {}
        statuses = []
        async with aiohttp.ClientSession() as session:
            while self._take_updates(1):
                update = self._queue[0]
                async with session.post(url, json=update, headers=headers,
                                        ssl=ssl) as response:
                    statuses.append(response.status)
                if not 200 <= response.status < 300:
                    self.webhook_error = (f"Wrong response from the webhook: "
                                          f"{response.status} {response.reason}")
                    break
                self._queue.pop(0)
                self._notify_requests()
        return statuses

    def release_pollers(self) -> None:
        """Make the pending getUpdates calls return an empty result now."""
        self._release_generation += 1
        self._notify_updates()

    # ------------------------------------------------------------------ extension

    def register(self, method: str, handler: Handler) -> None:
        """Serve (or replace) ``method``: ``handler(params, files)`` returns the result
        (or an awaitable of it) or raises :class:`ApiError`."""
        self._handlers[method.lower()] = (method, handler)

    # ------------------------------------------------------------------ internals

    def _now(self) -> int:
        return int(self._clock())

    def _next_id(self) -> int:
        return next(self._ids)

    # Each waiter takes the current event and awaits it; a notification sets that event
    # and installs a fresh one. A set event stays set, so no wake-up is ever lost, even when
    # it comes before the waiting task has started.
    def _notify_updates(self) -> None:
        event, self._update_event = self._update_event, asyncio.Event()
        event.set()

    def _notify_requests(self) -> None:
        event, self._request_event = self._request_event, asyncio.Event()
        event.set()

    def _canonical(self, method: str) -> str:
        entry = self._handlers.get(method.lower())
        return entry[0] if entry else method

    def _chat_id(self, chat: ChatRef) -> int:
        if isinstance(chat, FakeChat | FakeUser):
            return chat.id
        if isinstance(chat, StoredMessage):
            if chat.chat_id is None:
                raise ValueError("an inline message has no chat")
            return chat.chat_id
        return int(chat)

    @staticmethod
    def _scope_key(scope: JSON | None) -> str:
        return json.dumps(scope or {"type": "default"}, sort_keys=True)

    # --- user actions

    def _user_chat_id(self, user: FakeUser, chat: UserChat) -> int:
        if chat is None or chat == "private":
            return user.id
        return self._chat_id(chat)

    def _user_message(self, user: FakeUser, chat: UserChat, text: str) -> JSON:
        stored = self._store_message(
            self.chat(self._user_chat_id(user, chat)),
            user.to_api(),
            text=text,
            entities=_command_entities(text),
        )
        return self.enqueue("message", stored.to_api())

    def _new_callback_query(self, user: FakeUser, **fields: Any) -> JSON:
        query_id = str(4_000_000_000 + self._next_id())
        payload = {"id": query_id, "from": user.to_api(), **fields}
        update = self.enqueue("callback_query", payload)
        self._callback_queries[query_id] = _CallbackQuery(update)
        return update

    def _press(self, user: FakeUser, message: MessageRef, callback_data: str) -> JSON:
        if isinstance(message, StoredMessage):
            stored = message
        elif isinstance(message, dict):
            stored = self.message(message["chat"]["id"], message["message_id"])
        else:  # an aiogram Message
            stored = self.message(message.chat.id, message.message_id)
        if stored.deleted:
            raise ValueError(f"message {stored.message_id} was deleted: nothing to press")
        chat = self.chat(stored)
        return self._new_callback_query(
            user,
            message=stored.to_api(),  # the message as it is now, keyboard included
            chat_instance=chat.chat_instance,
            data=callback_data,
        )

    def _press_inline(self, user: FakeUser, inline_message_id: str, callback_data: str) -> JSON:
        self.inline_message(inline_message_id)  # must exist
        return self._new_callback_query(
            user,
            inline_message_id=inline_message_id,
            chat_instance=f"-{abs(hash(inline_message_id)) % 2**63}",
            data=callback_data,
        )

    def _message_with_button(
        self, chat_id: int, text_or_data: str, message_id: int | None
    ) -> StoredMessage:
        candidates = (
            [self.message(chat_id, message_id)]
            if message_id is not None
            else list(reversed(self.messages(chat_id)))
        )
        for message in candidates:
            if message.find_button(text_or_data) is not None:
                return message
        available = {m.message_id: m.buttons for m in candidates if m.buttons}
        raise LookupError(f"no button {text_or_data!r} in chat {chat_id}; buttons: {available}")

    def _inline_query(
        self, user: FakeUser, query: str, offset: str, chat_type: str | None
    ) -> JSON:
        query_id = str(5_000_000_000 + self._next_id())
        payload: JSON = {"id": query_id, "from": user.to_api(), "query": query, "offset": offset}
        if chat_type is not None:
            payload["chat_type"] = chat_type
        update = self.enqueue("inline_query", payload)
        self._inline_queries[query_id] = _InlineQuery(update, user.id, query)
        return update

    def _offered_result(
        self, user: FakeUser, result_id: str, query: str | None
    ) -> tuple[str, JSON]:
        """(query, result) of the newest answer to ``user`` that offered ``result_id``."""
        for record in reversed(self._inline_queries.values()):
            if record.user_id != user.id or not record.results:
                continue
            if query is not None and record.query != query:
                continue
            for result in record.results:
                if str(result.get("id")) == result_id:
                    return record.query, result
        raise LookupError(f"{user} was offered no inline result {result_id!r}")

    def _chosen(self, user: FakeUser, result_id: str, query: str | None) -> JSON:
        query_text, result = self._offered_result(user, result_id, query)
        payload: JSON = {"result_id": result_id, "from": user.to_api(), "query": query_text}
        markup = result.get("reply_markup")
        if markup and markup.get("inline_keyboard"):
            # Telegram tracks the sent message only when it has an inline keyboard.
            inline_id = f"AAAAA{self._next_id():07d}"
            content = result.get("input_message_content") or {}
            raw = content.get("message_text")
            if raw is None:
                raw, parse_mode = result.get("caption"), result.get("parse_mode")
            else:
                parse_mode = content.get("parse_mode")
            message = StoredMessage(
                message_id=0,
                date=self._now(),
                chat=None,
                sender=user.to_api(),
                reply_markup=markup,
                source=(raw, parse_mode),
                inline_message_id=inline_id,
            )
            rendered = render_text(raw, parse_mode) if raw is not None else None
            if "message_text" in content:
                message.text = rendered
            else:
                message.caption = rendered
            self._inline_messages[inline_id] = message
            payload["inline_message_id"] = inline_id
        return self.enqueue("chosen_inline_result", payload)

    # --- message store

    def _store_message(self, chat: FakeChat, sender: JSON, **fields: Any) -> StoredMessage:
        chat.last_message_id += 1
        message = StoredMessage(
            message_id=chat.last_message_id, date=self._now(), chat=chat.to_api(), sender=sender,
            **fields,
        )
        chat.messages[message.message_id] = message
        return message

    def _resolve_chat(self, params: JSON) -> FakeChat:
        chat_id = params.get("chat_id")
        if chat_id in (None, ""):
            raise ApiError(400, CHAT_ID_EMPTY)
        if isinstance(chat_id, str):
            found = [c for c in self._chats.values() if c.username and f"@{c.username}" == chat_id]
            if found and found[0].type != "private":
                return found[0]
            raise ApiError(400, CHAT_NOT_FOUND)
        chat = self._chats.get(chat_id)
        if chat is None:
            raise ApiError(400, CHAT_NOT_FOUND)
        return chat

    def _edit_target(self, params: JSON) -> StoredMessage:
        inline_id = params.get("inline_message_id")
        if inline_id:
            message = self._inline_messages.get(inline_id)
            if message is None:
                raise ApiError(400, MESSAGE_ID_INVALID)
            return message
        chat = self._resolve_chat(params)
        message = chat.messages.get(params.get("message_id") or 0)
        if message is None or message.deleted:
            raise ApiError(400, MESSAGE_TO_EDIT_NOT_FOUND)
        if not message.from_bot:
            raise ApiError(400, MESSAGE_CANT_BE_EDITED)
        return message

    def _resolve_file(self, value: Any, files: dict[str, bytes], field_name: str) -> StoredFile:
        """A photo given as an upload (``attach://name`` or a file part), a file_id or a URL."""
        if isinstance(value, str) and value.startswith("attach://"):
            name = value.removeprefix("attach://")
            if name not in files:
                raise ApiError(400, WRONG_FILE)
            return self._new_file(files[name])
        if value is None and field_name in files:
            return self._new_file(files[field_name])
        if isinstance(value, str) and value in self._files:
            return self._files[value]
        if isinstance(value, str) and re.match(r"https?://", value):
            return self._new_file(None)
        raise ApiError(400, WRONG_FILE)

    def _new_file(self, data: bytes | None) -> StoredFile:
        width, height = _image_size(data) if data is not None else (640, 480)
        number = self._next_id()
        stored = StoredFile(f"AgACAgIAAx-photo-{number}", f"AQAD{number}", data, width, height)
        self._files[stored.file_id] = stored
        return stored

    def _text_param(self, params: JSON, key: str, limit: int) -> tuple[str | None, str | None]:
        """(plain text, raw text) of a text/caption parameter, checked against ``limit``."""
        raw = params.get(key)
        if raw is None:
            return None, None
        plain = render_text(str(raw), params.get("parse_mode"))
        if len(plain) > limit:
            raise ApiError(400, TEXT_TOO_LONG if key == "text" else CAPTION_TOO_LONG)
        return plain, str(raw)

    def _record_edit(self, message: StoredMessage, method: str) -> None:
        message.edit_date = self._now()
        message.edits.append(
            Edit(
                self._monotonic(),
                method,
                message.text,
                message.caption,
                message.photo,
                copy.deepcopy(message.reply_markup),
            )
        )

    @staticmethod
    def _edit_result(message: StoredMessage) -> JSON | bool:
        return True if message.inline_message_id else message.to_api()

    # --- HTTP

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        name = request.match_info["method"]
        record = RecordedRequest(self._monotonic(), self._canonical(name), {}, {}, token)
        self.requests.append(record)
        status, body = 200, {}
        try:
            try:
                record.params, record.files = await self._read_params(request)
            except ConnectionResetError:  # the client died while sending it (a SIGKILL)
                raise ApiError(400, CLIENT_GONE) from None
            if token != self.token:
                raise ApiError(401, UNAUTHORIZED)
            entry = self._handlers.get(name.lower())
            if entry is None:
                raise ApiError(404, METHOD_NOT_FOUND)
            self._raise_injected(record)
            self._raise_blocked(record.params)
            result = entry[1](record.params, record.files)
            if inspect.isawaitable(result):
                result = await result
            record.result = result
            body = {"ok": True, "result": result}
        except ApiError as error:
            record.error_code, record.description = error.error_code, error.description
            status, body = error.error_code, error.payload()
        except Exception as error:  # a bug in the fake or in a registered handler
            self.internal_errors.append(error)
            description = f"Internal Server Error: the fake failed: {error!r}"
            record.error_code, record.description = 500, description
            status, body = 500, ApiError(500, description).payload()
        finally:
            record.done = True
            self._notify_requests()
        return web.json_response(body, status=status)

    @staticmethod
    async def _read_params(request: web.Request) -> tuple[JSON, dict[str, bytes]]:
        fields: list[tuple[str, str]] = list(request.query.items())
        files: dict[str, bytes] = {}
        if request.can_read_body:
            if request.content_type == "application/json":
                try:
                    body = await request.json()
                except ValueError:
                    raise ApiError(400, "Bad Request: can't parse JSON body") from None
                params = _decode_params(fields)
                params.update(body)
                return params, files
            form = await request.post()
            for key, value in form.items():
                if isinstance(value, web.FileField):
                    files[key] = Upload(value.file.read(), value.filename or None)
                else:
                    fields.append((key, str(value)))
        return _decode_params(fields), files

    def _raise_injected(self, record: RecordedRequest) -> None:
        for failure in self._failures:
            if failure.method != record.method:
                continue
            if failure.when is not None and not failure.when(record.params):
                continue
            failure.times -= 1
            if failure.times <= 0:
                self._failures.remove(failure)
            raise ApiError(failure.error_code, failure.description, retry_after=failure.retry_after)

    def _raise_blocked(self, params: JSON) -> None:
        chat_id = params.get("chat_id")
        if isinstance(chat_id, int) and chat_id in self._blocked:
            raise ApiError(403, BLOCKED_BY_USER if chat_id > 0 else KICKED_FROM_GROUP)

    # --- Bot API methods

    def _register_builtin_methods(self) -> None:
        methods: dict[str, Handler] = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "logOut": lambda params, files: True,
            "close": lambda params, files: True,
            "setMyCommands": self._set_my_commands,
            "getMyCommands": self._get_my_commands,
            "deleteMyCommands": self._delete_my_commands,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "sendAnimation": lambda params, files: self._send_file("animation", params, files),
            "sendDocument": lambda params, files: self._send_file("document", params, files),
            "editMessageText": self._edit_message_text,
            "editMessageCaption": self._edit_message_caption,
            "editMessageMedia": self._edit_message_media,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "deleteMessage": self._delete_message,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "sendChatAction": self._send_chat_action,
            "getChatMember": self._get_chat_member,
        }
        methods["setMyName"] = self._set_my_name
        methods["savePreparedInlineMessage"] = self._save_prepared_inline_message
        methods["editEphemeralMessageText"] = self._edit_ephemeral_text
        methods["editEphemeralMessageReplyMarkup"] = self._edit_ephemeral_markup
        methods["deleteEphemeralMessage"] = self._delete_ephemeral
        methods["getMyName"] = self._get_my_name
        for name in (
            "setMyDescription", "setMyShortDescription", "setChatMenuButton",
            "setMyDefaultAdministratorRights",
        ):
            methods[name] = self._remember_setting(name)
        for name, handler in methods.items():
            self.register(name, handler)

    def _remember_setting(self, name: str) -> Handler:
        def handler(params: JSON, files: dict[str, bytes]) -> bool:
            self.bot_settings[name] = params
            return True

        return handler

    def _set_my_name(self, params: JSON, files: dict[str, bytes]) -> bool:
        """The bot's name for a language ("" for everyone without one of their own); an
        empty name removes it."""
        name = str(params.get("name") or "")
        if len(name) > MAX_NAME:
            raise ApiError(400, "Bad Request: bot name is too long")
        language = str(params.get("language_code") or "")
        if name:
            self.bot_names[language] = name
        else:
            self.bot_names.pop(language, None)
        self.bot_settings["setMyName"] = params
        return True

    def _get_my_name(self, params: JSON, files: dict[str, bytes]) -> JSON:
        """The name users of that language see: theirs, else the default one, else the name
        the bot was created with."""
        language = str(params.get("language_code") or "")
        return {"name": self.bot_names.get(language, self.bot_names.get("", BOT_FIRST_NAME))}

    def _get_me(self, params: JSON, files: dict[str, bytes]) -> JSON:
        return {
            **self.bot_user(),
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": True,
        }

    async def _get_updates(self, params: JSON, files: dict[str, bytes]) -> list[JSON]:
        offset = params.get("offset")
        limit = min(max(int(params.get("limit") or 100), 1), 100)
        timeout = max(float(params.get("timeout") or 0), 0.0)
        if self.max_poll_timeout is not None:
            timeout = min(timeout, self.max_poll_timeout)
        if (allowed := params.get("allowed_updates")) is not None:
            self._allowed_updates = frozenset(allowed) or DEFAULT_UPDATE_TYPES
        if isinstance(offset, int):
            if offset < 0:  # keep only the last -offset updates
                self._queue = self._queue[offset:]
            else:  # confirm everything below offset
                self._queue = [u for u in self._queue if u["update_id"] >= offset]

        if self.webhook:
            raise ApiError(409, WEBHOOK_ACTIVE)
        # Only one poller at a time, as with Telegram: this call terminates an older one.
        self._poll_generation += 1
        generation, released = self._poll_generation, self._release_generation
        self._notify_updates()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            if self._poll_generation != generation:
                raise ApiError(409, CONFLICT)
            batch = self._take_updates(limit)
            if batch or self._closing or self._release_generation != released:
                return batch
            remaining = deadline - loop.time()
            if remaining <= 0:
                return []
            event = self._update_event
            try:
                await asyncio.wait_for(event.wait(), remaining)
            except TimeoutError:
                return []

    def _take_updates(self, limit: int) -> list[JSON]:
        kept = []
        for update in self._queue:
            if _update_kind(update) in self._allowed_updates:
                kept.append(update)
            else:  # Telegram never stores updates the bot did not ask for
                self.dropped_updates.append(update)
        self._queue = kept
        batch = copy.deepcopy(kept[:limit])
        if batch:
            self._handed_out_upto = max(self._handed_out_upto, batch[-1]["update_id"])
        return batch

    def _set_webhook(self, params: JSON, files: dict[str, bytes]) -> bool:
        # Like a local Bot API server: plain http and any port are accepted.
        url = str(params.get("url") or "")
        if not url:
            return self._delete_webhook(params, files)
        if not re.fullmatch(r"https?://[^/\s]+(/\S*)?", url):
            raise ApiError(400, "Bad Request: bad webhook: invalid webhook URL specified")
        secret = params.get("secret_token")
        if secret is not None and not re.fullmatch(r"[A-Za-z0-9_-]{1,256}", str(secret)):
            raise ApiError(400, "Bad Request: secret token contains unallowed characters")
        if params.get("drop_pending_updates"):
            self._queue.clear()
        if (allowed := params.get("allowed_updates")) is not None:
            self._allowed_updates = frozenset(allowed) or DEFAULT_UPDATE_TYPES
        self.webhook, self.webhook_error = dict(params), None
        return True

    def _delete_webhook(self, params: JSON, files: dict[str, bytes]) -> bool:
        if params.get("drop_pending_updates"):
            self._queue.clear()
        self.webhook, self.webhook_error = {}, None
        return True

    def _get_webhook_info(self, params: JSON, files: dict[str, bytes]) -> JSON:
        info: JSON = {
            "url": self.webhook.get("url", ""),
            "has_custom_certificate": False,
            "pending_update_count": len(self._queue),
        }
        if self.webhook:
            info["max_connections"] = int(self.webhook.get("max_connections") or 40)
            if self.webhook.get("allowed_updates") is not None:
                info["allowed_updates"] = sorted(self._allowed_updates)
        if self.webhook_error:
            info["last_error_date"] = self._now()
            info["last_error_message"] = self.webhook_error
        return info

    def _set_my_commands(self, params: JSON, files: dict[str, bytes]) -> bool:
        commands = params.get("commands")
        if not isinstance(commands, list):
            raise ApiError(400, "Bad Request: parameter \"commands\" is required")
        for command in commands:
            name = command.get("command", "") if isinstance(command, dict) else ""
            description = command.get("description", "") if isinstance(command, dict) else ""
            if not re.fullmatch(r"[a-z0-9_]{1,32}", name):
                raise ApiError(400, "Bad Request: BOT_COMMAND_INVALID")
            if not 1 <= len(description) <= 256:
                raise ApiError(400, "Bad Request: command description must be non-empty")
        key = (self._scope_key(params.get("scope")), params.get("language_code") or "")
        self._commands[key] = commands
        return True

    def _get_my_commands(self, params: JSON, files: dict[str, bytes]) -> list[JSON]:
        key = (self._scope_key(params.get("scope")), params.get("language_code") or "")
        return self._commands.get(key, [])

    def _delete_my_commands(self, params: JSON, files: dict[str, bytes]) -> bool:
        key = (self._scope_key(params.get("scope")), params.get("language_code") or "")
        self._commands.pop(key, None)
        return True

    def _send_message(self, params: JSON, files: dict[str, bytes]) -> JSON:
        chat = self._resolve_chat(params)
        text, raw = self._text_param(params, "text", MAX_TEXT)
        if not text:
            raise ApiError(400, TEXT_EMPTY)
        markup = _check_markup(params.get("reply_markup"))
        if params.get("ephemeral_message_parameters") is not None:
            return self._send_ephemeral(chat, params, text, markup)
        effect = params.get("message_effect_id")
        if effect is not None and (effect not in MESSAGE_EFFECTS or chat.type != "private"):
            raise ApiError(400, EFFECT_ID_INVALID)
        message = self._store_message(
            chat,
            self.bot_user(),
            text=text,
            reply_markup=markup,
            source=(raw, params.get("parse_mode")),
            effect_id=effect,
        )
        return message.to_api()

    def _send_photo(self, params: JSON, files: dict[str, bytes]) -> JSON:
        chat = self._resolve_chat(params)
        caption, raw = self._text_param(params, "caption", MAX_CAPTION)
        markup = _check_markup(params.get("reply_markup"))
        photo = self._resolve_file(params.get("photo"), files, "photo")
        message = self._store_message(
            chat,
            self.bot_user(),
            caption=caption,
            photo_file=photo,
            reply_markup=markup,
            source=(raw, params.get("parse_mode")),
        )
        return message.to_api()

    def _send_file(self, kind: str, params: JSON, files: dict[str, bytes]) -> JSON:
        """sendAnimation / sendDocument: an upload, or a file_id of the same kind."""
        chat = self._resolve_chat(params)
        caption, raw = self._text_param(params, "caption", MAX_CAPTION)
        markup = _check_markup(params.get("reply_markup"))
        value = params.get(kind)
        if isinstance(value, str) and value.startswith("attach://"):
            value = value.removeprefix("attach://")
        if isinstance(value, str) and value in self._sent_files:
            sent = self._sent_files[value]
            if sent.kind != kind:
                raise ApiError(400, WRONG_FILE)
        else:
            name = value if isinstance(value, str) and value in files else kind
            if name not in files:
                raise ApiError(400, WRONG_FILE)
            number = self._next_id()
            sent = SentFile(kind, f"CgACAgIAAx-{kind}-{number}", f"AgAD{number}",
                            getattr(files[name], "filename", None), bytes(files[name]))
            self._sent_files[sent.file_id] = sent
        message = self._store_message(chat, self.bot_user(), caption=caption, sent_file=sent,
                                      reply_markup=markup,
                                      source=(raw, params.get("parse_mode")))
        return message.to_api()

    def _edit_message_text(self, params: JSON, files: dict[str, bytes]) -> JSON | bool:
        message = self._edit_target(params)
        if message.photo_file is not None or message.text is None:
            raise ApiError(400, NO_TEXT_TO_EDIT)
        text, raw = self._text_param(params, "text", MAX_TEXT)
        if not text:
            raise ApiError(400, TEXT_EMPTY)
        # Like Telegram: an edit without reply_markup removes the inline keyboard.
        markup = _check_markup(params.get("reply_markup"))
        source = (raw, params.get("parse_mode"))
        if source == message.source and markup == message.reply_markup:
            raise ApiError(400, NOT_MODIFIED)
        message.text, message.source, message.reply_markup = text, source, markup
        self._record_edit(message, "editMessageText")
        return self._edit_result(message)

    def _edit_message_caption(self, params: JSON, files: dict[str, bytes]) -> JSON | bool:
        message = self._edit_target(params)
        if message.photo_file is None and message.text is not None:
            raise ApiError(400, NO_CAPTION_TO_EDIT)
        caption, raw = self._text_param(params, "caption", MAX_CAPTION)
        markup = _check_markup(params.get("reply_markup"))
        source = (raw, params.get("parse_mode"))
        if source == message.source and markup == message.reply_markup:
            raise ApiError(400, NOT_MODIFIED)
        message.caption, message.source, message.reply_markup = caption, source, markup
        self._record_edit(message, "editMessageCaption")
        return self._edit_result(message)

    def _edit_message_media(self, params: JSON, files: dict[str, bytes]) -> JSON | bool:
        message = self._edit_target(params)
        media = params.get("media")
        if not isinstance(media, dict) or "media" not in media:
            raise ApiError(400, "Bad Request: can't parse InputMedia: media not found")
        if media.get("type") != "photo":
            raise ApiError(400, f"Bad Request: the fake serves photo media only, not {media}")
        if message.inline_message_id and str(media["media"]).startswith("attach://"):
            raise ApiError(400, "Bad Request: can't upload a new file to an inline message")
        caption, raw = self._text_param(media, "caption", MAX_CAPTION)
        markup = _check_markup(params.get("reply_markup"))
        # The fake cannot compare pictures: a media edit always counts as a change
        # (inject "not modified" with fail_next("editMessageMedia", 400) when needed).
        message.photo_file = self._resolve_file(media["media"], files, "media")
        message.text = None
        message.caption, message.source, message.reply_markup = (
            caption,
            (raw, media.get("parse_mode")),
            markup,
        )
        self._record_edit(message, "editMessageMedia")
        return self._edit_result(message)

    def _edit_message_reply_markup(self, params: JSON, files: dict[str, bytes]) -> JSON | bool:
        message = self._edit_target(params)
        markup = _check_markup(params.get("reply_markup"))
        if markup == message.reply_markup:
            raise ApiError(400, NOT_MODIFIED)
        message.reply_markup = markup
        self._record_edit(message, "editMessageReplyMarkup")
        return self._edit_result(message)

    def _delete_message(self, params: JSON, files: dict[str, bytes]) -> bool:
        chat = self._resolve_chat(params)
        message = chat.messages.get(params.get("message_id") or 0)
        if message is None or message.deleted:
            raise ApiError(400, MESSAGE_TO_DELETE_NOT_FOUND)
        message.deleted = True
        return True

    def _answer_callback_query(self, params: JSON, files: dict[str, bytes]) -> bool:
        record = self._callback_queries.get(str(params.get("callback_query_id")))
        if record is None or record.answer is not None:  # unknown or answered already
            raise ApiError(400, QUERY_ID_INVALID)
        if len(params.get("text") or "") > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        record.answer = params
        return True

    def _answer_inline_query(self, params: JSON, files: dict[str, bytes]) -> bool:
        record = self._inline_queries.get(str(params.get("inline_query_id")))
        if record is None or record.answer is not None:
            raise ApiError(400, QUERY_ID_INVALID)
        results = params.get("results")
        if not isinstance(results, list):
            raise ApiError(400, 'Bad Request: parameter "results" is required')
        ids = [str(r.get("id", "")) for r in results if isinstance(r, dict)]
        if len(ids) != len(results) or any(not rid for rid in ids) or len(set(ids)) != len(ids):
            raise ApiError(400, "Bad Request: RESULT_ID_DUPLICATE or result without id")
        for result in results:
            _check_markup(result.get("reply_markup"))
        record.answer, record.results = params, results
        return True

    def _get_chat_member(self, params: JSON, files: dict[str, bytes]) -> JSON:
        """The user's standing in the chat: an admin's (`make_admin`), else a member's."""
        chat = self._resolve_chat(params)
        user_id = int(params.get("user_id") or 0)
        user = self._users.get(user_id)
        if user is None:
            raise ApiError(400, "Bad Request: PARTICIPANT_ID_INVALID")
        status = chat.admins.get(user_id, "member")
        member: JSON = {"status": status, "user": user.to_api()}
        if status == "creator":
            member["is_anonymous"] = False
        elif status == "administrator":
            member.update({right: False for right in ADMIN_RIGHTS})
            member.update(can_be_edited=False, is_anonymous=False, can_manage_chat=True)
        return member

    # --- ephemeral messages (a group member alone sees them; message_id 0)

    def _send_ephemeral(self, chat: FakeChat, params: JSON, text: str,
                        markup: JSON | None) -> JSON:
        if chat.type not in ("group", "supergroup"):
            raise ApiError(400, "Bad Request: ephemeral messages are for groups only")
        receiver = params["ephemeral_message_parameters"].get("receiver_user_id")
        if not isinstance(receiver, int) or receiver not in self._users:
            raise ApiError(400, "Bad Request: USER_ID_INVALID")
        ephemeral_id = next(self._ephemeral_ids)
        self.ephemeral[(chat.id, receiver, ephemeral_id)] = {"text": text,
                                                             "reply_markup": markup}
        return {"message_id": 0, "date": self._now(), "chat": chat.to_api(),
                "from": self.bot_user(), "text": text, "ephemeral_message_id": ephemeral_id,
                "receiver_user": self._users[receiver].to_api(),
                **({"reply_markup": markup} if markup else {})}

    def _ephemeral_of(self, params: JSON) -> JSON:
        key = (params.get("chat_id"), params.get("receiver_user_id"),
               params.get("ephemeral_message_id"))
        if key not in self.ephemeral:
            raise ApiError(400, MESSAGE_TO_EDIT_NOT_FOUND)
        return self.ephemeral[key]

    def _edit_ephemeral_text(self, params: JSON, files: dict[str, bytes]) -> bool:
        stored = self._ephemeral_of(params)
        markup = _check_markup(params.get("reply_markup"))
        if stored["text"] == params.get("text") and stored["reply_markup"] == markup:
            raise ApiError(400, NOT_MODIFIED)
        stored.update(text=params.get("text"), reply_markup=markup)
        return True

    def _edit_ephemeral_markup(self, params: JSON, files: dict[str, bytes]) -> bool:
        stored = self._ephemeral_of(params)
        stored["reply_markup"] = _check_markup(params.get("reply_markup"))
        return True

    def _delete_ephemeral(self, params: JSON, files: dict[str, bytes]) -> bool:
        self._ephemeral_of(params)
        del self.ephemeral[(params["chat_id"], params["receiver_user_id"],
                            params["ephemeral_message_id"])]
        return True

    def press_ephemeral(self, user: FakeUser, chat: ChatRef, callback_data: str) -> JSON:
        """`user` presses a button of the ephemeral message they alone see in `chat`."""
        chat_id = self._chat_id(chat)
        [key] = [k for k in self.ephemeral if k[0] == chat_id and k[1] == user.id]
        stored = self.ephemeral[key]
        message = {"message_id": 0, "date": self._now(), "chat": self.chat(chat_id).to_api(),
                   "from": self.bot_user(), "text": stored["text"],
                   "ephemeral_message_id": key[2], "receiver_user": user.to_api()}
        return self._new_callback_query(user, message=message,
                                        chat_instance=self.chat(chat_id).chat_instance,
                                        data=callback_data)

    def ephemeral_buttons(self, chat: ChatRef, user: FakeUser) -> list[tuple[str, str | None]]:
        """The buttons of the ephemeral message `user` sees in `chat` ([] when none)."""
        chat_id = self._chat_id(chat)
        found = [v for k, v in self.ephemeral.items() if k[0] == chat_id and k[1] == user.id]
        if not found:
            return []
        rows = (found[0]["reply_markup"] or {}).get("inline_keyboard", [])
        return [(b["text"], b.get("callback_data")) for row in rows for b in row]

    def _save_prepared_inline_message(self, params: JSON, files: dict[str, bytes]) -> JSON:
        """A message a Mini App's user may send to a chat they choose (`shareMessage`): a
        known user, one inline result, at least one kind of chat allowed; kept an hour."""
        user_id = params.get("user_id")
        if not isinstance(user_id, int) or user_id not in self._users:
            raise ApiError(400, "Bad Request: USER_ID_INVALID")
        result = params.get("result")
        if not isinstance(result, dict) or not result.get("id") or not result.get("type"):
            raise ApiError(400, 'Bad Request: parameter "result" is required')
        _check_markup(result.get("reply_markup"))
        kinds = ("allow_user_chats", "allow_bot_chats", "allow_group_chats",
                 "allow_channel_chats")
        if not any(params.get(kind) for kind in kinds):
            raise ApiError(400, "Bad Request: no chat types allowed")
        prepared_id = f"prepared-{self._next_id()}"
        self.prepared[prepared_id] = params
        return {"id": prepared_id, "expiration_date": self._now() + 3600}

    def _send_chat_action(self, params: JSON, files: dict[str, bytes]) -> bool:
        self._resolve_chat(params)
        if params.get("action") not in CHAT_ACTIONS:
            raise ApiError(400, "Bad Request: wrong parameter action in request")
        return True

