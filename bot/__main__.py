"""`python -m bot` / `nard-bot`: start the bot (long polling, or a webhook server with
`BOT_MODE=webhook`), or tell Telegram where to post updates, once, for every process:

    python -m bot                      # run (BOT_MODE decides how updates arrive)
    python -m bot set-webhook          # Telegram posts to WEBHOOK_URL with WEBHOOK_SECRET
    python -m bot delete-webhook       # back to polling
    python -m bot webhook-info         # what Telegram says about the webhook
    python -m bot --local              # play in the browser, no token (bot/local/)

Without BOT_TOKEN `python -m bot` says so in one line and plays locally, unless it is
started as a service (`service_start`): then it exits with status 2, as for any setting
that cannot work.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import sys
from pathlib import Path

from bot.config import ConfigError, Settings, load_settings
from bot.plumbing.allocator import fix_mmap_threshold, limit_arenas


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot", description="Run the nard bot, or tell Telegram where to post "
        "its updates (once, for every process).")
    commands = parser.add_subparsers(dest="command")
    hook = commands.add_parser("set-webhook", help="tell Telegram to post updates to "
                               "WEBHOOK_URL (run once, not by every process)")
    hook.add_argument("--drop-pending-updates", action="store_true",
                      help="forget the updates Telegram holds for the bot")
    hook.add_argument("--max-connections", type=int, choices=range(1, 101), metavar="1-100",
                      help="parallel deliveries Telegram may make (its default: 40)")
    unhook = commands.add_parser("delete-webhook", help="stop the webhook (to poll again)")
    unhook.add_argument("--drop-pending-updates", action="store_true",
                        help="forget the updates Telegram holds for the bot")
    commands.add_parser("webhook-info", help="what Telegram says about the webhook")
    parser.add_argument("--local", action="store_true",
                        help="play in the browser without a token: the real bot against an "
                        "in-process Bot API, on 127.0.0.1 only")
    parser.add_argument("--port", type=int, default=None, metavar="PORT",
                        help="the local page's port (default 8088)")
    return parser.parse_args(argv)


NOT_SET = "BOT_TOKEN is not set"


def service_start() -> str | None:
    """Why a start without a token is a service's, which must stop rather than play
    locally (nobody would open the local page, and the bot would seem to run): its output
    goes to systemd's journal, it was set up for a webhook, or a `.env` exists (a
    deployment's settings without their token). None: a person trying the bot."""
    journal = os.environ.get("JOURNAL_STREAM")
    if journal:
        with contextlib.suppress(OSError):
            stderr = os.fstat(2)
            if journal == f"{stderr.st_dev}:{stderr.st_ino}":
                return "started by systemd"
    if os.environ.get("BOT_MODE", "").strip().lower() == "webhook":
        return "BOT_MODE=webhook"
    if Path(".env").exists():
        return ".env exists"
    return None


def local_settings(port: int | None) -> Settings:
    """The settings of `--local`: the environment's, with a random token, the page on
    127.0.0.1 and a database file of its own (bot/local/run.py)."""
    from bot.local.run import DEFAULT_PORT, local_token
    from bot.local.run import local_settings as overrides

    chosen = port if port is not None else DEFAULT_PORT
    base = load_settings(bot_token=local_token())
    return load_settings(**{**base.model_dump(), **overrides(base, chosen)})


async def webhook_command(settings: Settings, args: argparse.Namespace) -> int:
    from bot.app import make_bot
    from bot.plumbing import webhook

    bot = make_bot(settings)
    try:
        if args.command == "set-webhook":
            info = await webhook.set_webhook(bot, settings,
                                             drop_pending_updates=args.drop_pending_updates,
                                             max_connections=args.max_connections)
        elif args.command == "delete-webhook":
            info = await webhook.delete_webhook(bot,
                                                drop_pending_updates=args.drop_pending_updates)
        else:
            info = await bot.get_webhook_info()
    finally:
        await bot.session.close()
    print(webhook.describe(info))
    return 0


def main(argv: list[str] | None = None) -> int:
    # Before any thread exists (glibc fixes the arena limit early): see bot/plumbing/allocator.py.
    limit_arenas()
    fix_mmap_threshold()
    args = parse(sys.argv[1:] if argv is None else argv)
    local = args.local
    try:
        settings = local_settings(args.port) if local else load_settings()
        if args.command == "set-webhook" and (problems := settings.webhook_problems()):
            raise ConfigError("; ".join(problems))
    except ConfigError as exc:
        if local or args.command or not str(exc).startswith(NOT_SET) or ";" in str(exc):
            print(f"nard-bot: {exc}", file=sys.stderr)
            return 2
        if (service := service_start()) is not None:
            print(f"nard-bot: {exc} ({service}: not playing locally; python -m bot --local "
                  "plays without a token)", file=sys.stderr)
            return 2
        print(f"nard-bot: {NOT_SET}: playing locally instead (python -m bot --local); put "
              "BOT_TOKEN=<token from @BotFather> in .env to run the bot", file=sys.stderr)
        local = True
        try:
            settings = local_settings(args.port)
        except ConfigError as again:
            print(f"nard-bot: {again}", file=sys.stderr)
            return 2
    if args.command:
        from aiogram.exceptions import TelegramAPIError

        try:
            return asyncio.run(webhook_command(settings, args))
        except TelegramAPIError as exc:  # e.g. a refused URL: Telegram's words, one line
            print(f"nard-bot: {args.command}: {exc}", file=sys.stderr)
            return 1
    from bot.launch import run
    from storage.errors import DatabaseUnavailable, MigrationError

    try:
        return run(settings, local=local)
    except (DatabaseUnavailable, MigrationError) as exc:
        # An unusable path or URL, a file that is not a database, a schema newer than this
        # code: one line naming the database (never a password), as for a missing token.
        print(f"nard-bot: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
