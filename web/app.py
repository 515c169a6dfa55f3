"""The web door: the Mini App page and its API, an aiohttp application.

Every API request carries the Mini App's init data (`Authorization: tma <initData>`,
`web.auth`); a request without valid init data gets 401 and changes nothing. A player acts
only in their own games, through the same game core as the chat buttons (`ActionGate` →
`GameService.act`: the same locks, version check, timers, outbox and move log); anybody
signed in may watch any game, read-only. The live connection (`GET api/live`, a WebSocket)
signs in with its first message. Bad input gets a 4xx with a reason, never a traceback;
each user has a rate limit, and so has each address for refused sign-ins; every response
carries a content-security policy that allows no inline script. docs/web.md describes the API.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any, TypeGuard, cast

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError, LineTooLong

from core.actions import Act, Action, Refusal
from core.aftergame import NotWhileTournamentRuns, Unavailable
from core.analysis import match_skill
from core.assembly import Core, Door
from core.clockface import clock_face
from core.hints import HintRefusal
from core.history import thrown
from core.live import Live
from core.lobby import open_games
from core.matchmaking import AlreadySearching
from core.options import BUSY, LENGTHS, LEVELS, has_cube, with_cube
from core.replay import replay_of
from core.resigning import resign_cost
from core.seen import final_match
from core.timecontrol import CLOCK_WARNING, TimeControl
from engine.position import VARIANTS, Variant
from i18n import Translator, pick_language
from i18n.figures import hint_lines, local_notation
from i18n.people import People
from storage import analysis, games, outage
from storage.errors import DatabaseBlip, GameNotFound
from storage.matchmaking import (
    ANY_LENGTH,
    CUBE_EITHER,
    CUBE_OFF,
    CUBE_ON,
    MatchRequest,
    waiting_request,
)
from storage.models import Game as Row
from web import jsonin
from web.auth import Unauthorized, WebUser, check_init_data, claimed_language, from_header
from web.controls import NotOffered, chosen, clock_json, offered_json
from web.layout import layout
from web.limits import UNSIGNED_BURST, UNSIGNED_RATE, RateLimit
from web.live import UNKNOWN, LiveBoards, TooManyPages, Unknown, Watcher
from web.replay import replay_json
from web.schema import (
    ActionBody,
    Answer,
    GameState,
    HelloBody,
    NewGameBody,
    NotSaved,
    OpenGame,
    SavedUnread,
    Search,
    SearchBody,
    ShareBody,
    WordedError,
)
from web.sharing import ShareError, SharePictures, share, share_texts
from web.state import game_state, skill_lines

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
TELEGRAM_SCRIPT = "https://telegram.org/js/telegram-web-app.js"
# Local play and tests: the same interface, reading the init data from the page's address
# as Telegram's own script does (`#tgWebAppData=…`).
LOCAL_SCRIPT = "static/telegram-local.js"
MAX_BODY = 16 * 1024  # bytes: an action is a few dozen
CLOSE_WAIT = 2.0  # seconds a stopping process waits for the pages' answers to its close
ACTS = {"go": Act.GO, "undo": Act.UNDO, "done": Act.DONE, "roll": Act.ROLL,
        "double": Act.DOUBLE, "take": Act.TAKE, "drop": Act.DROP, "resign": Act.RESIGN,
        "finish": Act.FULL}
CSP = ("default-src 'self'; script-src 'self' https://telegram.org; style-src 'self'; "
       "img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; "
       "base-uri 'self'; frame-ancestors https://web.telegram.org https://*.telegram.org "
       "'self'")
AUTH_SECONDS = 10.0  # a live connection must sign in within this
FLOOD_PAUSE = 1.0  # seconds an address over its refused sign-ins waits for its 429
UNAVAILABLE = "the database is not answering"  # the reason of a 503 (and its 202)
RETRY_AFTER = "5"  # seconds: a request the database could not answer may come again then
# The texts of the page (formatted without arguments) in the reader's language.
PAGE_TEXTS = (
    "btn-roll", "btn-take", "btn-drop", "btn-undo", "btn-done", "btn-resign",
    "btn-resign-yes", "btn-resign-no", "btn-rematch", "btn-analysis", "btn-replay",
    "btn-new-game", "btn-find-opponent", "btn-short", "btn-long", "btn-vs-computer",
    "btn-cube-on", "btn-cube-off", "btn-mm-cancel", "variant-short", "variant-long",
    "level-beginner", "level-casual", "level-intermediate", "level-strong", "level-master",
    "web-title", "web-lobby", "web-no-game", "web-open", "web-watching",
    "web-you", "web-pips", "web-level", "web-length", "web-start", "web-searching",
    "web-won", "web-lost", "web-match-won", "web-match-lost", "web-sent-to-chat",
    "web-stale", "web-offline", "web-reconnecting", "web-close-confirm", "web-busy",
    "web-back", "web-time-left", "web-double-offered", "web-your-turn", "web-drag-hint",
    "web-not-found", "web-time-control", "web-clock-delay", "web-clock-bank", "web-my-games",
    "web-turn-yours", "web-turn-theirs", "web-control-not-for-computer", "web-moves",
    "web-full-moves", "btn-hint",
)
WHEN = "%when%"  # where the page puts a deadline it words in the browser's time zone

class BadRequest(Exception):
    """A request the API cannot take: 4xx with the reason."""

    def __init__(self, reason: str, status: int = 400, *, close: bool = False,
                 text: str | None = None) -> None:
        super().__init__(reason)
        self.status, self.close = status, close  # close: and the connection with it
        self.text = text  # the reason in the user's language, when the page shows it


class WebDoor:
    """The web board of one process, over the game core's services."""

    def __init__(self, core: Core, *, token: str, people: People, default_language: str,
                 limit: RateLimit[int] | None = None,
                 unsigned: RateLimit[str] | None = None,
                 trusted_proxies: Iterable[str] = (), base_path: str = "/",
                 telegram_script: str = TELEGRAM_SCRIPT, public_url: str | None = None
                 ) -> None:
        """The web board over `core`, attached to it at once: the open pages hear every
        committed change, and a player's open page counts as seeing the game."""
        self.token, self.games, self.gate = token, core.games, core.gate
        self.matchmaking, self.people, self.clock = core.matchmaking, people, core.clock
        self.db, self.after_game, self.controls = core.db, core.after_game, core.controls
        self.hints, self.players = core.hints, core.players
        self.default_language = default_language
        self.limit: RateLimit[int] = limit or RateLimit()
        self.unsigned: RateLimit[str] = unsigned or RateLimit(UNSIGNED_RATE, UNSIGNED_BURST)
        self.trusted_proxies = tuple(ipaddress.ip_network(proxy, strict=False)
                                     for proxy in trusted_proxies)
        self.base_path = base_path if base_path.endswith("/") else base_path + "/"
        self.index = (STATIC / "index.html").read_text(encoding="utf-8").replace(
            "{{telegram_script}}", telegram_script)
        self.live = LiveBoards(self.db, self._state_in, self.people.translator)
        self.shares = core.sharing
        # WEBAPP_URL (`public_url`): where Telegram fetches a shared result picture.
        self.pictures = SharePictures(self.db, people, token, public_url)
        self._sockets: set[web.WebSocketResponse] = set()
        self._outage_told = -1  # the database outage (`OUTAGE.outages`) logged last
        self.flood_pause, self.flood_sleep = FLOOD_PAUSE, asyncio.sleep
        core.attach(Door(shows=self.live.on_change, sight=self._shown))

    # -- wiring ----------------------------------------------------------------------

    async def start(self) -> None:
        """Hear other processes' committed changes too (through PostgreSQL; this
        process's come from the core)."""
        quiet_parse_errors()
        if self.db.engine == "postgres":
            self.db.game_notices = True
            await self.db.listen(games.GAME_CHANGED, self.live.on_notice)

    async def stop(self) -> None:
        await self.close_sockets()
        await self.live.close_all()

    async def close_sockets(self) -> None:
        """Tell every live page this process is going away (1001: the page reconnects, to
        another process behind the proxy), waiting at most `CLOSE_WAIT` for their answers.
        Left open, a socket would hold a stopping server for its shutdown timeout."""
        closing = [socket.close(code=WSCloseCode.GOING_AWAY, message=b"going away")
                   for socket in list(self._sockets)]
        if closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*closing, return_exceptions=True),
                                       CLOSE_WAIT)

    def app(self) -> web.Application:
        """The page and its API (mounted under `base_path`, the path of WEBAPP_URL, by
        `serve` and `mount`)."""
        app = web.Application(client_max_size=MAX_BODY,
                              middlewares=[self._errors, self._headers])
        p = "/"
        app.router.add_get(p, self.page)
        app.router.add_get(p + "index.html", self.page)
        app.router.add_static(p + "static/", STATIC, append_version=False)
        app.router.add_get(p + "api/session", self.session)
        app.router.add_get(p + "api/games/{game:\\d{1,18}}", self.read)
        app.router.add_post(p + "api/games/{game:\\d{1,18}}/actions", self.act)
        app.router.add_get(p + "api/games/{game:\\d{1,18}}/resign", self.resign_cost)
        app.router.add_get(p + "api/games/{game:\\d{1,18}}/hint", self.hint)
        app.router.add_post(p + "api/games/{game:\\d{1,18}}/{what:rematch|analysis|replay}",
                            self.after)
        app.router.add_get(p + "api/games/{game:\\d{1,18}}/frames", self.frames)
        app.router.add_post(p + "api/games/{game:\\d{1,18}}/share", self.share)
        app.router.add_get(p + "share/{name}", self.pictures.serve)
        app.router.add_get(p + "api/games", self.lobby)
        app.router.add_post(p + "api/games", self.new_game)
        app.router.add_post(p + "api/search", self.search)
        app.router.add_delete(p + "api/search", self.cancel_search)
        app.router.add_get(p + r"api/search/{id:\d+}", self.search_state)
        app.router.add_get(p + "api/live", self.socket)
        return app

    # -- middlewares -------------------------------------------------------------------

    @web.middleware
    async def _headers(self, request: web.Request, handler: Any) -> web.StreamResponse:
        response: web.StreamResponse = await handler(request)
        response.headers.setdefault("Content-Security-Policy", CSP)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if "/api/" in request.path:
            response.headers.setdefault("Cache-Control", "no-store")
        return response

    @web.middleware
    async def _errors(self, request: web.Request, handler: Any) -> web.StreamResponse:
        try:
            return await handler(request)
        except BadRequest as exc:
            response = _error(exc.status, str(exc), exc.text)
            if exc.close:
                response.force_close()
            return response
        except Unauthorized as exc:
            # The page has no texts before it signs in: the refusal comes worded, in the
            # language the init data claims (or the bot's default).
            t = Translator(pick_language(
                None, claimed_language(request.headers.get("Authorization")),
                self.default_language))
            return _error(401, str(exc), t("web-signin-failed"))
        except DatabaseBlip:  # (QuietOutages would drop a traceback of it from the log)
            t = Translator(pick_language(
                None, claimed_language(request.headers.get("Authorization")),
                self.default_language))
            return self._unavailable(request, {"error": UNAVAILABLE, "text": t("web-unavailable")})
        except web.HTTPException as exc:
            if exc.status >= 400 and exc.content_type != "application/json":
                return _error(exc.status, exc.reason)
            raise
        except ConnectionResetError:
            # The client went away before its request was read whole (a closed page, a
            # lost network): nothing was done, and nobody reads the answer (raised, aiohttp
            # would log it as the server's error).
            log.debug("the client left during %s %s", request.method, request.path)
            return _error(400, "the request was cut short")
        except Exception:
            log.exception("the web API failed on %s %s", request.method, request.path)
            return _error(500, "internal error")

    def _unavailable(self, request: web.Request, body: WordedError | NotSaved | SavedUnread,
                     status: int = 503) -> web.Response:
        """The database did not answer: `body` with a hint to come again, logged once per
        outage (storage.outage logs the outage itself)."""
        if self._outage_told != outage.OUTAGE.outages:
            self._outage_told = outage.OUTAGE.outages
            log.warning("the web board answers %s to %s %s: the database is not answering",
                        status, request.method, request.path)
        return answer(body, status, headers={"Retry-After": RETRY_AFTER})

    # -- who asks ----------------------------------------------------------------------

    def peer(self, request: web.Request) -> str:
        """The address refused sign-ins are counted against: the peer's, or behind a
        trusted proxy (TRUSTED_PROXIES) the nearest X-Forwarded-For address that is no
        trusted proxy (the client's, as nginx appends it)."""
        remote = request.remote or ""
        if not self._trusted(remote):
            return remote
        forwarded = ",".join(request.headers.getall("X-Forwarded-For", ()))
        for address in reversed(forwarded.split(",")):
            address = address.strip()
            try:
                address = str(ipaddress.ip_address(address))
            except ValueError:
                return remote  # not what a trusted proxy writes
            if not self._trusted(address):
                return address
        return remote

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in proxy for proxy in self.trusted_proxies)

    async def refuse_flood(self, peer: str) -> None:
        """429 before any signature is checked, while the address's refused sign-ins are
        over their limit: after a pause (`FLOOD_PAUSE`) and with the connection closed, so
        a client looping on it sends a request a second a connection instead of as many
        as the server can answer (a 429 answered at once cost the others as much as the
        401s it replaced: docs/performance.md)."""
        if self.unsigned.empty(peer):
            await self.flood_sleep(self.flood_pause)
            raise BadRequest("too many refused sign-ins: slow down", 429, close=True)

    async def user_of(self, request: web.Request) -> WebUser:
        """The signed-in user (stored as a player, as a chat update would store them)."""
        peer = self.peer(request)
        await self.refuse_flood(peer)
        try:
            user = check_init_data(self.token,
                                   from_header(request.headers.get("Authorization")),
                                   self.clock())
        except Unauthorized:
            self.unsigned.allow(peer)
            raise
        if not self.limit.allow(user.id):
            raise BadRequest("too many requests: slow down", 429)
        await self.players.sign_in(user.id, user.name, username=user.username,
                                    language=user.language_code)
        return user

    async def translator(self, user: WebUser) -> Translator:
        player = await self.people.player(user.id)
        saved = player.language if player else None
        return Translator(pick_language(saved, user.language_code, self.default_language))

    async def _words(self, user: WebUser) -> Translator:
        """The user's language, or the one their init data claims while the database is
        away."""
        try:
            return await self.translator(user)
        except DatabaseBlip:
            return Translator(pick_language(None, user.language_code, self.default_language))

    async def _stored(self, game_id: int, seat: int | None, user_id: int) -> GameState:
        """The game as stored now, as `seat` sees it (read again while the database does
        not answer, as the core tries an action again)."""
        async def read() -> GameState:
            row = await games.load_game(self.db, game_id)
            return await self.view_of(row, Live.load(row.state_json), seat, user_id)
        return await outage.retrying(read, self.games.sleep)

    async def view_of(self, row: Row, live: Live, seat: int | None, user_id: int
                      ) -> GameState:
        """The API's game state: what `seat` (None: a watcher) sees, in `user_id`'s
        language."""
        return await self._state_in(row, live, seat, await self.people.translator(user_id))

    async def _state_in(self, row: Row, live: Live, seat: int | None, t: Translator
                        ) -> GameState:
        """What `seat` (None: a watcher) sees, in `t`'s language."""
        names = await self.people.names(row, t)
        state = game_state(row, live, seat, names, t, self.clock(),
                           self.games.control_of(row))
        if state["result"] is not None and seat is not None:
            state["result"]["rematch"] = await self.after_game.rematchable(row)
            skills = {s: match_skill(m) for s, m in
                      (await analysis.match_figures(self.db, row.id)).items()}
            state["result"]["skill"] = skill_lines(skills, seat, names, t)
        if state["can"]["double"]:
            state["texts"]["double"] = t("btn-double", value=live.game.cube_value * 2)
        return state

    async def _shown(self, row: Row, seat: int) -> bool:
        """A sight for the core: an open page of the player has been sent this version."""
        player = row.players[seat]
        return player is not None and self.live.has_shown(row.id, player, row.version)

    # -- the page ----------------------------------------------------------------------

    async def page(self, request: web.Request) -> web.Response:
        return web.Response(text=self.index, content_type="text/html",
                            headers={"Cache-Control": "no-cache"})

    # -- the API -----------------------------------------------------------------------

    async def session(self, request: web.Request) -> web.Response:
        """Who is signed in, the page's texts in their language, the board's layout, the
        time controls offered and their games (the live one in progress, if any, and every
        game being played)."""
        user = await self.user_of(request)
        t = await self.translator(user)
        active = await self.games.active_game(user.id)
        return answer({
            "user": {"id": user.id, "name": user.name},
            "language": t.language,
            "texts": {**{key: t(key) for key in PAGE_TEXTS}, **share_texts(t),
                      "web-clock-warning": t("web-clock-warning", seconds=int(CLOCK_WARNING)),
                      "web-deadline": t("web-deadline", when=WHEN),
                      "web-span-days": t("span-days", days="%d%", hours="%h%"),
                      "web-span-whole-days": t("span-whole-days", days="%d%")},
            "layout": layout(),
            "active": active.id if active is not None else None,
            "start": _start_game(user.start_param),
            "levels": list(LEVELS), "lengths": list(LENGTHS),
            "controls": offered_json(self.controls, t),
            "games": await self._open_games(user, t),
        })

    async def _load(self, request: web.Request) -> tuple[WebUser, Row, Live, int | None]:
        user = await self.user_of(request)
        try:
            row = await games.load_game(self.db, int(request.match_info["game"]))
        except GameNotFound:
            raise BadRequest("no such game", 404) from None
        return user, row, Live.load(row.state_json), row.seat_of(user.id)

    async def read(self, request: web.Request) -> web.Response:
        """The game as the asker sees it (a player their side; anybody else watches)."""
        user, row, live, seat = await self._load(request)
        return answer(await self.view_of(row, live, seat, user.id))

    async def act(self, request: web.Request) -> web.Response:
        """One action of the asker in their game, through the game core; the game as
        stored afterwards (409 with the refusal when it changed nothing)."""
        user, row, live, seat = await self._load(request)
        body = cast(ActionBody, await _json(request))  # each value checked below
        if seat is None:
            raise BadRequest("you do not play in this game", 403)
        act = ACTS.get(str(body.get("act")))
        version = body.get("version")
        if act is None or not _int(version, 0, 2**62):
            raise BadRequest("an action needs `act` (one of " + ", ".join(ACTS)
                             + ") and the `version` it was chosen on")
        src, dst = body.get("src", 0), body.get("dst", 0)
        if not _int(src, 0, 25) or not _int(dst, 0, 25):
            raise BadRequest("`src` and `dst` are points 0-25")
        # The answer carries the game as stored: a refusal redraws nothing elsewhere.
        if act is Act.RESIGN:  # the question was about this game of the match
            action = Action(row.id, version, act, seat=seat, number=live.number,
                            answered_with_game=True)
        else:
            action = Action(row.id, version, act, src, dst, answered_with_game=True)
        refused: list[Refusal | None] = []

        async def respond(refusal: Refusal | None) -> None:
            refused.append(refusal)

        await self.gate.act(user.id, action, respond)
        refusal = refused[0] if refused else None
        if refusal is Refusal.UNAVAILABLE:  # the core's tries ran out: nothing was saved
            t = await self._words(user)
            return self._unavailable(request, {"error": UNAVAILABLE, "refusal": "unavailable",
                                               "text": t(f"alert-{refusal}")})
        try:
            state = await self._stored(row.id, seat, user.id)
        except DatabaseBlip:
            if refusal is not None:
                raise  # nothing was saved: 503 (`_errors`)
            # Applied, but the game cannot be read back: say so; the live pushes follow.
            t = await self._words(user)
            return self._unavailable(request, {"error": UNAVAILABLE, "applied": True,
                                               "text": t("web-saved-unavailable")}, 202)
        if refusal is not None:
            t = await self.people.translator(user.id)
            return answer({"refusal": refusal.value, "text": t(f"alert-{refusal}"),
                           "state": state}, 409)
        return answer({"state": state})

    async def resign_cost(self, request: web.Request) -> web.Response:
        """What resigning now would cost the asker (the question the page asks first)."""
        user, row, live, seat = await self._load(request)
        if seat is None or row.status != "active":
            raise BadRequest("you do not play in this game", 403)
        result, match = resign_cost(live.game, seat)
        t = await self.people.translator(user.id)
        return answer({
            "points": result.points, "kind": result.kind.value,
            "text": t("resign-ask-plain" if result.kind.value == "plain" else "resign-ask",
                      points=result.points, kind=t(f"kind-{result.kind.value}")),
            "match_ends": match.winner is not None, "version": row.version})

    async def hint(self, request: web.Request) -> web.Response:
        """The best three moves of the asker's roll in an unrated game against the
        computer (`core.hints`): each with its equity and how far behind the best, and the
        lines the page shows, worded as the chat's; 403 in a rated game (or not the
        asker's), 409 when it is not their move."""
        user = await self.user_of(request)
        got = await self.hints.ask(int(request.match_info["game"]), user.id)
        t = await self.translator(user)  # the page's language
        if isinstance(got, HintRefusal):
            key = "alert-not-player" if got is HintRefusal.NOT_YOURS else f"hint-{got}"
            raise BadRequest(f"no hint: {got}", 409 if got is HintRefusal.NOT_NOW else 403,
                             text=t(key))
        return answer({
            "dice": list(got.dice),
            "moves": [{"move": m.move, "equity": round(m.equity, 4),
                       "behind": round(m.behind, 4)} for m in got.moves],
            "lines": hint_lines(t, thrown(got.dice), got.moves)})

    async def after(self, request: web.Request) -> web.Response:
        """After a game: play again, or the analysis or the replay sent to the chat."""
        user, row, live, seat = await self._load(request)
        if seat is None:
            raise BadRequest("you did not play in this game", 403)
        what = request.match_info["what"]
        try:
            if what == "rematch":
                try:
                    new = await self.after_game.rematch(user.id, row)
                except BUSY:
                    raise BadRequest("you are in a game already", 409) from None
                except NotWhileTournamentRuns:
                    raise BadRequest("not while the tournament runs", 409) from None
                if new is not None:  # the computer: a new game at once, same settings
                    return answer({"game": new.id})
                return answer({"sent": True})
        except Unavailable:
            raise BadRequest("not available here", 404) from None
        if row.status == "active":
            raise BadRequest("not available for this game now", 409)
        try:
            if what == "analysis":
                await self.after_game.analyse(user.id, row, live.number)
            else:
                await self.after_game.replay(user.id, row, live.number)
        except Unavailable:
            raise BadRequest("not available for this game now", 409) from None
        return answer({"sent": True})

    async def frames(self, request: web.Request) -> web.Response:
        """A finished game of the match, frame by frame, with its mistakes once analysed
        (`core.replay`, `web/replay.py`); `?number=N` (default: the match's last game)."""
        user, row, live, seat = await self._load(request)
        number = request.query.get("number", str(live.number))
        if not number.isdigit() or not 1 <= int(number) <= live.number:
            raise BadRequest("`number` is a game of the match, 1 or more")
        side = 0 if seat is None else seat
        t = await self.translator(user)
        names = await self.people.names(row, t)
        replay = await replay_of(self.db, row, int(number), side, names,
                                 partial(local_notation, t))
        if replay is None:
            raise BadRequest("that game is still being played", 409)
        won = int(number) == live.number and final_match(live).winner is not None
        return answer(replay_json(replay, Variant(row.variant), names, t, won))

    async def share(self, request: web.Request) -> web.Response:
        """A finished game's result card or a challenge as a prepared message, or the
        result picture for a story (`web/sharing.py`)."""
        user, row, live, seat = await self._load(request)
        body = cast(ShareBody, await _json(request))  # `what` checked by `share`
        t = await self.translator(user)
        try:
            shared = await share(self.shares, self.pictures, request, self.base_path, user.id,
                                 row, live.number, seat, body.get("what"), t)
        except ShareError as exc:
            raise BadRequest(str(exc), exc.status, text=exc.text) from None
        return answer(shared)

    async def lobby(self, request: web.Request) -> web.Response:
        """The asker's games being played (a live one and correspondence games)."""
        user = await self.user_of(request)
        t = await self.translator(user)
        return answer({"games": await self._open_games(user, t),
                       "now": self.clock().isoformat()})

    async def _open_games(self, user: WebUser, t: Translator) -> list[OpenGame]:
        """The user's games being played, each with the opponent, whose turn it is and
        the clock (`core.lobby.open_games`: the live one first)."""
        now, listed = self.clock(), list[OpenGame]()
        for game in await open_games(self.games, user.id):
            names = await self.people.names(game.row, t)
            listed.append({
                "game": game.row.id, "variant": str(game.row.variant),
                "opponent": names[1 - game.seat],
                "to_act": "viewer" if game.my_turn else "opponent",
                "clock": clock_json(clock_face(game.row, game.live, game.control, now),
                                    game.seat, t)})
        return listed

    async def _control(self, user: WebUser, token: object, *, computer: bool
                       ) -> TimeControl | None:
        """The time control the body chose (`control`, a token; left out: the default);
        400 with the reason in the user's language for one the host does not offer."""
        try:
            return chosen(self.controls, token, computer=computer)
        except NotOffered as exc:
            t = await self.translator(user)
            raise BadRequest(str(exc), text=t("web-control-not-for-computer" if exc.computer
                                             else "web-control-unknown")) from None

    async def new_game(self, request: web.Request) -> web.Response:
        """A new game against the computer: {variant, level, length, cube, control}."""
        user = await self.user_of(request)
        body = cast(NewGameBody, await _json(request))  # each value checked below
        variant, level = body.get("variant"), body.get("level")
        length, cube = body.get("length", 1), bool(body.get("cube", False))
        if variant not in VARIANTS or level not in LEVELS or length not in LENGTHS:
            raise BadRequest("a new game needs variant (short|long), level and length ("
                             + ", ".join(map(str, LENGTHS)) + ")")
        control = await self._control(user, body.get("control"), computer=True)
        try:
            row = await self.games.start_vs_computer(user.id, variant, level, length,
                                                     with_cube(variant, cube), control)
        except BUSY:
            active = await self.games.active_game(user.id)
            return answer({"refusal": "busy", "game": active.id if active else None}, 409)
        return answer({"game": row.id})

    async def search(self, request: web.Request) -> web.Response:
        """Find an opponent: {variant, lengths (a bit mask, 15: any), cube (0, 1, 2: either),
        control (a token; only searches of the same control are paired)}."""
        user = await self.user_of(request)
        body = cast(SearchBody, await _json(request))  # each value checked below
        variant, lengths, cube = body.get("variant"), body.get("lengths", ANY_LENGTH), \
            body.get("cube", CUBE_EITHER)
        if variant not in VARIANTS or not _int(lengths, 1, ANY_LENGTH) \
                or cube not in (CUBE_OFF, CUBE_ON, CUBE_EITHER):
            raise BadRequest("a search needs variant, lengths (1-15) and cube (0, 1, 2)")
        # (left out: the core's default, as a search from the chat)
        control = None if body.get("control") is None else \
            await self._control(user, body.get("control"), computer=False)
        if not has_cube(variant):
            cube = CUBE_OFF
        found: MatchRequest | None
        try:
            found = await self.matchmaking.search(user.id, variant, lengths, cube, control)
        except BUSY:
            return answer({"refusal": "busy"}, 409)
        except AlreadySearching:
            found = await waiting_request(self.db, user.id)
            if found is None:  # it paired or ended meanwhile: the game, if any, is live
                active = await self.games.active_game(user.id)
                return answer({"searching": False, "search": None,
                               "game": active.id if active else None})
        return answer(_search_json(found))

    async def search_state(self, request: web.Request) -> web.Response:
        """The asker's search `id` as it stands: `{searching, game, search}` (the page polls
        it while searching: a correspondence game paired beside a live one is not the
        session's `active`)."""
        user = await self.user_of(request)
        found = await self.matchmaking.request_of(user.id, int(request.match_info["id"]))
        if found is None:
            raise web.HTTPNotFound()
        return answer(_search_json(found))

    async def cancel_search(self, request: web.Request) -> web.Response:
        user = await self.user_of(request)
        return answer({"cancelled": await self.matchmaking.cancel(user.id)})

    # -- live ----------------------------------------------------------------------------

    async def socket(self, request: web.Request) -> web.WebSocketResponse:
        """The live board: the first message signs in and names the game, the version the
        page has and that version's deadline ({"auth": initData, "game": id, "version": v,
        "deadline": iso or null}); then the server sends {"type": "state", "state": …} for
        every change ("again": true when it is the page's version again, e.g. with a moved
        deadline) and {"type": "warning"} when a quarter of the player's time is left.
        Opened too often, or past the user's open pages (`PAGES_PER_USER`), it is closed
        with 4429; a page that does not read its messages is cut off (`web.live`)."""
        peer = self.peer(request)
        await self.refuse_flood(peer)  # an HTTP 429, before the upgrade
        socket = web.WebSocketResponse(heartbeat=30.0, max_msg_size=8 * 1024)
        await socket.prepare(request)
        self._sockets.add(socket)
        watcher: Watcher | None = None
        try:
            try:
                first = await socket.receive(timeout=AUTH_SECONDS)
            except TimeoutError:
                self.unsigned.allow(peer)
                await socket.close(code=4401, message=b"sign in first")
                return socket
            hello = _hello(first)
            if hello is None:
                self.unsigned.allow(peer)
                await socket.close(code=4400, message=b"bad first message")
                return socket
            try:
                user = check_init_data(self.token, hello.auth, self.clock())
            except Unauthorized:
                self.unsigned.allow(peer)
                await socket.close(code=4401, message=b"init data refused")
                return socket
            if not self.limit.allow(user.id):
                await socket.close(code=4429, message=b"too many live boards")
                return socket
            try:
                row = await games.load_game(self.db, hello.game)
            except GameNotFound:
                await socket.close(code=4404, message=b"no such game")
                return socket
            transport = request.transport

            def drop() -> None:  # a page that does not read: no close frame would go out
                if transport is not None:
                    transport.abort()

            watcher = Watcher(user.id, hello.game, row.seat_of(user.id), socket.send_str,
                              version=hello.version, deadline=hello.deadline, drop=drop)
            try:
                await self.live.open(watcher)
            except TooManyPages:
                watcher = None
                await socket.close(code=4429, message=b"too many live boards")
                return socket
            async for message in socket:  # the page only pings; anything else is ignored
                if message.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
        finally:
            if watcher is not None:
                self.live.close(watcher)
            self._sockets.discard(socket)
        return socket


class ParseErrors(logging.Filter):
    """aiohttp logs a request it cannot parse at ERROR with a traceback whose message
    quotes the request: an Authorization header over its 8 KB, init data and all (the
    user's id and name). Such a record becomes one INFO line naming what was wrong and
    the peer, without the content."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            what = "a header too long" if isinstance(exc, LineTooLong) else \
                f"a malformed request ({type(exc).__name__})"
            peer = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            record.msg, record.args = "refused %s from %s", (what, peer)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_parse_errors() -> None:
    """Install `ParseErrors` on aiohttp's server logger (once per process)."""
    logger = logging.getLogger("aiohttp.server")
    if not any(isinstance(existing, ParseErrors) for existing in logger.filters):
        logger.addFilter(ParseErrors())


def answer(body: Answer, status: int = 200, headers: dict[str, str] | None = None
           ) -> web.Response:
    """An HTTP answer: one of the API's typed bodies (`web/schema.py`) as JSON."""
    return web.json_response(body, status=status, headers=headers)


def _error(status: int, reason: str, text: str | None = None) -> web.Response:
    if text is None:
        return answer({"error": reason}, status)
    return answer({"error": reason, "text": text}, status)


def _search_json(found: MatchRequest) -> Search:
    """A search as the page follows it: still waiting, or the game it made."""
    return {"searching": found.status == "waiting", "search": found.id,
            "game": found.game_id if found.status == "matched" else None}


async def _json(request: web.Request) -> dict[str, Any]:
    if request.content_length is not None and request.content_length > MAX_BODY:
        raise BadRequest("request too large", 413)
    try:
        body = await request.json(loads=jsonin.loads)
    except jsonin.TooDeep as exc:
        raise BadRequest(str(exc)) from None
    except (ValueError, UnicodeDecodeError):
        raise BadRequest("the body is not JSON") from None
    except web.HTTPRequestEntityTooLarge:
        raise BadRequest("request too large", 413) from None
    if not isinstance(body, dict):
        raise BadRequest("the body is not a JSON object")
    return body


def _int(value: object, low: int, high: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True)
class Hello:
    """A live connection's first message."""

    auth: str  # the init data
    game: int
    version: int  # the newest version the page has
    deadline: datetime | Unknown | None  # that version's deadline; UNKNOWN: not named


def _hello(message: Any) -> Hello | None:
    """The live connection's first message, else None."""
    if message.type is not WSMsgType.TEXT or len(message.data) > 8 * 1024:
        return None
    try:
        data = jsonin.loads(message.data)
    except ValueError:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("auth"), str):
        return None
    hello = cast(HelloBody, data)  # each value checked below
    game, version = hello.get("game"), hello.get("version", 0)
    if not _int(game, 1, 2**62) or not _int(version, 0, 2**62):
        return None
    deadline: datetime | Unknown | None = UNKNOWN
    if "deadline" in hello:
        try:
            deadline = None if hello["deadline"] is None else _aware(
                datetime.fromisoformat(hello["deadline"]))
        except (TypeError, ValueError):
            return None
    return Hello(hello["auth"], game, version, deadline)


def _aware(moment: datetime) -> datetime:
    if moment.tzinfo is None:
        raise ValueError("a deadline names its time zone")
    return moment


def _start_game(start_param: str | None) -> int | None:
    """The game a direct link opens ("g<id>": a group's board)."""
    if start_param and start_param.startswith("g") and start_param[1:].isdigit() \
            and len(start_param) < 20:
        return int(start_param[1:])
    return None


def mount(door: WebDoor, parent: web.Application) -> None:
    """Serve the web board under its path (`door.base_path`, not the root) in `parent`:
    the webhook's application in webhook mode."""
    prefix = door.base_path.rstrip("/")
    if not prefix:
        raise ValueError("beside another application the web board needs a path of its own "
                         "(WEBAPP_URL such as https://bot.example.com/app/)")
    # "/app" -> "/app/": added first, as the sub-application claims every path of its
    # prefix (aiohttp 3.14 answers 404 for "/app" itself when it comes second).
    parent.router.add_get(prefix, _redirect(door.base_path))
    parent.add_subapp(prefix, door.app())

    async def going_away(_: web.Application) -> None:
        await door.close_sockets()  # before the server waits for its requests to end

    parent.on_shutdown.append(going_away)


def _redirect(to: str) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    async def handler(request: web.Request) -> web.StreamResponse:
        raise web.HTTPPermanentRedirect(to)
    return handler


async def serve(door: WebDoor, host: str, port: int) -> web.AppRunner:
    """Serve the web board on its own address (polling mode); returns the runner to stop."""
    if door.base_path == "/":
        parent = door.app()
    else:
        parent = web.Application(client_max_size=MAX_BODY)
        mount(door, parent)
    runner = web.AppRunner(parent, access_log=None, shutdown_timeout=2.0)
    await runner.setup()
    await web.TCPSite(runner, host, port).start()
    return runner
