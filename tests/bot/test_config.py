"""Settings: defaults, `.env` parsing, the missing-token message and exit status."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings, token_problem

SETTING_NAMES = tuple(name.upper() for name in Settings.model_fields)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in SETTING_NAMES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no stray .env from the developer's checkout


def test_defaults() -> None:
    settings = load_settings(bot_token="123:abc")
    assert settings.database_path == "nard.sqlite3"
    assert settings.telegram_api_url is None
    assert settings.move_timeout_seconds == 120
    assert settings.leaderboard_timezone == "UTC"
    assert settings.default_language == "en"
    assert settings.admin_ids == ()
    assert settings.log_level == "INFO"


def test_dotenv_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "BOT_TOKEN=42:secret\nDATABASE_PATH=/data/nard.db\n"
        "TELEGRAM_API_URL=http://127.0.0.1:8081/\nMOVE_TIMEOUT_SECONDS=60\n"
        "LEADERBOARD_TIMEZONE=Asia/Tashkent\nDEFAULT_LANGUAGE=uz\n"
        "ADMIN_IDS=1, 22,333\nLOG_LEVEL=debug\n",
        encoding="utf-8",
    )
    settings = load_settings()
    assert settings.bot_token.get_secret_value() == "42:secret"
    assert settings.database_path == "/data/nard.db"
    assert settings.telegram_api_url == "http://127.0.0.1:8081"
    assert settings.move_timeout_seconds == 60
    assert settings.timezone.key == "Asia/Tashkent"
    assert settings.default_language == "uz"
    assert settings.admin_ids == (1, 22, 333)
    assert settings.log_level == "DEBUG"


def test_environment_beats_dotenv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text("BOT_TOKEN=1:from-file\n", encoding="utf-8")
    monkeypatch.setenv("BOT_TOKEN", "2:from-env")
    assert load_settings().bot_token.get_secret_value() == "2:from-env"


def test_token_is_never_shown() -> None:
    settings = load_settings(bot_token="123:very-secret")
    assert "very-secret" not in repr(settings)
    assert "very-secret" not in str(settings.model_dump())


@pytest.mark.parametrize("token", [None, "", "   "])
def test_missing_token_is_one_clear_error(token: str | None) -> None:
    kwargs = {} if token is None else {"bot_token": token}
    with pytest.raises(ConfigError, match="BOT_TOKEN is not set"):
        load_settings(**kwargs)


MALFORMED_TOKENS = ["no-colon-s3cr3t", "123456 :s3cr3t", "123456:s3cr3t with spaces",
                    "123456:s3cr3t\n", "bot123456:s3cr3t", "123456:", ":s3cr3t"]


@pytest.mark.parametrize("token", MALFORMED_TOKENS)
def test_a_malformed_token_is_one_clear_error(token: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_settings(bot_token=token)
    message = str(caught.value)
    assert message.startswith("BOT_TOKEN ") and "not set" not in message
    assert "s3cr3t" not in message and "\n" not in message


@pytest.mark.parametrize("token", [*MALFORMED_TOKENS, "1:a", "123456:AAE-x_y", "\u0661:a"])
def test_the_token_check_is_aiograms(token: str) -> None:
    from aiogram.utils.token import TokenValidationError, validate_token

    try:
        validate_token(token)
    except TokenValidationError:
        aiogram_accepts = False
    else:
        aiogram_accepts = True
    assert (token_problem(token) is None) == aiogram_accepts


@pytest.mark.parametrize(
    ("name", "value", "fragment"),
    [
        ("LEADERBOARD_TIMEZONE", "Mars/Olympus", "LEADERBOARD_TIMEZONE"),
        ("DEFAULT_LANGUAGE", "fr", "DEFAULT_LANGUAGE"),
        ("MOVE_TIMEOUT_SECONDS", "0", "MOVE_TIMEOUT_SECONDS"),
        ("ADMIN_IDS", "1,x", "ADMIN_IDS"),
    ],
)
def test_bad_values_name_the_setting(
    monkeypatch: pytest.MonkeyPatch, name: str, value: str, fragment: str
) -> None:
    monkeypatch.setenv("BOT_TOKEN", "1:a")
    monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError, match=fragment):
        load_settings()


def test_run_without_token_and_a_bad_setting_exits_2_with_one_line(tmp_path: Path) -> None:
    """Without a token (and nothing else wrong) the bot plays locally
    (tests/e2e/test_local.py); with another setting that cannot work it stops."""
    env = {k: v for k, v in os.environ.items() if k not in SETTING_NAMES}
    env["PYTHONPATH"] = str(ROOT)
    env["MOVE_TIMEOUT_SECONDS"] = "0"
    result = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "BOT_TOKEN" in lines[0] and "MOVE_TIMEOUT_SECONDS" in lines[0]
    assert "Traceback" not in result.stderr


def test_env_example_lists_every_setting() -> None:
    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    for name in SETTING_NAMES:
        assert f"\n{name}=" in text


def test_trusted_proxies_are_addresses_or_networks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOT_TOKEN", "1:a")
    monkeypatch.setenv("TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8,::1")
    assert load_settings().trusted_proxies == ("127.0.0.1", "10.0.0.0/8", "::1")
    monkeypatch.setenv("TRUSTED_PROXIES", "")
    assert load_settings().trusted_proxies == ()
    monkeypatch.setenv("TRUSTED_PROXIES", "127.0.0.1,nginx")
    with pytest.raises(ConfigError, match="TRUSTED_PROXIES"):
        load_settings()


def test_time_controls_are_checked_at_start() -> None:
    assert load_settings(bot_token="1:a", time_controls="c2+5, d1").time_controls == "c2+5, d1"
    for bad, why in (("m5", "out of range"), ("c8+20,x1", "not a time control"),
                     ("d1,d1", "offered twice")):
        with pytest.raises(ConfigError, match=f"TIME_CONTROLS: .*{why}"):
            load_settings(bot_token="1:a", time_controls=bad)
