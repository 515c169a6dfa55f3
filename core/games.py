"""GameService: every change to a game goes through here (docs/architecture.md, "The path
of one button press").

Under the game's locks (this process's, then the database's across processes) the stored
game is loaded and the sender and the action's version are checked (a stale or foreign
action is refused and changes nothing); the engine applies the action and storage saves it
in one transaction (version + 1, the move log appended); the sender hears the outcome
(`Respond`) once it is saved; then, with the database's lock released, the change is
announced (`core.events`) and, while it is the computer's turn, the computer thinks in the
worker pool and its actions are saved and announced the same way. The database is the
truth: every view can be drawn again from the stored game.

The move log is derived from the engine's history at each save (`eventlog`), the turn's
deadline from the turn clock's rule (`turnclock`), and a finished game's result is put in
the outbox in the same transaction as the result.

Dice: each game's provably fair dice (`Fairness`, kept in the game's state), dealt from its
players' pending seeds, which the transaction storing the game takes (`dealing`), unless a
dice source is injected (tests, benchmarks): then that source throws every game's dice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar

from core import computer, eventlog, turnclock
from core.actions import (
    ROLL_ALWAYS,
    WITHIN_TURN,
    Act,
    Action,
    Refusal,
    Respond,
    decided,
    seat_or_refusal,
    turn_refusal,
)
from core.computer import Computer
from core.events import Announcements, Change, What
from core.fairness import Dealt, Fairness
from core.fullmoves import finish_steps
from core.live import Live, PendingTurn, Taken, own_deadline
from core.locks import KeyedLocks
from core.settings import CONFIRM_MOVES, UNDO_WINDOW, PlayerSettings
from core.timecontrol import Kind, TimeControl, stored_control
from engine.dice import DiceSource, SecretDice
from engine.errors import EngineError
from engine.game import Game, MatchState, Phase
from storage import games, outage, results
from storage.db import Database, GameLock
from storage.errors import (
    DatabaseBlip,
    GameNotActive,
    GameNotFound,
    PlayerBusy,
    VersionConflict,
)
from storage.fairness import Pending, SeedTaken
from storage.models import HOST_WINDOW, LogEntry, Timing
from storage.models import Game as Row

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
# Tries at storing a new game whose players' seeds changed after they were read (another
# game took them, or /seed changed the player's own): each try reads them again.
DEAL_TRIES = 3
# Pauses between tries of an action while the database does not answer (about 5 s in all).
BLIP_PAUSES = outage.PAUSES
# Seconds a timer pass (and a stop) waits for the turns it sent to be shown and answered:
# one stuck answer holds up neither the other games' timers nor a stop for longer.
SETTLE_WAIT = 30.0
T = TypeVar("T")
# A door's way to show a checked game without changing it (`Act.VIEW`): (row, live, seat).
View = Callable[[Row, Live, int], Awaitable[None]]
# Whether the player in `seat` has been shown the stored game (by any door).
Sight = Callable[[Row, int], Awaitable[bool]]


class Busy(Exception):
    """The player is already in a game."""


@dataclass(frozen=True)
class Opening:
    """A new game as it is to be stored: its state, first deadline and first log lines."""

    state_json: str
    deadline: datetime | None
    log: list[LogEntry]
    timing: Timing = HOST_WINDOW


def result_notice(live: Live) -> dict[str, Any]:
    """What the result message of `live`'s finished game says (the outbox payload)."""
    result = live.game.result
    assert result is not None
    match = live.game.match.after(result)
    return {"number": live.number, "winner": result.winner, "kind": result.kind.value,
            "points": result.points, "reason": result.reason.value,
            "match_over": match.winner is not None, "score": list(match.score)}


class _Once:
    """An action's outcome, told exactly once (later calls do nothing). The game's
    database lock is released first (`held`): a door's answer may wait on the network.
    `decided` holds the outcome from the first call on, even if that call is cut short."""

    def __init__(self, respond: Respond) -> None:
        self._respond, self.given = respond, False
        self.held: GameLock | None = None
        self.decided: tuple[Refusal | None] | None = None

    async def __call__(self, refusal: Refusal | None = None) -> None:
        if self.decided is None:
            self.decided = (refusal,)
        if self.held is not None:
            await self.held.release()
        if self.given:
            return
        self.given = True
        try:
            await self._respond(self.decided[0])
        except Exception:  # the action stands whatever happens to its answer
            log.warning("answering an action failed", exc_info=True)
        hook = decided.get()  # e.g. the webhook acknowledges the update now
        if hook is not None:
            hook()


class GameService:
    def __init__(self, db: Database, *, clock: Clock, window: timedelta,
                 announcements: Announcements | None = None,
                 dice: DiceSource | None = None, fairness: Fairness | None = None,
                 computer: Computer | None = None,
                 player_settings: PlayerSettings | None = None,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.db, self.clock, self.window = db, clock, window
        # The control of games stored without one (begun before time controls): the host's
        # move window.
        seconds = int(window.total_seconds())
        self.default_control = TimeControl(f"m{seconds}", Kind.MOVE, seconds)
        self.sleep = sleep  # the pauses between tries when the database does not answer
        self.announcements = announcements or Announcements()
        self.player_settings = player_settings  # None: every turn ends with Done
        self.dice = dice  # None: each game's fair dice (or `secrets` without `fairness`)
        self.fairness = fairness
        self.computer = computer or Computer()  # its decisions run in the worker pool
        self.locks = KeyedLocks()
        # Turns the timer sent (`expire`) being shown and answered (the computer's reply):
        # each game's in a task of its own, so one game's answer holds up no other's.
        self._sent: set[asyncio.Task[None]] = set()
        self.settle_wait = SETTLE_WAIT
        # Whether a player has been shown the stored game (each door adds its own); a
        # turn never times out on a player none of them has shown it to.
        self.sights: list[Sight] = []
        # Called with every game that begins (e.g. matchmaking ends the players' searches).
        self.on_begin: list[Callable[[Row], Awaitable[None]]] = []
        # Whether running out of time loses the game's whole match, not one game of it
        # (a tournament's games: core.tournaments); any of them saying so decides.
        self.forfeiting: list[Callable[[Row], Awaitable[bool]]] = []

    # -- holding and reading games -----------------------------------------------------

    @asynccontextmanager
    async def holding(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game still in this process (no action, timeout or computer turn of it
        runs meanwhile), e.g. while a door draws it."""
        async with self.locks.hold(game_id):
            yield

    def busy(self, game_id: int) -> bool:
        """Whether something holds the game in this process now."""
        return self.locks.locked(game_id)

    async def active_game(self, player_id: int) -> Row | None:
        found = await games.active_games(self.db, player_id)
        return found[0] if found else None

    async def shown(self, row: Row, seat: int) -> bool:
        """Whether some door has shown the player in `seat` the stored game."""
        for sight in self.sights:
            if await sight(row, seat):
                return True
        return not self.sights

    async def announce(self, change: Change) -> None:
        await self.announcements.announce(change)

    # -- starting games ------------------------------------------------------------

    def control_of(self, row: Row) -> TimeControl:
        """The time control the game `row` is played under."""
        token = row.timing.control
        return self.default_control if token is None else stored_control(token)

    async def start_vs_computer(self, player_id: int, variant: str, level: str, length: int,
                                cube: bool, control: TimeControl | None = None) -> Row:
        if await self.active_game(player_id):
            raise Busy
        players = (player_id, None)

        async def store(dealt: Dealt | None) -> tuple[Row, Live]:
            live = self.new_live(variant, length, cube, computer_seat=1, dealt=dealt)
            opening = self.opening(live, computer_seat=1, control=control)
            row = await games.create_game(
                self.db, variant=variant, players=players, level=level,
                state_json=opening.state_json, now=self.clock(), deadline=opening.deadline,
                match_length=length, cube=cube, log=opening.log,
                seeds=dealt.takes if dealt else (), timing=opening.timing)
            return row, live

        try:
            row, live = await self.dealing(players, store)
        except PlayerBusy:  # a simultaneous start won: the database's guard
            raise Busy from None
        await self.begin(row, live)
        return row

    def new_live(self, variant: str, length: int, cube: bool,
                 computer_seat: int | None, dealt: Dealt | None = None) -> Live:
        """A new game after its opening roll and whatever plays itself from there, with the
        fair dice `dealt` (`dealing`)."""
        fair = dealt.fair if dealt else None
        live = Live(Game.new(variant, fair or self._plain_dice(), match=MatchState(length),
                             cube=cube), fair=fair)
        self._auto(live, computer_seat)
        return live

    async def deal(self, players: Sequence[int | None]) -> Dealt | None:
        """The fair dice of a new game of `players` (by seat; None the computer), from their
        pending seeds; None when a dice source is injected."""
        if self.fairness is None or self.dice is not None:
            return None
        return self.deal_from(await self.fairness.pending(players))

    def deal_from(self, pending: Sequence[Pending | None]) -> Dealt | None:
        """The fair dice of a new game from its players' pending seeds as read (by seat)."""
        if self.fairness is None or self.dice is not None:
            return None
        return self.fairness.deal(pending)

    async def dealing(self, players: Sequence[int | None],
                      store: Callable[[Dealt | None], Awaitable[T]]) -> T:
        """`store(dealt)` makes and stores a new game with the dice dealt from its players'
        seeds, taking them in its transaction; when they changed meanwhile (`SeedTaken`:
        nothing was stored) the dice are dealt again from the seeds as they are now."""
        for _ in range(DEAL_TRIES - 1):
            with suppress(SeedTaken):
                return await store(await self.deal(players))
        return await store(await self.deal(players))

    def dice_for(self, live: Live) -> DiceSource:
        """Where the game's next die comes from."""
        if self.dice is not None:
            return self.dice
        return live.fair_dice() or SecretDice()

    def _plain_dice(self) -> DiceSource:
        return self.dice if self.dice is not None else SecretDice()

    def opening(self, live: Live, computer_seat: int | None = None,
                control: TimeControl | None = None) -> Opening:
        """What storing the new game `live` writes: its state, first deadline, first log
        lines and time control (every way a game is made stores these together); `control`
        None is the host's move window."""
        control = control or self.default_control
        deadline = turnclock.next_deadline(None, live, None, now=self.clock(),
                                           control=control, computer=computer_seat)
        timing = Timing(control.token, control.warn_before(), control.correspondence)
        return Opening(live.dump(), deadline, eventlog.since(None, live), timing)

    async def begin(self, row: Row, live: Live) -> None:
        """Announce a newly stored game and let the computer act if it is its turn."""
        for hook in self.on_begin:
            await hook(row)
        async with self.locks.hold(row.id):
            await self._continue(row, live, What.BEGAN)

    # -- actions -------------------------------------------------------------------

    async def act(self, user_id: int, action: Action, respond: Respond,
                  view: View | None = None) -> None:
        """Load, check, apply and save under the game's locks (this process's, then the
        database's across processes), then respond and announce with the database's lock
        released: no other process waits on a door's network call. `view` shows the
        checked game for `Act.VIEW` and `Act.VIEW_ANYTIME`, once the game's locks are
        released: a view changes nothing, and the next action of the game (e.g. the "Yes"
        under the question a view asked) does not wait for it.

        The database not answering (`DatabaseBlip`: a server restart, a connection cut) is
        tried again, from the load, after each of `BLIP_PAUSES`: nothing was saved (or, lost
        in its commit, it was, and the next try finds the action out of date). Still failing,
        the action is refused as `UNAVAILABLE` ("nothing was saved, press again"), never
        left unanswered. A failure after the outcome was given (the announcements, the
        computer's reply) is left to the timer loop, which resumes what was cut short.

        An action cut short before its outcome was decided (cancelled by a stop, a bug) is
        not answered here: nothing was saved, and the door says so; never "done"."""
        once = _Once(respond)
        try:
            await self._tries(user_id, action, once, view)
        except BaseException:
            if once.decided is not None:  # decided (e.g. saved); its answer was cut short
                await once()
            raise
        await once(None)  # decided without a word (e.g. nothing to take back)

    async def _tries(self, user_id: int, action: Action, once: _Once,
                     view: View | None) -> None:
        views: list[tuple[Row, Live, int]] = []

        async def later(row: Row, live: Live, seat: int) -> None:
            views.append((row, live, seat))

        for pause in (*BLIP_PAUSES, None):
            try:
                views.clear()
                async with self.locks.hold(action.game), \
                        self.db.game_lock(action.game) as held:
                    once.held = held
                    await self._act(user_id, action, once, later if view else None)
                if view is not None:
                    for shown in views:
                        await view(*shown)
                return
            except DatabaseBlip:
                if once.decided is not None:  # decided: what failed came after the answer
                    return
                if pause is None:
                    await once(Refusal.UNAVAILABLE)
                    return
                await self.sleep(pause)

    async def _act(self, user_id: int, action: Action, respond: _Once,
                   view: View | None) -> None:
        held = respond.held
        assert held is not None
        confirm: bool | None = None  # the player's Done setting, when read with the game
        try:
            if action.act in (Act.GO, Act.FULL) and self.player_settings is not None:
                # A step may play the turn's last die: its Done setting comes with the game.
                row, confirm = await self.player_settings.with_game(action.game, user_id,
                                                                    CONFIRM_MOVES)
            else:
                row = await games.load_game(self.db, action.game)
        except GameNotFound:
            return await respond(Refusal.FINISHED)
        seat = seat_or_refusal(row, user_id)
        if isinstance(seat, Refusal):
            return await respond(seat)
        live = Live.load(row.state_json)
        if action.act is Act.VIEW_ANYTIME:  # e.g. resigning: a player's right at any moment
            await respond(None)  # (releases the database's lock: nothing to save)
            if view is not None:
                await view(row, live, seat)
            return
        if action.act is Act.RESIGN and (
                (action.seat is not None and action.seat != seat)
                or action.number != live.number):
            # Another player's question, or a question left over from an earlier game.
            return await respond(Refusal.STALE)
        refusal = None if action.act is Act.RESIGN else \
            turn_refusal(row, seat, action.version, live)
        if refusal is not None:
            await respond(refusal)
            if refusal is Refusal.STALE:
                # The player may never have been shown the latest game: show it.
                await self._refused(action, Change(row, live, What.SHOW, seat))
            return
        try:
            await self._apply(row, live, seat, action, respond, view, confirm)
        except (VersionConflict, GameNotActive):  # the game moved on meanwhile
            log.info("game %s changed under an action; showing it as stored", row.id)
            await respond(Refusal.STALE)  # not applied (and the database's lock released)
            if not action.answered_with_game:
                row = await games.load_game(self.db, row.id)
                await self.announce(Change(row, Live.load(row.state_json), What.SHOW, seat))

    async def _apply(self, row: Row, live: Live, seat: int, action: Action,
                     respond: _Once, view: View | None, confirm: bool | None = None) -> None:
        game, act = live.game, action.act
        if act is Act.VIEW:  # nothing to save: the door shows the checked game
            await respond(None)
            if view is not None:
                await view(row, live, seat)
            return
        try:
            if act is Act.GO:
                live.go(action.src, action.dst)
            elif act is Act.FULL:  # a one-tap full move: the rest of the turn at once
                steps = finish_steps(live, action.src)
                live.steps.extend(Taken.of(step) for step in steps)  # each with its die
                live.turn()  # the steps must replay
            elif act is Act.UNDO:
                if live.undo() is None:  # nothing to take back
                    return await respond(None)
                live.pending = None  # a turn waiting to be sent is the player's again
            elif act is Act.DONE:
                self._play_built_turn(live, seat)
            elif act is Act.ROLL:
                if action.src == ROLL_ALWAYS and seat not in live.rolls_always:
                    live.rolls_always.append(seat)
                game.roll(seat, self.dice_for(live))
            elif act is Act.DOUBLE:
                game.double(seat)
            elif act is Act.TAKE:
                game.take(seat)
            elif act is Act.DROP:
                game.drop(seat)
            elif act is Act.RESIGN:
                game.resign(seat, computer.expected_loss)
            else:  # an action this service never offers
                await respond(None)
                return await self._refused(action, Change(row, live, What.SHOW, seat))
        except (EngineError, KeyError) as exc:
            log.info("refused %s in game %s: %s", act, row.id, exc)
            await respond(Refusal.ILLEGAL)
            stored = Live.load(row.state_json)
            return await self._refused(action, Change(row, stored, What.REFUSED, seat))
        # A step inside a turn changes only the mover's view (the other player's is drawn
        # again when the turn is played) and leaves the turn's timer running.
        within_turn = act in WITHIN_TURN
        if act in (Act.GO, Act.FULL) and await self._ends_without_done(row, live, seat,
                                                                         confirm):
            # Sent by the timer loop in a moment (`expire`), unless Undo or Done comes first.
            played = self.clock()
            live.pending = PendingTurn(turnclock.whole_second(
                played + timedelta(seconds=UNDO_WINDOW)), played=played)
        self._auto(live, row.computer_seat)
        row, live, ended = await self._commit(row, live, within_turn)
        await respond(None)  # saved: from here on the action cannot be lost
        what = What.ENDED if ended else What.STEP if within_turn else What.MOVED
        await self._continue(row, live, what, seat if within_turn else None)

    async def _refused(self, action: Action, change: Change) -> None:
        """Show the stored game for a refused action, unless the door's answer shows it."""
        if not action.answered_with_game:
            await self.announce(change)

    @staticmethod
    def _play_built_turn(live: Live, seat: int) -> None:
        """Play the turn the steps have built (Done, or its last die without Done)."""
        play = live.turn().finish()
        live.steps.clear()
        live.pending = None
        live.game.play(seat, play)

    async def _ends_without_done(self, row: Row, live: Live, seat: int,
                                 confirm: bool | None = None) -> bool:
        """The last die is played and the player does not confirm moves with Done
        (`confirm`: their setting as read with the game; None: read it now): the turn is
        sent by itself after `UNDO_WINDOW` seconds.

        "The last die": nothing more can be played. A turn can be complete before that
        (6-4, checkers on 6 and 2: 6/off stands where 6/2/off ends, and 2/off may follow).
        """
        player = row.players[seat]
        turn = live.turn()
        if player is None or self.player_settings is None or not turn.is_complete \
                or turn.legal_steps():
            return False
        if confirm is None:
            confirm = await self.player_settings.enabled(player, CONFIRM_MOVES)
        return not confirm

    async def _continue(self, row: Row, live: Live, what: What,
                        seat: int | None = None) -> None:
        """Announce the saved change, then let the computer act (and save, and announce)
        while it is its turn."""
        computer_seat = row.computer_seat
        await self.announce(Change(row, live, what, seat))
        while row.status == "active" and live.game.to_act == computer_seat:
            # The computer's turn is load–think–save under the game's database lock (no
            # door's call inside): another process's timer, which resumes computer turns
            # left undone, skips a game whose lock is held, and one that got here first
            # has moved the game on: then this process leaves the turn to it.
            async with self.db.game_lock(row.id):
                if (await games.load_game(self.db, row.id)).version != row.version:
                    return
                await self._computer_acts(live, row.level or "intermediate")
                self._auto(live, computer_seat)
                row, live, ended = await self._commit(row, live)
            await self.announce(Change(row, live, What.ENDED if ended else What.MOVED))

    def _auto(self, live: Live, computer_seat: int | None) -> None:
        """Rolls that need no decision and moves that need no choice."""
        game = live.game
        while game.phase is not Phase.OVER and game.to_act != computer_seat:
            seat = game.seat
            if game.phase is Phase.ROLL and (not game.can_double(seat)
                                             or seat in live.rolls_always):
                game.roll(seat, self.dice_for(live))
            elif game.phase is Phase.MOVE and not live.steps and game.turn().is_forced:
                game.play(seat, game.turn().plays[0])
            else:
                break

    async def _computer_acts(self, live: Live, level: str) -> None:
        game, seat = live.game, live.game.to_act
        if game.phase is Phase.DOUBLED:
            if await self.computer.takes(game, level):
                game.take(seat)
            else:
                game.drop(seat)
            return
        if game.phase is Phase.ROLL:
            if game.can_double(seat) and await self.computer.wants_to_double(game, level):
                game.double(seat)
                return
            game.roll(seat, self.dice_for(live))  # a roll that cannot be played passes at once
        if game.phase is Phase.MOVE and game.seat == seat:
            game.play(seat, await self.computer.choose_move(game, level))

    # -- saving ----------------------------------------------------------------------

    async def _commit(self, row: Row, live: Live, within_turn: bool = False, *,
                      match_over: bool = False) -> tuple[Row, Live, bool]:
        """Save the change in one transaction, its log lines derived from the engine's
        history; a finished game also writes its result (and the result's message to the
        outbox) and starts the next game of a match, unless `match_over` (the match is
        forfeited with this game). Returns the row as stored, the game now in play and
        whether a game ended."""
        now = self.clock()
        stored = live.stored(row.state_json)
        own = own_deadline(stored, row.deadline)  # not a pending turn's moment to be sent
        if own is not None and own < now and stored.get("pending") and live.pending is None:
            # Taken back (or confirmed) after its turn's time ran out while it waited to be
            # sent, which only a process away can make: a crash decides nothing.
            own = turnclock.fresh_deadline(live, self.control_of(row), now)
        result = live.game.result
        if result is None:
            deadline = turnclock.next_deadline(stored, live, own, now=now,
                                               control=self.control_of(row),
                                               computer=row.computer_seat)
            if live.pending is not None and live.steps and live.game.phase is Phase.MOVE:
                live.pending = replace(live.pending, deadline=deadline)
                deadline = min(deadline or live.pending.at, live.pending.at)
            else:
                live.pending = None
            state = live.dump()
            version = await games.save_game(self.db, row.id, row.version, state_json=state,
                                            deadline=deadline, now=now,
                                            log=eventlog.since(stored, live))
            # The row as now stored, without reading it back.
            return replace(row, version=version, state_json=state, deadline=deadline), live, False
        control = self.control_of(row)
        turnclock.charge(stored, live, own, now=now, control=control,
                         computer=row.computer_seat)
        live.paused = None
        notice = result_notice(live)
        if match_over:  # forfeited (a tournament's rule): said so even when the match
            notice.update(match_over=True, forfeit=True)  # would have ended here anyway

        async def store(dealt: Dealt | None) -> Live:
            """Finish the game; a match's next game takes its players' seeds here."""
            entries = eventlog.since(stored, live)
            fair = dealt.fair if dealt else None
            following = None if match_over else live.game.next_game(
                fair or self._plain_dice())
            next_live, deadline = live, None
            if following:
                next_live = Live(following, number=live.number + 1, fair=fair,
                                 banks=live.banks)  # a match clock lasts the match
                self._auto(next_live, row.computer_seat)
                deadline = turnclock.next_deadline(None, next_live, None, now=now,
                                                   control=control,
                                                   computer=row.computer_seat)
                entries += eventlog.since(None, next_live)
            if self.fairness is not None and live.fair is not None:  # the seeds shown now
                upcoming = (dealt.next_commitments if dealt else
                            [await self.fairness.next_commitment(p) if p is not None else ""
                             for p in row.players])
                notice["fair"] = await self.fairness.record(row.id, live, upcoming)
            await results.finish_game(
                self.db, row.id, row.version, winner_seat=result.winner,
                result=result.kind.value, points=result.points, state_json=next_live.dump(),
                now=now, log=entries, match_over=following is None, deadline=deadline,
                notice=notice, seeds=dealt.takes if dealt else ())
            return next_live

        if notice["match_over"]:
            next_live = await store(None)
        else:
            next_live = await self.dealing(row.players, store)
        return await games.load_game(self.db, row.id), next_live, True

    # -- the turn timer and recovery ---------------------------------------------------

    async def expire(self, game_id: int) -> None:
        """The turn's time is up: the player to act loses (the timer loop calls this); or
        a turn played to its last die without Done is due to be sent (`Live.pending`).

        Not a player who was never shown the game of this turn (the process stopped, or a
        door failed, before it reached them): they are shown it now, with a new window.
        Every process's timer loop comes here: a game whose database lock another process
        holds is left to it (no waiting: that process is acting on it or timing it out),
        and the deadline is read again under the lock, so a timeout is applied once.
        """
        async with self.locks.hold(game_id):
            async with self.db.game_lock(game_id, wait=False) as held:
                if not held:
                    return
                row = await games.load_game(self.db, game_id)
                if (row.status != "active" or row.deadline is None
                        or row.deadline > self.clock()):
                    return
                live = Live.load(row.state_json)
                seat = live.game.to_act
                ended = sent = False
                if live.pending is not None:  # a turn played without Done: send it now
                    self._play_built_turn(live, seat)
                    self._auto(live, row.computer_seat)
                    try:
                        row, live, ended = await self._commit(row, live)
                    except VersionConflict:
                        return
                    sent = shown = True
                else:
                    shown = row.players[seat] is not None and await self.shown(row, seat)
                    if shown:
                        live.steps.clear()
                        live.game.timeout(seat, computer.expected_loss)
                        # An empty match clock loses the match, as a tournament's rule does.
                        whole = self.control_of(row).clocked or await self._forfeits(row)
                        try:
                            row, live, ended = await self._commit(row, live, match_over=whole)
                        except VersionConflict:
                            log.info("game %s changed while timing out; the next tick decides",
                                     game_id)
                            return
            if sent:  # (out of the database lock: its answer holds none)
                self._answer_apart(row, live, What.ENDED if ended else What.MOVED)
            elif row.players[seat] is None:  # the computer's turn was interrupted: resume it
                await self._continue(row, live, What.MOVED)
            elif not shown:
                await self._catch_up(row, live)
            else:
                await self._continue(row, live, What.ENDED if ended else What.MOVED)

    def _answer_apart(self, row: Row, live: Live, what: What) -> None:
        """Show a turn the timer sent, and let the computer answer it, in a task of its own
        holding the game (the timer's pass goes on to the other games; `settle` waits)."""
        async def answer() -> None:
            try:
                async with self.locks.hold(row.id):
                    await self._continue(row, live, what)
            except Exception:  # the timer loop and the repairs find what is left undone
                log.exception("showing game %s's sent turn failed", row.id)

        task = asyncio.create_task(answer())
        self._sent.add(task)
        task.add_done_callback(self._sent.discard)

    async def settle(self, *, cancel_late: bool = False) -> bool:
        """Wait up to `settle_wait` seconds for the sent turns' answers (`_answer_apart`)
        begun so far; False when some still run then (they go on, or are cancelled with
        `cancel_late`: the repairs find what they left undone)."""
        loop = asyncio.get_running_loop()
        within = self.settle_wait
        deadline = loop.time() + within
        while self._sent:
            left = deadline - loop.time()
            if left <= 0:
                log.warning("%d sent turn(s) still being answered after %.0f s",
                            len(self._sent), within)
                if cancel_late:
                    late = list(self._sent)
                    for task in late:
                        task.cancel()
                    await asyncio.gather(*late, return_exceptions=True)
                return False
            await asyncio.wait(set(self._sent), timeout=left)
        return True

    async def _forfeits(self, row: Row) -> bool:
        for rule in self.forfeiting:
            if await rule(row):
                return True
        return False

    async def forfeit(self, game_id: int, player_id: int) -> bool:
        """`player_id` leaves the match: the game in play is resigned (charged as the
        position stands) and the match ends with it. False when the player is not in the
        active game (it ended meanwhile)."""
        async with self.locks.hold(game_id):
            async with self.db.game_lock(game_id) as held:
                row = await games.load_game(self.db, game_id)
                seat = row.seat_of(player_id)
                if row.status != "active" or seat is None:
                    return False
                live = Live.load(row.state_json)
                live.steps.clear()
                live.game.resign(seat, computer.expected_loss)
                try:
                    row, live, _ = await self._commit(row, live, match_over=True)
                except (VersionConflict, GameNotActive):
                    log.info("game %s changed while %s left it; not forfeited", game_id,
                             player_id)
                    return False
                await held.release()
            await self._continue(row, live, What.ENDED)
        return True

    async def grace_after_start(self, seconds: float) -> int:
        """A crash never decides a game: after any start, no player's turn times out within
        `seconds` from now, and a match clock's turn begins again. Every turn of a person
        due sooner gets its deadline moved to then (without a new version: the boards'
        buttons stay valid); a computer's turn stays due (the timer loop resumes it at
        once). Returns how many turns moved."""
        now = self.clock()
        until = turnclock.whole_second(now + timedelta(seconds=seconds))
        moved = 0
        due = {row.id: row for row in await games.due_games(self.db, until)}
        # A match clock's turn starts again (its delay and the bank as it was): the time
        # the process was away is not taken from anybody's bank.
        due.update({row.id: row for row in await games.clocked_games(self.db)})
        for row in due.values():
            live = Live.load(row.state_json)
            seat = live.game.to_act
            wanted = until
            control = self.control_of(row)
            if control.clocked:
                wanted = max(until, turnclock.fresh_deadline(live, control, now))
            if row.players[seat] is None or row.deadline is None or row.deadline >= wanted \
                    or live.pending is not None:  # a played turn is sent, not timed out
                continue
            # A turn warned before the restart is not warned again for the grace.
            if await games.set_deadline(self.db, row.id, row.version, wanted,
                                        keep_warning=True):
                moved += 1
        return moved

    async def catch_up(self, game_id: int) -> None:
        """Show the stored game wherever a view is behind it (the timer loop and the
        repairs call this: after a restart, after a door's failure)."""
        async with self.locks.hold(game_id):
            row = await games.load_game(self.db, game_id)
            await self._catch_up(row, Live.load(row.state_json))

    async def _catch_up(self, row: Row, live: Live) -> None:
        """Announce BEHIND. The player to act, when nobody has shown them the stored game,
        gets a full window from now: a deadline never runs out on a player who was not
        shown the game of their turn."""
        seat = live.game.to_act
        if (row.status == "active" and row.players[seat] is not None
                and live.pending is None  # a played turn is sent, not timed out
                and not await self.shown(row, seat)):
            deadline = turnclock.fresh_deadline(live, self.control_of(row), self.clock())
            if (row.deadline is None or row.deadline < deadline) and await games.set_deadline(
                    self.db, row.id, row.version, deadline):
                row = replace(row, deadline=deadline)
        await self.announce(Change(row, live, What.BEHIND))

    async def board_reached(self, row: Row, player_id: int | None, *, saved_at: datetime,
                            at: datetime) -> bool:
        """A board showing `row` (saved at `saved_at`) first reached `player_id` (None: a
        group's shared board) at `at`. A live turn is not charged for waiting for one's own
        board: when it is the board the player to act waits for and it came whole seconds
        after the save (a group's pace, a slow Telegram), the deadline moves on by those
        whole seconds, once (only while the game and its deadline are as `row` has them),
        and never beyond a whole turn from `at`; a turn played without Done gets its moment
        to undo from `at` (within its own deadline). True when the deadline moved."""
        late = int((at - saved_at).total_seconds())
        if late < 1 or row.status != "active" or row.deadline is None \
                or row.timing.correspondence:
            return False
        live = Live.load(row.state_json)
        actor = row.players[live.game.to_act]
        if actor is None or (player_id is not None and player_id != actor):
            return False
        if live.pending is not None:  # a played turn: its moment to undo runs from here
            send = turnclock.whole_second(at + timedelta(seconds=UNDO_WINDOW))
            if live.pending.deadline is not None:
                send = min(send, live.pending.deadline)
            return send > row.deadline and await games.set_deadline(
                self.db, row.id, row.version, send, keep_warning=True, expected=row.deadline)
        # Never more than a whole turn from `at` (a board drawn late was given that already:
        # `catch_up`); whole seconds, rounded down.
        whole = at + timedelta(seconds=turnclock.turn_seconds(live, self.control_of(row)))
        deadline = min(row.deadline + timedelta(seconds=late), whole.replace(microsecond=0))
        return deadline > row.deadline and await games.set_deadline(
            self.db, row.id, row.version, deadline, keep_warning=True, expected=row.deadline)

    async def restart_clock(self, row: Row) -> Row:
        """Give the player to act a whole turn's time from now (a game that waited for its
        players to open their boards begins); the caller holds the game (`holding`)."""
        deadline = turnclock.fresh_deadline(Live.load(row.state_json), self.control_of(row),
                                            self.clock())
        version = await games.save_game(self.db, row.id, row.version,
                                        state_json=row.state_json, deadline=deadline,
                                        now=self.clock())
        return replace(row, version=version, deadline=deadline)

    async def call_off(self, game_id: int,
                       missing: Callable[[Row], Awaitable[list[int]]]) -> tuple[Row, list[int]]:
        """Call off an active game whose deadline has passed while `missing(row)` players
        still cannot be shown it (unrated, no result); returns the game and those players,
        or an empty list when it was not called off (it moved on meanwhile)."""
        async with self.locks.hold(game_id):
            row = await games.load_game(self.db, game_id)
            absent = await missing(row)
            if row.status != "active" or not absent or row.deadline is None \
                    or row.deadline > self.clock():
                return row, []
            await games.save_game(self.db, row.id, row.version, state_json=row.state_json,
                                  deadline=None, now=self.clock(), status="aborted")
        return row, absent
