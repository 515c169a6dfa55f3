"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

from typing import Annotated, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

LANGUAGES = ("en", "ru", "uz", "ky", "az")
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
    leaderboard_timezone: str = "UTC"
    default_language: Language = "en"
    admin_ids: Annotated[tuple[int, ...], NoDecode] = ()
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"

    @field_validator("bot_token")
    @classmethod
    def _token_not_blank(cls, value: SecretStr) -> SecretStr:
        if not value.get_secret_value().strip():
            raise ValueError("BOT_TOKEN is empty")
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

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @property
    def timezone(self) -> ZoneInfo:
        return ZoneInfo(self.leaderboard_timezone)

    @property
    def database(self) -> str:
        """What `storage.Database.open` opens: DATABASE_URL, else the DATABASE_PATH file."""
        if self.database_url is not None:
            return self.database_url.get_secret_value()
        return self.database_path


class ConfigError(Exception):
    """The settings cannot start the bot; the message says what to set."""


def load_settings(**overrides: object) -> Settings:
    """Read the settings, turning validation errors into one readable `ConfigError`."""
    from pydantic import ValidationError

    try:
        return Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as exc:
        problems = []
        for error in exc.errors():
            name = str(error["loc"][0]).upper() if error["loc"] else "settings"
            if name == "BOT_TOKEN" and error["type"] in ("missing", "value_error"):
                problems.append(
                    "BOT_TOKEN is not set: put BOT_TOKEN=<token from @BotFather> "
                    "in .env or the environment"
                )
            else:
                problems.append(f"{name}: {error['msg']}")
        raise ConfigError("; ".join(problems)) from None
