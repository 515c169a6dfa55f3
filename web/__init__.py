"""The web door: the web board, a Telegram Mini App served by the bot itself (aiohttp), a
second front door to the same games as the chat (docs/web.md)."""
