"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

import ipaddress
import re
from typing import Annotated, Any, Literal, Self
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from core.timecontrol import offered

# What Telegram accepts as a webhook's secret token, and the ports it delivers webhooks to.
SECRET_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,256}")
WEBHOOK_PORTS = (443, 80, 88, 8443)
Language = Literal["en", "ru", "uz", "ky", "az"]


class Settings(BaseSettings):
    """Every setting of the bot; `.env.example` documents each one."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    bot_token: SecretStr
    # DATABASE_URL (sqlite:///path or postgresql://…) wins; without it, the SQLite file
    # DATABASE_PATH. A URL's password is never printed.
    database_url: SecretStr | None = None
    database_path: str = "nard.sqlite3"
    telegram_api_url: str | None = None
    move_timeout_seconds: int = Field(default=120, ge=10, le=86_400)
    # After any start (a deploy, a crash), no turn times out within this many seconds of
    # the process taking updates again (docs/architecture.md, "What keeps games safe").
    restart_grace_seconds: int = Field(default=30, ge=0, le=3_600)
    # The time controls offered with every new game, the first the default (tokens such as
    # m120, c8+20, d1: core/timecontrol.py; empty: the move window, two clocks, d1 and d3).
    time_controls: str = ""
    leaderboard_timezone: str = "UTC"
    default_language: Language = "en"
    admin_ids: Annotated[tuple[int, ...], NoDecode] = ()
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"
    # Deployment (docs/hosting.md, "Polling or webhook" and "Processes, cores and the
    # computer"): how updates arrive, and where the computer thinks.
    bot_mode: Literal["polling", "webhook"] = "polling"
    webhook_url: str | None = None  # the public address Telegram posts updates to
    webhook_path: str | None = None  # the path this process serves; default: WEBHOOK_URL's
    webhook_secret: SecretStr | None = None
    webhook_host: str = "127.0.0.1"
    webhook_port: int = Field(default=8080, ge=1, le=65_535)
    computer_workers: int | None = Field(default=None, ge=0, le=256)  # None: cores - 1
    computer_timeout_seconds: float = Field(default=30.0, ge=1, le=3_600)
    # Finished matches this process analyses at once without a press (docs/ai.md "PR on
    # every match"), in its one analysis worker process, below the bot's priority; 0: off.
    auto_analysis_matches: int = Field(default=1, ge=0, le=8)
    # The web board (a Telegram Mini App, docs/hosting.md "The web board"): its public
    # https:// address (empty: no web board, no web buttons), where this process serves it
    # in polling mode (in webhook mode: beside the webhook), and the Mini App's short name
    # from BotFather for direct links (empty: the bot's Main Mini App).
    webapp_url: str | None = None
    webapp_host: str = "127.0.0.1"
    webapp_port: int = Field(default=8081, ge=0, le=65_535)  # 0: any free port (--local)
    webapp_short_name: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_]{3,30}$")
    # The reverse proxies (addresses or networks) whose X-Forwarded-For the web board
    # believes: refused sign-ins are then limited per client, not per proxy.
    trusted_proxies: Annotated[tuple[str, ...], NoDecode] = ()
    # In group games, the mover's buttons as an ephemeral message only they see (Bot API
    # ephemeral messages; Telegram does not promise their delivery), the shared board
    # showing the position and whose turn: off until the groups' clients show them.
    group_ephemeral_buttons: bool = False

    @field_validator("bot_token")
    @classmethod
    def _token_not_blank(cls, value: SecretStr) -> SecretStr:
        token = value.get_secret_value()
        if not token.strip():
            raise ValueError("BOT_TOKEN is empty")
        if problem := token_problem(token):
            raise BadToken(problem)
        return value

    @field_validator("database_url", mode="before")
    @classmethod
    def _blank_database_url_is_none(cls, value: object) -> object:
        return (value.strip() or None) if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _known_database(cls, value: SecretStr | None) -> SecretStr | None:
        from storage.db import parse_target
        from storage.errors import DatabaseUnavailable

        if value is not None:
            try:
                parse_target(value.get_secret_value())
            except DatabaseUnavailable as exc:
                raise ValueError(str(exc)) from None
        return value

    @field_validator("telegram_api_url", mode="before")
    @classmethod
    def _blank_url_is_none(cls, value: object) -> object:
        if isinstance(value, str):
            value = value.strip().rstrip("/")
            return value or None
        return value

    @field_validator("webhook_url", "webhook_path", "webhook_secret", "computer_workers",
                     "webapp_url", "webapp_short_name", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        if isinstance(value, str):
            return value.strip() or None
        return value

    @field_validator("webhook_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.fragment:
            raise ValueError(f"{value!r} is not an https:// address (e.g. "
                             "https://bot.example.com/telegram)")
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number
        except ValueError as exc:
            raise ValueError(f"{value!r} has a bad port") from exc
        return value

    @field_validator("webapp_url")
    @classmethod
    def _webapp_https(cls, value: str | None) -> str | None:
        """Telegram opens Mini Apps over https only (http://127.0.0.1 for a local try)."""
        if value is None:
            return None
        parts = urlsplit(value)
        local = parts.scheme == "http" and parts.hostname in ("127.0.0.1", "localhost")
        if (parts.scheme != "https" and not local) or not parts.hostname or parts.query \
                or parts.fragment:
            raise ValueError(f"{value!r} is not an https:// address (e.g. "
                             "https://bot.example.com/app/)")
        return value if value.endswith("/") else value + "/"

    @field_validator("webhook_path")
    @classmethod
    def _absolute_path(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("/"):
            raise ValueError(f"{value!r} must start with /")
        return value

    @field_validator("webhook_secret")
    @classmethod
    def _secret_token(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not SECRET_TOKEN.fullmatch(value.get_secret_value()):
            raise ValueError("1 to 256 characters, only A-Z, a-z, 0-9, _ and -")
        return value

    @field_validator("bot_mode", mode="before")
    @classmethod
    def _lower(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _time_controls_known(self) -> Self:
        try:
            offered(self.time_controls, default_move=self.move_timeout_seconds)
        except ValueError as exc:  # UnknownControl too
            raise ValueError(f"TIME_CONTROLS: {exc}") from None
        return self

    @model_validator(mode="after")
    def _webhook_complete(self) -> Self:
        if self.bot_mode == "webhook" and (problems := self.webhook_problems()):
            raise ValueError("; ".join(problems))
        return self

    def webhook_problems(self) -> list[str]:
        """What is missing before Telegram can post updates to us (empty: nothing)."""
        problems = []
        if self.webhook_url is None:
            problems.append("WEBHOOK_URL is not set: webhook mode needs the public https:// "
                            "address Telegram posts updates to")
        elif self.telegram_api_url is None:  # Telegram's own servers (a local one is laxer)
            parts = urlsplit(self.webhook_url)
            if parts.scheme != "https":
                problems.append("WEBHOOK_URL must start with https:// (Telegram delivers "
                                "webhooks over HTTPS only)")
            elif (parts.port or 443) not in WEBHOOK_PORTS:
                problems.append(f"WEBHOOK_URL: Telegram delivers webhooks to ports 443, 80, "
                                f"88 and 8443 only, not {parts.port}")
        if self.webhook_secret is None:
            problems.append("WEBHOOK_SECRET is not set: webhook mode needs a secret token "
                            "(1 to 256 characters A-Z, a-z, 0-9, _ and -) that Telegram "
                            "sends with every update")
        return problems

    @property
    def webhook_route(self) -> str:
        """The path this process answers webhook requests on."""
        if self.webhook_path:
            return self.webhook_path
        return urlsplit(self.webhook_url or "").path or "/"

    @field_validator("leaderboard_timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        try:
            ZoneInfo(value)
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown IANA time zone {value!r}") from exc
        return value

    @field_validator("admin_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _address_list(cls, value: object) -> object:
        if isinstance(value, str):
            value = tuple(part for part in value.replace(" ", "").split(",") if part)
        if isinstance(value, tuple | list):
            for part in value:
                try:
                    ipaddress.ip_network(str(part), strict=False)
                except ValueError:
                    raise ValueError(f"{part!r} is not an IP address or network") from None
        return value

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @property
    def timezone(self) -> ZoneInfo:
        return ZoneInfo(self.leaderboard_timezone)

    @property
    def database(self) -> str:
        """What `storage.connect.open_database` opens: DATABASE_URL, else the DATABASE_PATH file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path


class BadToken(ValueError):
    """BOT_TOKEN is set but cannot be a token (the message never quotes it)."""


def token_problem(token: str) -> str | None:
    """Why `token` cannot be a bot token, or None. The rule aiogram's `Bot()` enforces
    (`aiogram.utils.token.validate_token`: digits, a colon, a secret part, no whitespace),
    checked here so that a bad token stops the start before anything is opened or started;
    the token itself is never part of the answer."""
    if any(char.isspace() for char in token):
        return ("BOT_TOKEN contains a space or a line break (a token from @BotFather looks "
                "like 123456789:AAE…, without spaces)")
    bot_id, colon, secret = token.partition(":")
    if not colon or not bot_id.isdigit() or not secret:
        return ("BOT_TOKEN is not a bot token (a token from @BotFather looks like "
                "123456789:AAE…: the bot's number, a colon, then the secret part)")
    return None


class ConfigError(Exception):
    """The settings cannot start the bot; the message says what to set."""


def load_settings(**overrides: Any) -> Settings:
    """Read the settings, turning validation errors into one readable `ConfigError`."""
    from pydantic import ValidationError

    try:
        return Settings(**overrides)
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            name = str(error["loc"][0]).upper() if error["loc"] else None
            message = error["msg"].removeprefix("Value error, ")
            if name == "BOT_TOKEN" and isinstance(error.get("ctx", {}).get("error"), BadToken):
                problems.append(message)
            elif name == "BOT_TOKEN" and error["type"] in ("missing", "value_error"):
                problems.append(
                    "BOT_TOKEN is not set: put BOT_TOKEN=<token from @BotFather> "
                    "in .env or the environment"
                )
            elif name is None:  # a check across settings names them itself
                problems.append(message)
            else:
                problems.append(f"{name}: {message}")
        raise ConfigError("; ".join(problems)) from None
