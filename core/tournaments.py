"""Tournaments in groups: a knock-out bracket, a timed arena or a Swiss (docs/rules.md,
"Tournaments").

The rules and the state machine are here, without Telegram; storage keeps the state
(`storage.tournaments`), and a door hears the facts (`TournamentNews`) and words them.

* **Creating and joining.** A tournament is open until it starts: when `capacity` players
  have joined (in the transaction of the last join), at `starts_at` (the timer), or early
  by its creator or a group admin. It needs `MIN_PLAYERS`; at its time with fewer it is
  cancelled, and one that starts when full is cancelled if not full within `OPEN_FOR`.
  A player is entered in one tournament at a time and cannot join while in a game.
* **Knock-out.** Seeded by rating at the start (ties: who joined first); the bracket is the
  next power of two, the top seeds get the byes, seeds 1 and 2 can only meet in the final.
  Every round's pairings are stored at the start; each winner moves into the next round's
  pairing at once, and a pairing whose two players are known starts its match as soon as
  both are free. A player still busy in another game after `NO_SHOW` loses the pairing
  (both busy: the better seed goes through), and so does a player who left.
* **Arena.** For `minutes`, every player who is free is paired at once with the free
  player nearest in score (never the opponent of their previous game). A win is 2 points,
  1 more for a mars (mars, koks or home mars); after two wins in a row a player is "on
  fire" and each win counts double until a loss. Pairing stops at the end; games begun
  before it are played out, then the standings are final (ties: more wins, then the
  higher rating at the start, then who joined first). A player who lost `AWAY` matches
  in a row without finishing them (on time) is taken out, as if they had left.
* **Swiss.** Everyone plays every round (`core.swiss.swiss_rounds` of them), paired by
  score, nobody knocked out; a round is paired when the one before is over (its pairings
  stored in that transaction), the bye goes to the lowest placed without one and counts
  as a win. Matches begin, and no-shows and leavers lose, as in a knock-out; a player who
  left is paired no more. The winner heads the standings after the last round (points,
  Buchholz, head-to-head, seed: `core.swiss.table`).
* **Games.** Every pairing is a match played as usual, rated; the daily limit per pair
  does not apply (`storage.results`). In a tournament running out of time, or leaving,
  loses the whole match (`GameService.forfeiting`, `GameService.forfeit`).

Every change is one transaction under the tournament's lock (`storage.tournaments.locked`);
the games a change makes are begun after its commit (a restart finds them and draws their
boards: `BoardRepair`), and the timer loop (`tick`) settles whatever the announcements did
not (a game that ended while the process was killed, a game called off), starts what is
due and ends arenas. Nothing is decided twice: a pairing is settled only while it is
playing, a game made only while its pairing waits.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol, TypeVar

from core.events import Change, What
from core.games import GameService
from core.live import Live
from core.options import check_options
from core.schedules import Schedules
from core.seen import final_match
from core.swiss import Game as SwissGame
from core.swiss import Line, pair_round, swiss_rounds, table
from core.timecontrol import TimeControl, stored_control
from engine.game import Reason
from storage import games
from storage import tournaments as stored
from storage.db import Database
from storage.errors import ConstraintViolation, PlayerBusy
from storage.fairness import Pending, SeedTaken
from storage.matchmaking import NewGame
from storage.models import Game as Row
from storage.tournaments import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    AlreadyEntered,
    Entrant,
    Locked,
    Pairing,
    Tournament,
    TournamentExists,
)

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
T = TypeVar("T")

NO_SHOW = timedelta(minutes=3)  # a knock-out player not free to play by then loses
OPEN_FOR = timedelta(hours=24)  # a tournament starting when full, not full by then: off
CAPACITIES = (4, 8, 16, 32, 64)
ARENA_MINUTES = (10, 30, 60)
START_IN_MINUTES = (10, 30, 60)
WIN, MARS_BONUS = 2, 1  # an arena's points
FIRE = 2  # wins in a row after which an arena's wins count double
AWAY = 2  # an arena's matches lost in a row without finishing them: the player is out


class Refused(Exception):
    """An action the tournament does not allow now; `reason` says why (the door words it):
    exists, not-open, started, over, full, entered, elsewhere, busy, not-entered, too-few."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class TournamentNews(Protocol):
    """What the door shows of tournaments."""

    async def changed(self, tournament: Tournament) -> None:
        """The tournament changed (stored at `tournament.version`): redraw what shows it."""

    async def paired(self, tournament: Tournament, pairing: Pairing, game: Row) -> None:
        """A pairing's game is made (and about to begin): tell its two players."""


# -- the rules, pure -----------------------------------------------------------------------


async def rematch_allowed(db: Database, row: Row) -> bool:
    """Whether "Play again" may follow `row`'s game: not once it is over in a tournament
    still running (a rematch would keep a player who is still in it busy)."""
    if row.status == "active" or row.level is not None or None in row.players:
        return True
    pairing = await stored.game_pairing(db, row.id)
    if pairing is None:
        return True
    return takes_rematches(await stored.get_tournament(db, pairing.tournament_id))


def takes_rematches(tournament: Tournament | None) -> bool:
    """Whether its games may be played again: not while the tournament runs."""
    return tournament is None or tournament.status != "running"


def bracket_size(players: int) -> int:
    """The knock-out bracket for `players`: the next power of two."""
    size = 2
    while size < players:
        size *= 2
    return size


def bracket_seeds(size: int) -> list[int]:
    """The seeds (1 = best) by place in the first round: 1 plays `size`, and the two best
    seeds meet only in the final (each half is seeded the same way)."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for place in order for seed in (place, total - place)]
    return order


def rounds_of(size: int) -> int:
    return size.bit_length() - 1


def swiss_games(pairings: Sequence[Pairing]) -> list[SwissGame]:
    """A Swiss's decided pairings as `core.swiss` reads them (a bye: one player)."""
    games = []
    for pairing in pairings:
        if pairing.status != "done":
            continue
        first, second = pairing.players
        if first is None:
            first, second = second, first
        if first is not None:
            games.append(SwissGame(first, second, pairing.winner_id))
    return games


def swiss_table(entrants: Sequence[Entrant], pairings: Sequence[Pairing]) -> list[Line]:
    """A Swiss's standings now (those seeded at the start), the leader first; a player who
    left ranks below everyone still in (the winner heads the table)."""
    seeds = {e.player_id: e.seed for e in entrants if e.seed is not None}
    gone = {e.player_id for e in entrants if e.state == "left"}
    return sorted(table(seeds, swiss_games(pairings)), key=lambda line: line.player in gone)


def may_run(tournament: Tournament, entrants: Sequence[Entrant], player_id: int, *,
            admin: bool, creator_gone: bool) -> bool:
    """Whether `player_id` may start the tournament now or call it off: its creator, an
    admin of the group (`admin`), or, once the creator has left the group
    (`creator_gone`), a player in it."""
    if player_id == tournament.creator_id or admin:
        return True
    return creator_gone and any(e.player_id == player_id and e.state == "in"
                                for e in entrants)


def total_rounds(tournament: Tournament, entrants: Sequence[Entrant],
                 pairings: Sequence[Pairing]) -> int:
    """How many rounds a knock-out or Swiss has (an arena: 0)."""
    if tournament.format == "swiss":
        return swiss_rounds(max(2, sum(e.seed is not None for e in entrants)))
    if tournament.format == "arena":
        return 0
    return max((p.round for p in pairings), default=1)


def next_place(round_: int, slot: int) -> tuple[int, int, int]:
    """Where the winner of pairing (`round_`, `slot`) plays next: (round, slot, seat)."""
    return round_ + 1, (slot + 1) // 2, (slot + 1) % 2


def arena_points(won: bool, kind: str | None, streak: int) -> int:
    """What a finished arena game gives a player whose run of wins before it is `streak`."""
    if not won:
        return 0
    points = WIN + (MARS_BONUS if kind in ("mars", "koks", "home_mars") else 0)
    return points * 2 if streak >= FIRE else points


def on_fire(streak: int) -> bool:
    return streak >= FIRE


def standings(entrants: Sequence[Entrant]) -> list[Entrant]:
    """An arena's order: score, then wins, then the rating at the start, then who joined
    first."""
    return sorted(entrants, key=lambda e: (-e.score, -e.wins, -(e.rating or 0), e.joined))


def arena_pairs(free: Sequence[Entrant], playing: int) -> list[tuple[Entrant, Entrant]]:
    """Pairs among the free players: from the top of the standings, each with the free
    player nearest in score (then in the standings) who is not the opponent of their
    previous game. With nobody else in the arena (`playing` counts those in it: free or in
    a game) two players may meet again."""
    waiting = standings(free)
    rank = {e.player_id: i for i, e in enumerate(waiting)}
    pairs = []
    while len(waiting) >= 2:
        first = waiting.pop(0)
        nearest = sorted(waiting, key=lambda e: (abs(e.score - first.score),
                                                 rank[e.player_id]))
        partner = next((e for e in nearest if not _met_last(first, e)), None)
        if partner is None and playing <= 2:
            partner = nearest[0]
        if partner is None:
            continue  # waits for someone else to be free
        waiting.remove(partner)
        pairs.append((first, partner))
    return pairs


def away_since(pairings: Sequence[Pairing], player: int) -> Pairing | None:
    """An arena player's last `AWAY` matches, if every one was lost without being
    finished (on time, or by leaving): the last of them; else None."""
    mine = [p for p in pairings if player in p.players and p.status == "done"
            and p.outcome != "bye"]
    last = sorted(mine, key=lambda p: p.id)[-AWAY:]
    if len(last) < AWAY or not all(p.outcome == "forfeit" and p.winner_id is not None
                                   and p.winner_id != player for p in last):
        return None
    return last[-1]


def _met_last(a: Entrant, b: Entrant) -> bool:
    return a.last_opponent == b.player_id or b.last_opponent == a.player_id


# -- the service ---------------------------------------------------------------------------


@dataclass
class _After:
    """What a change leaves to do once committed."""

    started: list[tuple[Pairing, Row, Live]] = field(default_factory=list)
    forfeits: list[tuple[int, int]] = field(default_factory=list)  # (game, player)


class Tournaments:
    def __init__(self, db: Database, service: GameService, news: TournamentNews, *,
                 clock: Clock,
                 absent: Callable[[Row], Awaitable[list[int]]] | None = None) -> None:
        self.db, self.service, self.news, self.clock = db, service, news, clock
        # Who of a called-off game's players could not be shown it (the door knows).
        self.absent = absent
        service.announcements.subscribe(self.on_change)
        service.forfeiting.append(self.plays_in)
        self.schedules = Schedules(self)  # scheduled tournaments, opened by this tick

    # -- what players and creators do ----------------------------------------------------

    async def create(self, chat_id: int, creator_id: int, *, variant: str, format: str,
                     length: int, cube: bool, capacity: int, start_in: timedelta | None,
                     minutes: int | None, control: TimeControl | None = None) -> Tournament:
        """An open tournament in group `chat_id` (`start_in` None: when full) whose games
        are played under `control` (None: the host's move window; never correspondence:
        a tournament is played in one sitting)."""
        checked = check_options(variant=variant, format=format, length=length, cube=cube,
                                capacity=capacity, minutes=minutes, control=control)
        now = self.clock()
        try:
            tournament = await stored.create_tournament(
                self.db, chat_id=chat_id, creator_id=creator_id, variant=variant,
                format=checked, match_length=length,
                cube=cube, capacity=capacity,
                starts_at=now + start_in if start_in is not None else None, minutes=minutes,
                now=now, control=control.token if control is not None else None)
        except TournamentExists:
            raise Refused("exists") from None
        return tournament  # the door shows it: its lobby is the group's first sight of it

    async def join(self, tournament_id: int, player_id: int) -> Tournament:
        """Enter the player (an arena also takes players while it runs, and those who left
        it back). Refused when it cannot be."""
        if await self.service.active_game(player_id) is not None:
            raise Refused("busy")

        async def joining(held: Locked, after: _After) -> None:
            t = held.tournament
            if t.status not in ("open", "running"):
                raise Refused("over")
            if t.status == "running" and t.format != "arena":
                raise Refused("started")
            if t.status == "running" and held.now >= (t.ends_at or held.now):
                raise Refused("over")
            if await held.seated([player_id]):
                raise Refused("busy")
            mine = next((e for e in await held.entrants() if e.player_id == player_id), None)
            if mine is not None and mine.entered:
                raise Refused("entered")
            present = [e for e in await held.entrants() if e.state == "in"]
            if len(present) >= t.capacity:
                raise Refused("full")
            if mine is not None:  # back in a running arena
                if await held.entered_elsewhere(player_id) is not None:
                    raise Refused("elsewhere")
                await held.update_entrant(player_id, state="in", entered=True,
                                          free_since=held.now)
            else:
                try:
                    await held.add_entrant(player_id)
                except AlreadyEntered:
                    raise Refused("elsewhere") from None
                if t.status == "running":  # a late arrival is seeded by rating too
                    rating = (await held.ratings([player_id]))[player_id]
                    await held.update_entrant(player_id, rating=rating)
            if t.status == "open" and t.starts_at is None and len(present) + 1 >= t.capacity:
                await self._start(held, after, by_timer=True)
            elif t.status == "running":
                await self._advance(held, after)

        try:
            await self._locked(tournament_id, joining)
        except ConstraintViolation as exc:  # PostgreSQL: a simultaneous join elsewhere won
            if exc.kind == "unique":
                raise Refused("elsewhere") from None
            raise
        return await self._get(tournament_id)

    async def leave(self, tournament_id: int, player_id: int) -> Tournament:
        """Before the start, off the list; after it, out of the tournament: a match being
        played is lost (forfeit), a pairing still to come is lost when its turn comes."""

        async def leaving(held: Locked, after: _After) -> None:
            t = held.tournament
            mine = next((e for e in await held.entrants() if e.player_id == player_id), None)
            if mine is None or mine.state != "in":
                raise Refused("not-entered")
            if t.status == "open":
                await held.remove_entrant(player_id)
                return
            if t.status != "running":
                raise Refused("over")
            await held.update_entrant(player_id, state="left", entered=False)
            for pairing in await held.pairings(open_only=True):
                if player_id in pairing.players and pairing.status == "playing":
                    assert pairing.game_id is not None
                    after.forfeits.append((pairing.game_id, player_id))
            await self._advance(held, after)

        await self._locked(tournament_id, leaving)
        return await self._get(tournament_id)

    async def start(self, tournament_id: int) -> Tournament:
        """Start now (the creator or an admin). Refused with fewer than `MIN_PLAYERS`."""

        async def starting(held: Locked, after: _After) -> None:
            if held.tournament.status != "open":
                raise Refused("not-open")
            if not await self._start(held, after, by_timer=False):
                raise Refused("too-few")

        await self._locked(tournament_id, starting)
        return await self._get(tournament_id)

    async def cancel(self, tournament_id: int) -> Tournament:
        """Call the tournament off (the creator or an admin): nobody is paired any more;
        games being played finish as the rated games they are."""

        async def cancelling(held: Locked, after: _After) -> None:
            if not held.tournament.live:
                raise Refused("over")
            await held.update(status="cancelled", finished_at=held.now)
            await held.release_all()

        await self._locked(tournament_id, cancelling)
        return await self._get(tournament_id)

    # -- the game core's changes and the timer ------------------------------------------

    async def plays_in(self, row: Row) -> bool:
        """Whether `row` is a tournament's game (its timeouts forfeit the whole match)."""
        return await stored.game_pairing(self.db, row.id) is not None

    async def on_change(self, change: Change) -> None:
        """A match that ended settles its pairing at once (the timer would, a second
        later); whatever fails here the timer does."""
        if change.what is not What.ENDED or change.row.status == "active":
            return
        try:
            await self.settle(change.row.id)
        except Exception:
            log.exception("settling tournament game %s failed; the timer settles it",
                          change.row.id)

    async def settle(self, game_id: int) -> None:
        """Record the result of a tournament's game that is over (finished or called off),
        once, and go on: the next match, the next pairings, the end."""
        pairing = await stored.game_pairing(self.db, game_id)
        if pairing is None or pairing.status != "playing":
            return
        row = await games.load_game(self.db, game_id)
        if row.status == "active":
            return
        absent = await self.absent(row) if row.status == "aborted" and self.absent else []

        async def settling(held: Locked, after: _After) -> None:
            current = await held.pairing(pairing.id)
            if current is None or current.status != "playing":
                return  # settled already (another process, the timer)
            await self._settle(held, current, row, absent)

        await self._locked(pairing.tournament_id, settling)
        await self._locked(pairing.tournament_id, self._advance)

    async def tick(self) -> None:
        """The timer's beat: schedules' tournaments to open, tournaments due to start, games
        that ended unsettled, knock-out and Swiss matches due, arenas to pair and to end."""
        try:
            await self.schedules.tick()
        except Exception:  # the tournaments going must not wait for a schedule's trouble
            log.exception("the timer failed on the schedules")
        now = self.clock()
        for t in await stored.live_tournaments(self.db):
            try:
                if t.status == "open":
                    if t.starts_at is not None and t.starts_at <= now:
                        await self._locked(t.id, self._start_or_cancel)
                    elif t.starts_at is None:  # full, and killed before it started
                        present = [e for e in await stored.entrants(self.db, t.id)
                                   if e.state == "in"]
                        if len(present) >= t.capacity:
                            await self._locked(t.id, self._start_or_cancel)
                        elif t.created_at + OPEN_FOR <= now:  # never filled: called off
                            await self._locked(t.id, self._expire)
                    continue
                for pairing in await stored.pairings(self.db, t.id):
                    if pairing.status == "playing" and pairing.game_id is not None:
                        row = await games.load_game(self.db, pairing.game_id)
                        if row.status != "active":
                            await self.settle(row.id)
                await self._locked(t.id, self._advance)
            except Exception:  # one tournament's trouble must not hold up the others
                log.exception("the timer failed on tournament %s", t.id)

    # -- inside a change -----------------------------------------------------------------

    async def _start_or_cancel(self, held: Locked, after: _After) -> None:
        if held.tournament.status == "open" and not await self._start(held, after,
                                                                      by_timer=True):
            await held.update(status="cancelled", finished_at=held.now)
            await held.release_all()

    async def _expire(self, held: Locked, after: _After) -> None:
        """A tournament that starts when full and was not full within `OPEN_FOR`."""
        t = held.tournament
        if t.status == "open" and t.starts_at is None and t.created_at + OPEN_FOR <= held.now:
            await held.update(status="cancelled", finished_at=held.now)
            await held.release_all()

    async def _start(self, held: Locked, after: _After, *, by_timer: bool) -> bool:
        """Seed and start; False with too few players (nothing changed)."""
        t = held.tournament
        present = [e for e in await held.entrants() if e.state == "in"]
        if len(present) < MIN_PLAYERS:
            return False
        ratings = await held.ratings([e.player_id for e in present])
        seeded = sorted(present, key=lambda e: (-ratings[e.player_id], e.joined))
        for seed, entrant in enumerate(seeded, start=1):
            await held.update_entrant(entrant.player_id, seed=seed,
                                      rating=ratings[entrant.player_id], free_since=held.now)
        if t.format == "arena":
            assert t.minutes is not None
            await held.update(status="running", started_at=held.now,
                              ends_at=held.now + timedelta(minutes=t.minutes))
        elif t.format == "swiss":
            await held.update(status="running", started_at=held.now)
        else:
            await held.update(status="running", started_at=held.now)
            await self._make_bracket(held, [e.player_id for e in seeded])
        await held.add_message("picture")
        await self._advance(held, after)
        return True

    async def _make_bracket(self, held: Locked, seeded: list[int]) -> None:
        """Every round's pairings; the first round's byes decided at once."""
        size = bracket_size(len(seeded))
        places = bracket_seeds(size)
        for round_ in range(1, rounds_of(size) + 1):
            for slot in range(1, size // 2 ** round_ + 1):
                players: tuple[int | None, int | None] = (None, None)
                if round_ == 1:
                    a, b = places[2 * slot - 2], places[2 * slot - 1]
                    players = (seeded[a - 1] if a <= len(seeded) else None,
                               seeded[b - 1] if b <= len(seeded) else None)
                await held.add_pairing(round_, slot, players)
        for pairing in await held.pairings():
            if pairing.round == 1 and not pairing.ready:
                present = pairing.players[0] or pairing.players[1]
                assert present is not None  # a bye has one player, never none
                await self._decide(held, pairing, present, "bye")

    async def _advance(self, held: Locked, after: _After) -> None:
        """Whatever is due now: knock-out matches that can begin (or are lost by a player
        who left or did not come), arena pairings, an arena's end."""
        t = held.tournament
        if t.status != "running":
            return
        for pairing in await held.pairings(open_only=True):  # leavers' games are lost
            if pairing.status == "playing" and pairing.game_id is not None:
                for player in pairing.players:
                    if player is not None and await self._left(held, player):
                        after.forfeits.append((pairing.game_id, player))
        if t.format == "arena":
            await self.arena_pass(held, after)
            return
        for _ in range(2 * rounds_of(MAX_PLAYERS) + 2):  # a decision may make the next due
            if held.tournament.status != "running":
                break
            decided = await self._knockout(held, after)
            if t.format == "swiss" and held.tournament.status == "running":
                decided = await self._swiss_round(held) or decided
            if not decided:
                break

    async def _swiss_round(self, held: Locked) -> bool:
        """A Swiss whose round is over: the next round paired (its bye decided), or the
        end after the last. True when it did either."""
        pairings = await held.pairings()
        if any(p.status != "done" for p in pairings):
            return False
        entrants = await held.entrants()
        lines = swiss_table(entrants, pairings)
        still = {e.player_id for e in entrants if e.state == "in"}
        present = [line for line in lines if line.player in still]
        played = max((p.round for p in pairings), default=0)
        if played >= total_rounds(held.tournament, entrants, pairings) or len(present) < 2:
            leader = (present or lines)[0].player if lines else None
            await self._finish(held, leader)
            return True
        met: dict[int, set[int]] = {line.player: set() for line in lines}
        for game in swiss_games(pairings):
            if game.second is not None:
                met[game.first].add(game.second)
                met[game.second].add(game.first)
        pairs, bye = pair_round(present, met)
        for slot, pair in enumerate(pairs, start=1):
            await held.add_pairing(played + 1, slot, pair)
        if bye is not None:
            pairing_id = await held.add_pairing(played + 1, len(pairs) + 1, (bye, None))
            pairing = await held.pairing(pairing_id)
            assert pairing is not None
            await self._decide(held, pairing, bye, "bye")
        return True

    async def _knockout(self, held: Locked, after: _After) -> bool:
        """One pass over the waiting pairings; True when one was decided."""
        decided = False
        seeds = {e.player_id: e.seed or 0 for e in await held.entrants()}
        for pairing in await held.pairings(open_only=True):
            if pairing.status != "waiting" or not pairing.ready:
                continue
            players = [p for p in pairing.players if p is not None]
            gone = [p for p in players if await self._left(held, p)]
            if gone:
                stays = [p for p in players if p not in gone]
                winner = stays[0] if stays else _better_seed(players, seeds)
                await self._decide(held, pairing, winner, "forfeit")
                decided = True
                continue
            busy = await held.seated(players)
            if not busy:
                await self._begin(held, pairing, after)
            elif pairing.due_at is None:
                await held.update_pairing(pairing.id, due_at=held.now + NO_SHOW)
            elif pairing.due_at <= held.now:
                free = [p for p in players if p not in busy]
                winner = free[0] if free else _better_seed(players, seeds)
                await self._decide(held, pairing, winner, "no_show")
                decided = True
        return decided

    async def arena_pass(self, held: Locked, after: _After) -> None:
        """One pass of a running arena: its end when the time is up, else pairing whoever
        waits (the benchmark of the arena times it)."""
        t = held.tournament
        open_pairings = await held.pairings(open_only=True)
        assert t.ends_at is not None
        if held.now >= t.ends_at:
            if not open_pairings:
                await self._finish(held, standings(await held.entrants())[0].player_id)
            return
        taken = {p for pairing in open_pairings for p in pairing.players if p is not None}
        present = [e for e in await held.entrants() if e.state == "in"]
        candidates = [e for e in present if e.player_id not in taken]
        busy = await held.seated(e.player_id for e in candidates)
        free = [e for e in candidates if e.player_id not in busy]
        for first, second in arena_pairs(free, len(present)):
            slot = await held.next_slot(0)
            pairing_id = await held.add_pairing(0, slot, (first.player_id, second.player_id))
            pairing = await held.pairing(pairing_id)
            assert pairing is not None
            await self._begin(held, pairing, after)

    def control(self, tournament: Tournament) -> TimeControl:
        """The time control a tournament's games are played under."""
        token = tournament.control
        return self.service.default_control if token is None else stored_control(token)

    async def _begin(self, held: Locked, pairing: Pairing, after: _After) -> None:
        made: list[Live] = []
        control = self.control(held.tournament)

        def make_game(variant: str, length: int, cube: bool,
                      pending: tuple[Pending | None, ...]) -> NewGame:
            dealt = self.service.deal_from(pending)
            live = self.service.new_live(variant, length, cube, computer_seat=None,
                                         dealt=dealt)
            made.append(live)
            opening = self.service.opening(live, control=control)
            return NewGame(opening.state_json, opening.deadline, tuple(opening.log),
                           dealt.takes if dealt else (), opening.timing)

        row = await held.start_game(pairing, make_game)
        started = await held.pairing(pairing.id)
        assert started is not None
        after.started.append((started, row, made[-1]))

    async def _settle(self, held: Locked, pairing: Pairing, row: Row,
                      absent: Sequence[int]) -> None:
        """The pairing's game is over: its winner, and what it gives."""
        t = held.tournament
        players = [p for p in pairing.players if p is not None]
        if row.status == "aborted":  # called off: a player could not be shown the game
            missing = [p for p in players if p in absent]
            if t.format == "arena":
                for player in missing:  # out of reach: paired no more
                    await held.update_entrant(player, state="left", entered=False)
                await held.update_pairing(pairing.id, status="done", outcome="forfeit",
                                          finished_at=held.now)
                for player in players:
                    await held.update_entrant(player, free_since=held.now)
                return
            seeds = {e.player_id: e.seed or 0 for e in await held.entrants()}
            stays = [p for p in players if p not in missing]
            winner = stays[0] if len(stays) == 1 else _better_seed(players, seeds)
            await self._decide(held, pairing, winner, "forfeit")
            return
        assert row.winner_seat is not None
        won, lost = row.players[row.winner_seat], row.players[1 - row.winner_seat]
        assert won is not None and lost is not None
        winner = won
        # The match's score as its state keeps it: it stops at the match's length (the
        # sum of the points won does not: two marses of 2 end a match to 3 at 3-0).
        score = final_match(Live.load(row.state_json)).score
        outcome = "forfeit" if await self._forfeited(held, row, lost) else "played"
        if t.format == "arena":
            await self._score_arena(held, pairing, winner, row.result, score, outcome)
            if outcome == "forfeit" and not await self._left(held, lost) and away_since(
                    await held.pairings(), lost) is not None:  # away: paired no more
                await held.update_entrant(lost, state="left", entered=False)
        else:
            await self._decide(held, pairing, winner, outcome, result=row.result,
                               score=score)

    async def _forfeited(self, held: Locked, row: Row, loser: int) -> bool:
        """Whether the match was lost without being finished: its last game timed out
        (in a tournament that loses the whole match) or was resigned for a player who left
        the tournament (`GameService.forfeit`). A game the loser resigned while still in
        is a match played out."""
        result = Live.load(row.state_json).game.result
        if result is None:
            return False
        if result.reason is Reason.TIMEOUT:
            return True
        return result.reason is Reason.RESIGN and await self._left(held, loser)

    async def _score_arena(self, held: Locked, pairing: Pairing, winner: int,
                           kind: str | None, score: tuple[int, int], outcome: str) -> None:
        entrants = {e.player_id: e for e in await held.entrants()}
        points = []
        for seat, player in enumerate(pairing.players):
            assert player is not None
            me = entrants[player]
            won = player == winner
            gained = arena_points(won, kind, me.streak)
            points.append(gained)
            await held.update_entrant(
                player, score=me.score + gained, games=me.games + 1,
                wins=me.wins + int(won), streak=me.streak + 1 if won else 0,
                last_opponent=pairing.players[1 - seat], results=(*me.results, gained),
                free_since=held.now)
        await held.update_pairing(pairing.id, status="done", outcome=outcome,
                                  winner_id=winner, result=kind, score0=score[0],
                                  score1=score[1], points0=points[0], points1=points[1],
                                  finished_at=held.now)

    async def _decide(self, held: Locked, pairing: Pairing, winner: int, outcome: str, *,
                      result: str | None = None,
                      score: tuple[int, int] | None = None) -> None:
        """A knock-out pairing is won: the loser is out, the winner plays on (or has won).
        A Swiss's: the winner scores a point, and both play on."""
        await held.update_pairing(pairing.id, status="done", outcome=outcome,
                                  winner_id=winner, result=result,
                                  score0=score[0] if score else None,
                                  score1=score[1] if score else None, finished_at=held.now)
        if held.tournament.status != "running":  # called off meanwhile: the result stands,
            return  # nothing follows from it
        if held.tournament.format == "swiss":
            for player in pairing.players:
                if player is None:
                    continue
                me = next(e for e in await held.entrants() if e.player_id == player)
                won = int(player == winner)
                await held.update_entrant(player, score=me.score + won, wins=me.wins + won,
                                          games=me.games + 1, results=(*me.results, won),
                                          free_since=held.now)
            return
        for player in pairing.players:
            if player is not None and player != winner and not await self._left(held, player):
                await held.update_entrant(player, state="out", entered=False)
        pairings = await held.pairings()
        last = max(p.round for p in pairings)
        if pairing.round == last:
            await self._finish(held, winner)
            return
        round_, slot, seat = next_place(pairing.round, pairing.slot)
        following = next(p for p in pairings if (p.round, p.slot) == (round_, slot))
        if seat == 0:
            await held.update_pairing(following.id, player0_id=winner)
        else:
            await held.update_pairing(following.id, player1_id=winner)

    async def _finish(self, held: Locked, winner: int | None) -> None:
        await held.update(status="finished", finished_at=held.now, winner_id=winner)
        await held.release_all()
        await held.add_message("final")

    @staticmethod
    async def _left(held: Locked, player: int) -> bool:
        return any(e.player_id == player and e.state == "left"
                   for e in await held.entrants())

    # -- committing --------------------------------------------------------------------

    async def _locked(self, tournament_id: int,
                      work: Callable[[Locked, _After], Awaitable[T]]) -> T | None:
        """One change under the tournament's lock; then, committed, the games it made
        begin, the matches it lost are forfeited and the door hears of it."""
        after = _After()
        async with stored.locked(self.db, tournament_id, self.clock()) as held:
            if held is None:
                raise Refused("over")
            try:
                outcome = await work(held, after)
            except (PlayerBusy, SeedTaken):  # a race with another start: the timer retries
                log.info("tournament %s: a game could not be made now", tournament_id)
                raise
        tournament, changed = held.tournament, held.changed  # as committed, its new version
        for pairing, row, live in after.started:
            try:
                await self.news.paired(tournament, pairing, row)
            except Exception:
                log.exception("telling the players of game %s failed", row.id)
            await self.service.begin(row, live)
        for game_id, player in after.forfeits:
            await self.service.forfeit(game_id, player)
        if changed:
            await self.tell(tournament)
        return outcome

    async def tell(self, tournament: Tournament) -> None:
        try:
            await self.news.changed(tournament)
        except Exception:  # the door's sweep redraws what is behind
            log.exception("showing tournament %s failed", tournament.id)

    async def _get(self, tournament_id: int) -> Tournament:
        tournament = await stored.get_tournament(self.db, tournament_id)
        if tournament is None:
            raise Refused("over")
        return tournament



def _better_seed(players: Sequence[int], seeds: dict[int, int]) -> int:
    return min(players, key=lambda player: seeds.get(player, 0))
