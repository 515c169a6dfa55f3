"""Local play's settings (`python -m bot` without a token): nothing it serves is reachable
from another machine."""

from __future__ import annotations

from bot.local.run import HOST, local_settings


def test_nothing_listens_beyond_this_machine() -> None:
    overrides = local_settings(None, 8088)
    assert HOST == "127.0.0.1" and overrides["webapp_host"] == HOST
    assert overrides["webapp_url"].startswith("http://127.0.0.1:")
    assert overrides["database_path"] == "nard-local.sqlite3"
