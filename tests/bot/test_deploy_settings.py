"""Deployment settings: polling by default, webhook mode refused until it is complete (one
line naming what to set), the secret never shown, the computer's pool size."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings

ROOT = Path(__file__).resolve().parents[2]
SECRET = "s3cr3t_T0ken-x"


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in Settings.model_fields:
        monkeypatch.delenv(name.upper(), raising=False)
    monkeypatch.chdir(tmp_path)


def webhook(**overrides: object) -> Settings:
    values = {"bot_token": "1:a", "bot_mode": "webhook",
              "webhook_url": "https://bot.example.com/tg/updates", "webhook_secret": SECRET}
    return load_settings(**{**values, **overrides})


def test_polling_is_the_default_and_ignores_webhook_settings() -> None:
    settings = load_settings(bot_token="1:a", webhook_url="https://bot.example.com/x")
    assert settings.bot_mode == "polling"
    assert (settings.webhook_host, settings.webhook_port) == ("127.0.0.1", 8080)
    assert settings.computer_workers is None and settings.computer_timeout_seconds == 30


def test_a_complete_webhook_configuration() -> None:
    settings = webhook(bot_mode="WebHook", webhook_port="8443", webhook_host="0.0.0.0")
    assert settings.bot_mode == "webhook" and settings.webhook_port == 8443
    assert settings.webhook_route == "/tg/updates"  # the path of WEBHOOK_URL
    assert webhook(webhook_path="/behind-proxy").webhook_route == "/behind-proxy"
    assert webhook(webhook_url="https://bot.example.com").webhook_route == "/"
    assert SECRET not in repr(settings) and SECRET not in str(settings.model_dump())


def test_webhook_mode_names_everything_missing_in_one_line() -> None:
    with pytest.raises(ConfigError) as error:
        load_settings(bot_token="1:a", bot_mode="webhook")
    message = str(error.value)
    assert "\n" not in message
    assert "WEBHOOK_URL is not set" in message and "WEBHOOK_SECRET is not set" in message


@pytest.mark.parametrize(
    ("overrides", "fragment"),
    [
        ({"webhook_url": "http://bot.example.com/x"}, "must start with https://"),
        ({"webhook_url": "https://bot.example.com:9000/x"}, "ports 443, 80, 88 and 8443"),
        ({"webhook_url": "bot.example.com/x"}, "WEBHOOK_URL: 'bot.example.com/x' is not"),
        ({"webhook_secret": "has space"}, "WEBHOOK_SECRET: 1 to 256 characters"),
        ({"webhook_secret": "x" * 257}, "WEBHOOK_SECRET: 1 to 256 characters"),
        ({"webhook_path": "no-slash"}, "WEBHOOK_PATH: 'no-slash' must start with /"),
        ({"webhook_port": "0"}, "WEBHOOK_PORT"),
        ({"bot_mode": "push"}, "BOT_MODE"),
        ({"computer_workers": "-1"}, "COMPUTER_WORKERS"),
        ({"computer_timeout_seconds": "0"}, "COMPUTER_TIMEOUT_SECONDS"),
    ],
)
def test_bad_values_are_one_clear_line(overrides: dict, fragment: str) -> None:
    with pytest.raises(ConfigError, match=fragment) as error:
        webhook(**overrides)
    assert "\n" not in str(error.value)
    assert "has space" not in str(error.value)  # a secret is never echoed


def test_a_local_bot_api_server_may_post_plain_http_to_any_port() -> None:
    settings = webhook(webhook_url="http://10.0.0.5:9000/hook",
                       telegram_api_url="http://127.0.0.1:8081")
    assert settings.webhook_route == "/hook"


def test_computer_workers_zero_means_threads_and_blank_means_default() -> None:
    assert load_settings(bot_token="1:a", computer_workers="0").computer_workers == 0
    assert load_settings(bot_token="1:a", computer_workers=" ").computer_workers is None


def run_bot(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=ROOT,
                          env={**clean, "PYTHONPATH": str(ROOT), **env},
                          capture_output=True, text=True, timeout=60)


def test_webhook_mode_without_a_secret_exits_2_with_one_line() -> None:
    result = run_bot(BOT_TOKEN="1:a", BOT_MODE="webhook",
                     WEBHOOK_URL="https://bot.example.com/tg")
    assert result.returncode == 2 and result.stdout == ""
    [line] = result.stderr.strip().splitlines()
    assert "WEBHOOK_SECRET is not set" in line and "WEBHOOK_URL" not in line.split(":")[0]


def test_set_webhook_needs_the_webhook_settings_even_when_polling() -> None:
    result = run_bot("set-webhook", BOT_TOKEN="1:a")
    assert result.returncode == 2
    [line] = result.stderr.strip().splitlines()
    assert "WEBHOOK_URL is not set" in line and "WEBHOOK_SECRET is not set" in line
