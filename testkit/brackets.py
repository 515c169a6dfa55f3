"""The bracket a knock-out's group picture must show, worked out by the test from the rows
as stored (`tournament_games`, `tournament_players`, `tournaments`), read with its own SQL
and its own reasoning, never through the door's `bracket_of`:

* a place shows its player's name and seed, or nothing yet (`·`), or nobody (`—`, a bye);
* a match has a winner only once its row is done: the seat whose player is `winner_id`
  (for a bye, the one seat with a player), and the other seat is the loser;
* a match played out shows its match score; one decided without being finished (forfeit:
  a timeout, a withdrawal, a game that could not be shown; no_show) shows ✓ and ✗;
* the rounds drawn are four at most, from the first round with a match not done (the last
  round when all are), but starting no later than the fourth round from the end: four
  rounds are drawn while the field has that many.

`check_bracket` compares this with what the door draws: the picture's value, the rounds it
shows and, given the group's picture, its bytes with the expected value's rendering.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.views.tournaments import bracket_of
from render.bracket import MAX_ROUNDS, Bracket, BracketMatch, render_bracket, shown_rounds
from storage import tournaments as stored
from storage.db import Database
from testkit.pixels import same_picture


@dataclass(frozen=True)
class StoredRow:
    round: int
    slot: int
    players: tuple[int | None, int | None]
    status: str
    winner_id: int | None
    outcome: str | None
    score: tuple[int | None, int | None]


async def stored_rows(db: Database, tournament_id: int) -> list[StoredRow]:
    rows = await db.fetchall(
        "SELECT round, slot, player0_id, player1_id, status, winner_id, outcome, score0,"
        " score1 FROM tournament_games WHERE tournament_id = ?", (tournament_id,))
    return [StoredRow(r["round"], r["slot"], (r["player0_id"], r["player1_id"]), r["status"],
                      r["winner_id"], r["outcome"], (r["score0"], r["score1"]))
            for r in rows]


def winner_seat(row: StoredRow) -> int | None:
    """The seat that went through, by the row's own words; None while not done."""
    if row.status != "done":
        assert row.outcome is None and row.winner_id is None, row
        return None
    assert row.winner_id is not None, row
    if row.outcome == "bye":
        seats = [seat for seat in (0, 1) if row.players[seat] is not None]
        assert len(seats) == 1 and row.players[seats[0]] == row.winner_id, row
        return seats[0]
    assert None not in row.players, row  # a match is decided between two players
    if row.winner_id == row.players[0]:
        return 0
    assert row.winner_id == row.players[1], row
    return 1


def expected_match(row: StoredRow, people: dict[int, tuple[str, int | None]]) -> BracketMatch:
    names = tuple(people[p][0] if p is not None else None for p in row.players)
    seeds = tuple(people[p][1] if p is not None else None for p in row.players)
    played = row.status == "done" and row.outcome == "played"
    score = None
    if played:
        first, second = row.score
        assert first is not None and second is not None, row
        score = (first, second)
    return BracketMatch((names[0], names[1]), (seeds[0], seeds[1]),
                        winner=winner_seat(row), score=score,
                        playing=row.status == "playing", bye=row.outcome == "bye",
                        forfeit=row.outcome in ("forfeit", "no_show"))


async def expected_bracket(db: Database, tournament_id: int) -> Bracket:
    people = {r["player_id"]: (r["name"], r["seed"]) for r in await db.fetchall(
        "SELECT e.player_id, p.name, e.seed FROM tournament_players AS e"
        " JOIN players AS p ON p.id = e.player_id WHERE e.tournament_id = ?",
        (tournament_id,))}
    rows = await stored_rows(db, tournament_id)
    last = max(row.round for row in rows)
    by_place = {(row.round, row.slot): row for row in rows}
    rounds = []
    for number in range(1, last + 1):
        count = 2 ** (last - number)  # the final is one match, each round before twice as many
        rounds.append(tuple(expected_match(by_place[(number, slot)], people)
                            for slot in range(1, count + 1)))
    assert len(by_place) == len(rows) == 2 ** last - 1
    winner = await db.fetchval("SELECT winner_id FROM tournaments WHERE id = ?",
                               (tournament_id,))
    return Bracket(tuple(rounds), champion=people[winner][0] if winner is not None else None)


def expected_shown(rows: list[StoredRow]) -> range:
    """The rounds drawn (0 the first), by the rule in docs/playing.md."""
    last = max(row.round for row in rows)
    going = sorted({row.round for row in rows if row.status != "done"})
    first = going[0] if going else last
    first = max(1, min(first, last - MAX_ROUNDS + 1))  # four rounds while there are
    return range(first - 1, min(last, first - 1 + MAX_ROUNDS))


def first_difference(expected: Bracket, actual: Bracket) -> str:
    for number, (want, got) in enumerate(zip(expected.rounds, actual.rounds, strict=True), 1):
        for slot, (a, b) in enumerate(zip(want, got, strict=True), 1):
            if a != b:
                return f"round {number} slot {slot}:\n  stored {a}\n  drawn  {b}"
    return f"champion: stored {expected.champion!r}, drawn {actual.champion!r}"


async def check_bracket(db: Database, tournament_id: int,
                        picture: bytes | None = None) -> Bracket:
    """The door's bracket is the stored one (and `picture`, the group's, draws it)."""
    expected = await expected_bracket(db, tournament_id)
    tournament = await stored.get_tournament(db, tournament_id)
    assert tournament is not None
    actual = bracket_of(await stored.entrants(db, tournament_id),
                        await stored.pairings(db, tournament_id), tournament.winner_id)
    assert actual == expected, first_difference(expected, actual)
    assert shown_rounds(actual) == expected_shown(await stored_rows(db, tournament_id))
    if picture is not None:
        assert same_picture(picture, render_bracket(expected)), \
            "the group's picture is not the stored bracket"
    return expected
