"""`python -m bot` / `nard-bot`: start the bot with long polling."""

from __future__ import annotations

import sys

from bot.config import ConfigError, load_settings


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"nard-bot: {exc}", file=sys.stderr)
        return 2
    from bot.app import run

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
