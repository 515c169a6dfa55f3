"""`python -m bot` / `nard-bot`: start the bot with long polling."""

from __future__ import annotations

import sys

from bot.allocator import limit_arenas
from bot.config import ConfigError, load_settings


def main() -> int:
    # Before any thread exists (glibc fixes the arena limit early): see bot/allocator.py.
    limit_arenas()
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"nard-bot: {exc}", file=sys.stderr)
        return 2
    from bot.app import run
    from storage.errors import DatabaseUnavailable, MigrationError

    try:
        return run(settings)
    except (DatabaseUnavailable, MigrationError) as exc:
        # An unusable path or URL, a file that is not a database, a schema newer than this
        # code: one line naming the database (never a password), as for a missing token.
        print(f"nard-bot: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
