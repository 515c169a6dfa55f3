"""A Swiss's standings worked out by the tests from the stored pairings table, apart from
the door's (tests/bot/test_swiss.py, tests/e2e/test_swiss_kills.py)."""

from __future__ import annotations

from collections import defaultdict

from render.standings import Standing, Standings
from storage import tournaments as stored
from storage.db import Database

Row = tuple[int, int | None, int | None, int | None, int | None, int]


def expected_standings(rows: list[Row], names: dict[int, str], seeds: dict[int, int],
                       left: set[int], playing: set[int],
                       heading: tuple[int, int] | None) -> Standings:
    """The standings worked out from the stored pairings (`stored_rows`): a win one point,
    Buchholz the opponents' points, then head-to-head among those tied on both, then the
    seed."""
    points: dict[int, int] = dict.fromkeys(seeds, 0)
    results: dict[int, list[int]] = defaultdict(list)
    opponents: dict[int, list[int]] = defaultdict(list)
    done = [r for r in sorted(rows, key=lambda r: r[0]) if r[5]]
    for _, a, b, winner, _, _ in done:
        for player in (a, b):
            if player is not None:
                points[player] += int(player == winner)
                results[player].append(int(player == winner))
        if a is not None and b is not None:
            opponents[a].append(b)
            opponents[b].append(a)
    buchholz = {p: sum(points[o] for o in opponents[p]) for p in seeds}
    head = dict.fromkeys(seeds, 0)
    for _, a, b, winner, _, _ in done:
        if a is None or b is None or winner is None:
            continue
        if (points[a], buchholz[a]) == (points[b], buchholz[b]):
            head[winner] += 1
    order = sorted(seeds, key=lambda p: (-points[p], -buchholz[p], -head[p], seeds[p]))
    return Standings(tuple(Standing(names[p], points[p], tuple(results[p]),
                                    playing=p in playing, left=p in left,
                                    tiebreak=buchholz[p]) for p in order),
                     seconds_left=None, round_of=heading)


async def stored_rows(db: Database, tournament_id: int) -> list[Row]:
    """The tournament's pairings table, as rows: (round, player0, player1, winner, game,
    done)."""
    return [(p.round, p.players[0], p.players[1], p.winner_id, p.game_id,
             int(p.status == "done")) for p in await stored.pairings(db, tournament_id)]
