"""An in-process stand-in for the Bot API, for `python -m bot --local`.

It is an aiogram session: every Bot API call the bot makes is answered here, in the same
process, as Telegram would answer it (the same result objects, the same errors for a
missing message or an unchanged edit), and what the bot sends is kept per chat so the local
page can show it. What a local user does (a command, a press of an inline button) becomes
an update fed to the same Dispatcher. Nothing goes to the network.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import AsyncGenerator, Callable
from dataclasses import dataclass, field
from typing import Any

from aiogram import Bot
from aiogram.client.session.base import BaseSession
from aiogram.methods import TelegramMethod
from aiogram.methods.base import TelegramType
from aiogram.types import InputFile

BOT_ID = 1
BOT_USERNAME = "nard_local_bot"
KEPT_MESSAGES = 200  # per chat: the page shows the latest


@dataclass
class LocalMessage:
    """One message the bot sent (and edits since): what the local chat pane shows."""

    id: int
    chat_id: int
    date: int
    text: str | None = None
    photo: str | None = None  # a file id: GET …/files/<id>
    kind: str = "text"  # text, photo, animation, document
    file_name: str | None = None
    keyboard: list[list[dict[str, Any]]] = field(default_factory=list)
    parse_mode: str | None = None
    edits: int = 0

    def to_api(self) -> dict[str, Any]:
        """The message as the Bot API returns it."""
        message: dict[str, Any] = {
            "message_id": self.id, "date": self.date,
            "chat": {"id": self.chat_id, "type": "private"},
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Nard",
                     "username": BOT_USERNAME}}
        if self.kind == "photo" and self.photo:
            message["photo"] = [{"file_id": self.photo, "file_unique_id": self.photo,
                                 "width": 800, "height": 600}]
            if self.text is not None:
                message["caption"] = self.text
        elif self.kind in ("animation", "document") and self.photo:
            message[self.kind] = {"file_id": self.photo, "file_unique_id": self.photo,
                                  "file_name": self.file_name or self.photo}
            if self.kind == "animation":
                message[self.kind] |= {"width": 800, "height": 600, "duration": 1}
            if self.text is not None:
                message["caption"] = self.text
        else:
            message["text"] = self.text or ""
        if self.keyboard:
            message["reply_markup"] = {"inline_keyboard": self.keyboard}
        return message

    def to_page(self) -> dict[str, Any]:
        """The message as the local page shows it."""
        return {"id": self.id, "kind": self.kind, "text": self.text, "file": self.photo,
                "file_name": self.file_name, "html": self.parse_mode == "HTML",
                "buttons": [[{key: button.get(key) for key in ("text", "callback_data",
                                                               "url", "web_app")
                              if button.get(key) is not None} for button in row]
                            for row in self.keyboard]}


class ApiError(Exception):
    def __init__(self, code: int, description: str) -> None:
        super().__init__(description)
        self.code, self.description = code, description


class LocalTelegram(BaseSession):
    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        super().__init__()
        self.clock = clock
        self.chats: dict[int, list[LocalMessage]] = {}
        self.files: dict[str, bytes] = {}
        self.toasts: dict[int, list[str]] = {}  # callback answers, per user
        self.changed = asyncio.Condition()
        self.version = 0  # grows with every change the page may want to show
        self._ids = itertools.count(1)
        self._file_ids = itertools.count(1)

    async def close(self) -> None:
        return None

    async def stream_content(self, url: str, headers: dict[str, Any] | None = None,
                             timeout: int = 30, chunk_size: int = 65536,
                             raise_for_status: bool = True) -> AsyncGenerator[bytes, None]:
        raise ApiError(400, "Bad Request: downloads are not available locally")
        yield b""  # pragma: no cover - an async generator

    async def make_request(self, bot: Bot, method: TelegramMethod[TelegramType],
                           timeout: int | None = None) -> TelegramType:
        name = method.__api_method__
        try:
            result = await self._handle(name, method)
            content = json.dumps({"ok": True, "result": result})
            status = 200
        except ApiError as exc:
            content = json.dumps({"ok": False, "error_code": exc.code,
                                  "description": exc.description})
            status = exc.code
        response = self.check_response(bot, method, status, content)
        return response.result  # type: ignore[return-value]

    # -- what the bot asks -----------------------------------------------------------------

    async def _handle(self, name: str, method: Any) -> Any:
        if name == "getMe":
            return {"id": BOT_ID, "is_bot": True, "first_name": "Nard",
                    "username": BOT_USERNAME, "can_join_groups": True,
                    "supports_inline_queries": True}
        if name == "getMyName":
            return {"name": "Nard"}
        if name == "getMyDescription":
            return {"description": ""}
        if name == "getMyShortDescription":
            return {"short_description": ""}
        if name == "getWebhookInfo":
            return {"url": "", "has_custom_certificate": False, "pending_update_count": 0}
        if name in ("setMyCommands", "setMyDescription", "setMyShortDescription", "setMyName",
                    "setChatMenuButton", "deleteWebhook", "sendChatAction",
                    "answerInlineQuery", "deleteMyCommands"):
            return True
        if name == "answerCallbackQuery":
            if method.text:
                user = int(str(method.callback_query_id).split(":")[0])
                self.toasts.setdefault(user, []).append(method.text)
                await self._changed()
            return True
        if name == "savePreparedInlineMessage":  # kept nowhere: no chat to share it to
            return {"id": f"local-{next(self._ids)}", "expiration_date": int(self.clock()) + 3600}
        if name == "getChatMember":
            return {"status": "member", "user": {"id": method.user_id, "is_bot": False,
                                                 "first_name": "?"}}
        if name == "sendMessage":
            return await self._send(method.chat_id, "text", method.text, method)
        if name in ("sendPhoto", "sendAnimation", "sendDocument"):
            kind = name[4:].lower()
            file = getattr(method, kind)
            file_id, file_name = await self._file(file)
            return await self._send(method.chat_id, kind, method.caption, method, file_id,
                                    file_name)
        if name in ("editMessageText", "editMessageCaption", "editMessageMedia",
                    "editMessageReplyMarkup"):
            return await self._edit(name, method)
        if name == "deleteMessage":
            chat = self.chats.get(int(method.chat_id), [])
            before = len(chat)
            chat[:] = [m for m in chat if m.id != method.message_id]
            if len(chat) == before:
                raise ApiError(400, "Bad Request: message to delete not found")
            await self._changed()
            return True
        raise ApiError(404, f"Not Found: {name} is not available locally")

    async def _send(self, chat_id: Any, kind: str, text: str | None, method: Any,
                    file_id: str | None = None, file_name: str | None = None
                    ) -> dict[str, Any]:
        chat = int(chat_id)
        message = LocalMessage(next(self._ids), chat, int(self.clock()), text, file_id, kind,
                               file_name, _keyboard(getattr(method, "reply_markup", None)),
                               getattr(method, "parse_mode", None))
        kept = self.chats.setdefault(chat, [])
        kept.append(message)
        del kept[:-KEPT_MESSAGES]
        await self._changed()
        return message.to_api()

    async def _edit(self, name: str, method: Any) -> dict[str, Any] | bool:
        if method.inline_message_id:
            return True  # inline cards are not shown locally
        message = next((m for m in self.chats.get(int(method.chat_id), ())
                        if m.id == method.message_id), None)
        if message is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        before = (message.text, message.photo, message.keyboard)
        keyboard = _keyboard(method.reply_markup)
        if name == "editMessageText":
            message.text, message.kind, message.parse_mode = method.text, "text", \
                method.parse_mode
        elif name == "editMessageCaption":
            message.text = method.caption
        elif name == "editMessageMedia":
            media = method.media
            message.photo, _ = await self._file(media.media)
            message.text = media.caption
            message.kind = media.type
        message.keyboard = keyboard
        if (message.text, message.photo, message.keyboard) == before \
                and name != "editMessageMedia":
            raise ApiError(400, "Bad Request: message is not modified: specified new message "
                                "content and reply markup are exactly the same as a current "
                                "content and reply markup of the message")
        message.edits += 1
        await self._changed()
        return message.to_api()

    async def _file(self, file: Any) -> tuple[str, str | None]:
        if isinstance(file, str):  # a file id given out before
            return file, None
        assert isinstance(file, InputFile)
        data = b"".join([chunk async for chunk in file.read(None)])  # type: ignore[arg-type]
        file_id = f"f{next(self._file_ids)}"
        self.files[file_id] = data
        while len(self.files) > 4 * KEPT_MESSAGES:  # the oldest pictures go
            self.files.pop(next(iter(self.files)))
        return file_id, file.filename

    async def _changed(self) -> None:
        async with self.changed:
            self.version += 1
            self.changed.notify_all()

    # -- what a local user does --------------------------------------------------------------

    def message_update(self, update_id: int, user: dict[str, Any], text: str) -> dict[str, Any]:
        """A private message from `user` (commands get their entity, as Telegram sends)."""
        message: dict[str, Any] = {"message_id": next(self._ids), "date": int(self.clock()),
                                   "chat": {"id": user["id"], "type": "private",
                                            "first_name": user["first_name"]},
                                   "from": user, "text": text}
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0,
                                    "length": len(text.split()[0])}]
        return {"update_id": update_id, "message": message}

    def press_update(self, update_id: int, user: dict[str, Any], message_id: int,
                     data: str) -> dict[str, Any] | None:
        """A press of an inline button of a message in the user's chat (None: no such)."""
        message = next((m for m in self.chats.get(user["id"], ()) if m.id == message_id),
                       None)
        if message is None:
            return None
        return {"update_id": update_id, "callback_query": {
            "id": f"{user['id']}:{update_id}", "from": user, "data": data,
            "chat_instance": str(user["id"]), "message": message.to_api()}}


def _keyboard(markup: Any) -> list[list[dict[str, Any]]]:
    if markup is None or not hasattr(markup, "inline_keyboard"):
        return []
    return [[button.model_dump(exclude_none=True, mode="json") for button in row]
            for row in markup.inline_keyboard]
