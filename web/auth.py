"""Who is asking: a Telegram Mini App's init data, checked against the bot's token.

Telegram signs the init data it hands the page (the user, the time it was opened, the
start parameter) with a key derived from the bot's token; every request and the live
connection carry it (`Authorization: tma <initData>`). The signature is checked with
aiogram's web-app utilities; data older than `MAX_AGE` (or from the future) is refused like
a forgery. Init data is a credential for a day: it is never logged.

`sign_init_data` makes init data the way Telegram does: for `python -m bot --local` (its
own random token) and for tests.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime, timedelta
from urllib.parse import parse_qsl, urlencode

from aiogram.utils.web_app import safe_parse_webapp_init_data

from web import jsonin

MAX_AGE = timedelta(hours=24)
CLOCK_SKEW = timedelta(minutes=5)  # init data "from the future" within this is accepted
MAX_INIT_DATA = 4096  # characters: real init data is well under 1 KB
SCHEME = "tma "


class Unauthorized(Exception):
    """Missing, malformed, forged or expired init data (the reason, never the data)."""


@dataclass(frozen=True, slots=True)
class WebUser:
    """The Telegram user the page was opened by."""

    id: int
    name: str
    username: str | None
    language_code: str | None
    start_param: str | None = None


def from_header(header: str | None) -> str:
    """The init data of an `Authorization: tma <initData>` header."""
    if not header or not header.startswith(SCHEME):
        raise Unauthorized("no init data (Authorization: tma <initData>)")
    return header[len(SCHEME):].strip()


def claimed_language(header: str | None) -> str | None:
    """The language code the init data of a header claims, unchecked: only to word a
    refusal of it in the reader's language."""
    if not header or not header.startswith(SCHEME) or len(header) > MAX_INIT_DATA + 16:
        return None
    try:
        user = jsonin.loads(dict(parse_qsl(header[len(SCHEME):].strip())).get("user", "{}"))
    except ValueError:
        return None
    code = user.get("language_code") if isinstance(user, dict) else None
    return code if isinstance(code, str) and len(code) < 16 else None


def check_init_data(token: str, init_data: str, now: datetime) -> WebUser:
    """The user of init data signed for `token`, opened within `MAX_AGE` of `now`."""
    if not init_data or len(init_data) > MAX_INIT_DATA:
        raise Unauthorized("no init data" if not init_data else "init data too long")
    try:
        data = safe_parse_webapp_init_data(token, init_data)
    except (ValueError, TypeError):  # a bad signature, or fields that do not parse
        raise Unauthorized("init data not signed for this bot") from None
    opened = data.auth_date
    if opened > now + CLOCK_SKEW or now - opened > MAX_AGE:
        raise Unauthorized("init data expired: open the board again")
    user = data.user
    if user is None:
        raise Unauthorized("init data without a user")
    name = " ".join(part for part in (user.first_name, user.last_name) if part)
    return WebUser(user.id, name or user.username or str(user.id), user.username,
                   user.language_code, data.start_param)


def sign_init_data(token: str, user: dict[str, object], opened: datetime, *,
                   start_param: str | None = None) -> str:
    """Init data for `user` opened at `opened`, signed for `token` as Telegram signs it."""
    fields = {"auth_date": str(int(opened.timestamp())),
              "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False)}
    if start_param is not None:
        fields["start_param"] = start_param
    check = "\n".join(f"{key}={value}" for key, value in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)
