"""Transport faults on top of the fake Bot API: what a flaky network or a broken proxy does.

`FakeTelegram.fail_next` answers with the Bot API's own error objects (429, 400, 5xx JSON).
`FaultyTelegram` adds the faults that never reach the Bot API's JSON:

* ``"redirect"``: 307 to the same URL, forever; aiohttp gives up with `TooManyRedirects`,
  whose text holds the whole request URL, token included;
* ``"disconnect"``: the connection is closed without an answer (`ServerDisconnectedError`);
* ``"html"``: a proxy's 502 page in HTML (aiogram cannot decode it);
* ``"hold"``: the answer waits until the test calls `release()` (a slow Telegram), then is
  served normally;
* `chaos(rate)`: any call fails now and then with any of these or a 429 / 500.

Each fault, like `fail_next`, hits the next ``times`` calls of ``method`` (``"*"``: any
method but getUpdates) whose params satisfy ``when``.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from aiohttp import web

from testkit.fake_telegram import JSON, ApiError, FakeTelegram

Kind = Literal["redirect", "disconnect", "html", "hold"]
LOOP = "redirect-loop"
PARAMS = web.RequestKey("faulty.params", tuple)


@dataclass
class _Fault:
    method: str
    kind: Kind
    times: int
    when: Callable[[JSON], bool] | None
    hits: list[str] = field(default_factory=list)


class FaultyTelegram(FakeTelegram):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._faults: list[_Fault] = []
        self._held = asyncio.Event()
        self.holding = asyncio.Event()  # set once an answer is being held
        self.faulted: list[tuple[str, Kind]] = []  # (method, kind) of every fault served
        self._chaos_rate, self._chaos = 0.0, random.Random(0)

    def fault(self, method: str, kind: Kind, *, times: int = 1,
              when: Callable[[JSON], bool] | None = None) -> None:
        self._faults.append(_Fault(method.lower(), kind, times, when))

    def chaos(self, rate: float, seed: int = 0) -> None:
        """From now on each call (but getUpdates) fails with probability `rate`, with a
        fault drawn at random: a short or a long 429, a 500, a dropped connection, a
        proxy's error page."""
        self._chaos_rate, self._chaos = rate, random.Random(seed)

    def release(self) -> None:
        """Let every held answer go."""
        self._held.set()
        self._held = asyncio.Event()

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["method"]
        if LOOP in request.query:  # already redirected: round and round it goes
            raise web.HTTPTemporaryRedirect(location=str(request.rel_url))
        if self._chaos_rate and name.lower() != "getupdates" and (
                self._chaos.random() < self._chaos_rate):
            return await self._chaotic(request, name)
        fault = await self._matching(request, name)
        if fault is None:
            return await super()._handle(request)
        self.faulted.append((name, fault.kind))
        if fault.kind == "redirect":
            raise web.HTTPTemporaryRedirect(location=f"{request.rel_url.path}?{LOOP}=1")
        if fault.kind == "disconnect":
            assert request.transport is not None
            request.transport.close()
            return web.Response(status=500)  # never reaches the client
        if fault.kind == "html":
            return web.Response(status=502, content_type="text/html",
                                text="<html><body><h1>502 Bad Gateway</h1></body></html>")
        self.holding.set()
        await self._held.wait()  # "hold"
        return await super()._handle(request)

    async def _chaotic(self, request: web.Request, name: str) -> web.StreamResponse:
        kind = self._chaos.choice(["429", "429-long", "500", "disconnect", "html"])
        self.faulted.append((name, kind))  # type: ignore[arg-type]
        if kind.startswith("429"):
            error = ApiError(429, "Too Many Requests: retry after",
                             retry_after=1 if kind == "429" else 35)
            return web.json_response(error.payload(), status=429)
        if kind == "500":
            return web.json_response(ApiError(500, "Internal Server Error").payload(),
                                     status=500)
        assert request.transport is not None
        if kind == "disconnect":
            request.transport.close()
            return web.Response(status=500)
        return web.Response(status=502, content_type="text/html", text="<h1>502</h1>")

    async def _matching(self, request: web.Request, name: str) -> _Fault | None:
        candidates = [f for f in self._faults
                      if f.method == name.lower() or (f.method == "*"
                                                      and name.lower() != "getupdates")]
        if not candidates:
            return None
        params: JSON = {}
        if any(f.when is not None for f in candidates):
            params, _ = await self._read_params(request)
        for fault in candidates:
            if fault.when is None or fault.when(params):
                fault.times -= 1
                if fault.times <= 0:
                    self._faults.remove(fault)
                return fault
        return None

    @staticmethod
    async def _read_params(request: web.Request) -> tuple[JSON, dict[str, bytes]]:
        """The fake's own parsing, once per request: a fault's `when` reads the params
        before the fake does, and a request body can be read only once."""
        if PARAMS not in request:
            request[PARAMS] = await FakeTelegram._read_params(request)
        return request[PARAMS]
