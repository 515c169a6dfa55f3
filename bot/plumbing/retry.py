"""One retry policy for every Bot API call the bot makes: a request middleware on the Bot's
session, so no call can skip it.

* 429 Too Many Requests: wait the `retry_after` Telegram gives, then try again; but never
  longer than the caller may wait. While an update is handled or a turn is timed out a
  game's lock is held and a turn clock runs, so there the whole call may wait at most
  `URGENT_WAIT` seconds (`waiting_at_most`); a longer wait is given up at once, the error
  goes to the caller, and the scope's `on_give_up` hook hears of it (it redraws the game's
  boards once Telegram lets us: `bot/services/repair.py`). Elsewhere (start-up, background
  redraws) a call waits up to `MAX_WAIT` in all.
* A 429 with `retry_after: 0` (or without one) is not a `TelegramRetryAfter` in aiogram (it
  tests the number for truth): it means "now", so the first retry is at once and later ones
  back off as after a 5xx; given up, it is raised as a `TelegramRetryAfter` like any 429.
* 5xx answers, network errors and timeouts, and answers that are not the Bot API's JSON (a
  proxy's error page): tried again with a doubling back-off (0.5 s, 1 s, …), `ATTEMPTS`
  tries in all, within the same waiting allowance.
* Everything else (400, 403, 404, 409, 413) is final here: the code that made the call
  knows what "message is not modified" or "blocked by the user" means for it.

`getUpdates` is left alone: aiogram's polling loop has its own back-off for it. Every wait
goes through the injected `sleep`, so tests never wait on the wall clock.

A caller that must know about each try (a board edit holds a claim on its message that each
try renews: `bot/services/boards.py`) watches them with `watching(watch)`: `watch.before`
is awaited before every try but the first (it may raise to give the call up), and
`watch.after` hears how each try ended.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, Protocol

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import (
    ClientDecodeError,
    TelegramAPIError,
    TelegramEntityTooLarge,
    TelegramNetworkError,
    TelegramRetryAfter,
    TelegramServerError,
)
from aiogram.methods import GetUpdates, TelegramMethod

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods.base import Response

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
GiveUp = Callable[[str, float], None]  # (Bot API method, seconds until worth trying again)

URGENT_WAIT = 2.0  # seconds a call may wait while a game's lock is held
MAX_WAIT = 60.0  # seconds a call may wait anywhere else
ANSWER_WAIT = 8.0  # a press's last answer, after its game's lock: Telegram still takes it
ATTEMPTS = 4  # tries of one call in all
FIRST_BACKOFF = 0.5  # seconds before the second try after a 5xx or a network error
LATER = 5.0  # when to try again after a 5xx or network failure that was given up

# Faults worth another try: Telegram's or the network's, not the request's.
TRANSIENT = (TelegramServerError, TelegramNetworkError, ClientDecodeError)
# What a call can raise after this policy gave up on it.
FAULTS = (TelegramRetryAfter, *TRANSIENT)



class Watch(Protocol):
    """Hears about every try of a call made inside `watching`."""

    async def before(self, attempt: int) -> None:
        """Before try `attempt` (2, 3, …); raising gives the call up with that error."""

    def after(self, error: BaseException | None) -> None:
        """After each try, with its error (None: it succeeded)."""


_wait_cap: ContextVar[float | None] = ContextVar("telegram_wait_cap", default=None)
_give_up: ContextVar[GiveUp | None] = ContextVar("telegram_give_up", default=None)
_watch: ContextVar[Watch | None] = ContextVar("telegram_watch", default=None)


@contextmanager
def waiting_at_most(seconds: float) -> Iterator[None]:
    """Calls made inside (also by tasks started inside) wait at most `seconds` in all."""
    token = _wait_cap.set(seconds)
    try:
        yield
    finally:
        _wait_cap.reset(token)


@contextmanager
def on_give_up(hook: GiveUp | None) -> Iterator[None]:
    """Tell `hook` about every call given up inside (and in tasks started inside)."""
    token = _give_up.set(hook)
    try:
        yield
    finally:
        _give_up.reset(token)


@contextmanager
def watching(watch: Watch) -> Iterator[None]:
    """Let `watch` hear about every try of the calls made inside (keep it to one call)."""
    token = _watch.set(watch)
    try:
        yield
    finally:
        _watch.reset(token)


def answered(error: BaseException) -> bool:
    """Whether a try that failed with `error` certainly did nothing: Telegram answered it
    with an error of the request (400, 403, 404, 409, 413, 429). A network error, a
    timeout, a 5xx, an answer that is not the Bot API's or a cancelled call may have
    reached Telegram and been carried out, now or later."""
    return isinstance(error, TelegramAPIError) and not isinstance(error, TRANSIENT)


class RetryPolicy(BaseRequestMiddleware):
    def __init__(self, *, sleep: Sleep = asyncio.sleep, attempts: int = ATTEMPTS,
                 max_wait: float = MAX_WAIT, first_backoff: float = FIRST_BACKOFF) -> None:
        self.sleep, self.attempts = sleep, attempts
        self.max_wait, self.first_backoff = max_wait, first_backoff

    async def __call__(self, make_request: NextRequestMiddlewareType[Any], bot: Bot,
                       method: TelegramMethod[Any]) -> Response[Any]:
        if isinstance(method, GetUpdates):
            return await make_request(bot, method)
        name = method.__api_method__
        cap = _wait_cap.get()
        allowance = self.max_wait if cap is None else cap
        waited = 0.0
        nows = 0  # 429s that said "retry now"
        watch = _watch.get()
        for attempt in range(1, self.attempts + 1):
            try:
                if watch is None:
                    return await make_request(bot, method)
                if attempt > 1:
                    await watch.before(attempt)
                try:
                    response = await make_request(bot, method)
                except BaseException as exc:
                    watch.after(exc)
                    raise
                watch.after(None)
                return response
            except TelegramRetryAfter as exc:
                wait, later, why = float(exc.retry_after), float(exc.retry_after), "429"
                error: Exception = exc
            except TelegramEntityTooLarge:
                raise  # a network error by class, but the request itself is too big
            except TRANSIENT as exc:
                wait = self.first_backoff * 2 ** (attempt - 1)
                later, why, error = LATER, _describe(exc), exc
            except TelegramAPIError as exc:
                seconds = flood_wait(exc)
                if seconds is None:
                    raise
                error = TelegramRetryAfter(method=method, message=exc.message,
                                           retry_after=seconds)
                error.__cause__ = exc
                if seconds:
                    wait, later, why = float(seconds), float(seconds), "429"
                else:
                    nows += 1
                    wait = 0.0 if nows == 1 else self.first_backoff * 2 ** (nows - 2)
                    later, why = LATER, "429, retry now"
            if attempt == self.attempts or waited + wait > allowance:
                log.warning("%s failed (%s); giving up after %d tries (would wait %.1f s more)",
                            name, why, attempt, wait)
                hook = _give_up.get()
                if hook is not None:
                    hook(name, later)
                raise error
            log.info("%s failed (%s); try %d of %d in %.1f s", name, why, attempt + 1,
                     self.attempts, wait)
            waited += wait
            await self.sleep(wait)
        raise AssertionError("unreachable")


_RETRY_AFTER = re.compile(r"retry after (\d+)", re.IGNORECASE)


def flood_wait(exc: TelegramAPIError) -> int | None:
    """The seconds a 429 that aiogram did not make a `TelegramRetryAfter` asks for (0: now),
    or None when `exc` is no 429. aiogram raises the plain `TelegramAPIError` for a 429 whose
    `retry_after` is 0 or missing; Telegram's description says what it was."""
    if type(exc) is not TelegramAPIError or not exc.message.lower().startswith(
            "too many requests"):
        return None
    found = _RETRY_AFTER.search(exc.message)
    return int(found.group(1)) if found else 0


def _describe(exc: Exception) -> str:
    """A short reason for the log, without the request URL some errors quote."""
    if isinstance(exc, TelegramServerError):
        return f"server error: {exc.message}"
    if isinstance(exc, ClientDecodeError):
        return "an answer that is not the Bot API's"
    return f"network: {getattr(exc, 'message', type(exc).__name__).split(':')[0]}"
