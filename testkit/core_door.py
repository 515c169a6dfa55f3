"""The game core assembled with no door of the project (`core.assembly.Core`), for
tests/core: a door that only records what it hears (`Heard`), a clock the test moves
(`testkit.clocks.FakeClock`), seeded dice, the computer inline, and the ways a test
acts as a player (`ask`: through the gate, as every door does)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field

from core.actions import Act, Action, Refusal
from core.assembly import Core, Door
from core.events import Change, What
from core.games import Sight
from core.live import Live
from core.timecontrol import TimeControl
from core.workers import InlineRunner
from engine.dice import SeededDice
from engine.game import Phase
from engine.position import Position
from storage import games, upsert_player
from storage.connect import open_database
from storage.db import Database
from storage.matchmaking import MatchRequest, Pairing
from storage.models import Game as Row
from testkit.clocks import FakeClock
from testkit.waiting import close_database, within

ALI, VALI, SOLI, OUTSIDER = 1, 2, 3, 9  # OUTSIDER plays in no game: a stranger, a watcher


@dataclass(frozen=True)
class Settings:
    """The settings the core reads (`core.assembly.CoreSettings`)."""

    move_timeout_seconds: int = 60
    restart_grace_seconds: int = 30
    time_controls: str = ""
    auto_analysis_matches: int = 0


@dataclass
class Heard:
    """A door that records what it hears: every announced change, and the searches' news
    (`SearchNews`) as (what, player) pairs."""

    changes: list[Change] = field(default_factory=list)
    searches: list[tuple[str, int]] = field(default_factory=list)
    pairings: list[Pairing] = field(default_factory=list)

    async def shows(self, change: Change) -> None:
        self.changes.append(change)

    def of(self, game_id: int) -> list[tuple[What, int | None]]:
        """What was heard of `game_id`: (what, the seat concerned or None: everybody)."""
        return [(c.what, c.seat) for c in self.changes if c.game_id == game_id]

    async def waiting(self, request: MatchRequest, *, new_message: bool = False) -> None:
        self.searches.append(("waiting", request.player_id))

    async def invite(self, request: MatchRequest, player_id: int) -> None:
        self.searches.append(("invite", player_id))

    async def found(self, pairing: Pairing) -> None:
        self.pairings.append(pairing)

    async def cancelled(self, request: MatchRequest) -> None:
        self.searches.append(("cancelled", request.player_id))

    async def expired(self, request: MatchRequest) -> None:
        self.searches.append(("expired", request.player_id))


@dataclass
class Table:
    """The core, its clock and the recording door."""

    core: Core
    clock: FakeClock
    heard: Heard

    @property
    def db(self) -> Database:
        return self.core.db


@asynccontextmanager
async def assembled(database_url: str, *, seed: int = 3, sight: Sight | None = None,
                    settings: Settings | None = None) -> AsyncIterator[Table]:
    """The core on `database_url` with players ALI, VALI, SOLI and OUTSIDER stored, one
    recording door attached (`sight`: the door's, when given)."""
    db = await open_database(database_url)
    clock = FakeClock()
    core = Core(settings or Settings(), db, clock=clock, dice=SeededDice(seed),
                pool=InlineRunner(), analysis_runner=InlineRunner(), sleep=clock.sleep)
    heard = Heard()
    core.attach(Door(shows=heard.shows, search=heard, sight=sight))
    for player, name in ((ALI, "Ali"), (VALI, "Vali"), (SOLI, "Soli"), (OUTSIDER, "Out")):
        await upsert_player(db, player, name, username=None, language="en", now=clock())
    try:
        yield Table(core, clock, heard)
    finally:
        try:
            await within(core.stop(), 60, "the core to stop (work a test left held?)")
        finally:
            await close_database(db)


async def friends(t: Table, creator: int = ALI, acceptor: int = VALI, *, length: int = 1,
                  cube: bool = False, control: TimeControl | None = None,
                  variant: str = "short") -> int:
    """A game between two people by challenge, begun; its id."""
    made = await t.core.challenges.create(creator, variant, length, cube, control)
    row, live = await t.core.challenges.accept(made.code, acceptor)
    await t.core.games.begin(row, live)
    return row.id


async def stored(t: Table, game_id: int) -> tuple[Row, Live]:
    row = await games.load_game(t.db, game_id)
    return row, Live.load(row.state_json)


async def ask(t: Table, user_id: int, action: Action,
              respond: Callable[[Refusal | None], Awaitable[None]] | None = None
              ) -> list[Refusal | None]:
    """`user_id`'s action through the gate (as a door sends it); the answers it got."""
    answers: list[Refusal | None] = []

    async def record(refusal: Refusal | None) -> None:
        answers.append(refusal)
        if respond is not None:
            await respond(refusal)

    await t.core.gate.act(user_id, action, record)
    return answers


async def to_act(t: Table, game_id: int) -> tuple[int, int, Row, Live]:
    """(the player to act, their seat, the stored row and game)."""
    row, live = await stored(t, game_id)
    seat = live.game.to_act
    player = row.players[seat]
    assert player is not None
    return player, seat, row, live


async def craft(t: Table, game_id: int, position: Position, *, seat: int,
                dice: tuple[int, int]) -> Row:
    """Store the game with `seat` to move `position` (its own view) with `dice`."""
    row, live = await stored(t, game_id)
    game = live.game
    game.position, game.seat, game.phase, game.dice = position, seat, Phase.MOVE, dice
    game.moved = [True, True]
    live.steps = []
    await games.save_game(t.db, game_id, row.version, state_json=live.dump(),
                          deadline=row.deadline, now=t.clock())
    return await games.load_game(t.db, game_id)


def act(row: Row, what: Act, src: int = 0, dst: int = 0) -> Action:
    """An action on the game as `row` stores it."""
    return Action(row.id, row.version, what, src, dst)


async def first_step(t: Table, game_id: int) -> tuple[int, Action]:
    """The player to move and their first legal step, on the stored version."""
    player, _, row, live = await to_act(t, game_id)
    step = live.game.turn().plays[0].move.steps[0]
    return player, act(row, Act.GO, step.src, step.dst)


async def play_turn(t: Table, game_id: int) -> int:
    """The player to move plays the first legal move of the roll, step by step, and sends
    it with Done; returns their seat."""
    player, seat, row, live = await to_act(t, game_id)
    assert live.game.phase is Phase.MOVE
    for step in live.game.turn().plays[0].move.steps:
        row = (await stored(t, game_id))[0]
        assert await ask(t, player, act(row, Act.GO, step.src, step.dst)) == [None]
    row, live = await stored(t, game_id)
    if live.game.seat == seat and live.game.phase is Phase.MOVE:
        assert await ask(t, player, act(row, Act.DONE)) == [None]
    return seat
