"""Keep the bot token out of the logs.

Request URLs hold the token (`…/bot<token>/sendMessage`), and some errors quote the URL:
aiohttp's redirect and connection errors do, and aiogram wraps their text into its own
`TelegramNetworkError`. Whoever logs such an error, in the message, its arguments or the
traceback, `TokenFilter` writes `<token>` instead of the token. It is installed on the
handlers of the root logger (where every logger's records end up), not on one logger, so a
library's own logger is covered too.
"""

from __future__ import annotations

import logging
from urllib.parse import quote

MASK = "<token>"


class TokenFilter(logging.Filter):
    def __init__(self, token: str) -> None:
        super().__init__()
        # The token as written, and as it looks percent-encoded in a URL (':' -> %3A).
        forms = {token, quote(token, safe=""), quote(token, safe="").lower()}
        self.forms = sorted((f for f in forms if f), key=len, reverse=True)

    def redact(self, text: str) -> str:
        for form in self.forms:
            if form in text:
                text = text.replace(form, MASK)
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed record: let the handler report it, redacted
            message = f"{record.msg!r} % {record.args!r}"
        record.msg, record.args = self.redact(message), None
        if record.exc_info and not record.exc_text:
            # The formatter caches the traceback text here and prints the cache: fill it.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


def install(token: str, logger: logging.Logger | None = None) -> TokenFilter:
    """Add the filter to every handler of `logger` (default: the root logger)."""
    token_filter = TokenFilter(token)
    for handler in (logger or logging.getLogger()).handlers:
        if not any(isinstance(f, TokenFilter) for f in handler.filters):
            handler.addFilter(token_filter)
    return token_filter
