"""The Swiss rules, pure (core/swiss.py): every round pairs everyone (one bye for an odd
count), nobody meets an opponent twice while a round's pairing can avoid it, byes go to
different players, and the standings break ties by Buchholz, then head-to-head."""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.swiss import Game, Line, pair_round, swiss_rounds, table


def _perfect_without_rematch(players: list[int], met: dict[int, set[int]]) -> bool:
    """Whether `players` (even) can all be paired with no rematch (brute force)."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(_perfect_without_rematch([p for p in rest if p != other], met)
               for other in rest if other not in met[first])


def _avoidable(lines: list[Line], met: dict[int, set[int]]) -> bool:
    """Whether some bye (to a player without one, if any) and pairing has no rematch."""
    players = [x.player for x in lines]
    if len(players) % 2 == 0:
        return _perfect_without_rematch(players, met)
    fresh = [x.player for x in lines if x.byes == 0] or players
    return any(_perfect_without_rematch([p for p in players if p != bye], met)
               for bye in fresh)


def _play(count: int, seed: int) -> tuple[list[list[tuple[int, int]]], list[int | None],
                                          list[bool]]:
    """A whole Swiss of `count` players, random winners: the rounds' pairs, byes, and
    whether each round's rematch-free pairing was possible."""
    rng = random.Random(seed)
    seeds = {100 + i: i + 1 for i in range(count)}
    games: list[Game] = []
    met: dict[int, set[int]] = {p: set() for p in seeds}
    rounds, byes, avoidable = [], [], []
    for _ in range(swiss_rounds(count)):
        lines = table(seeds, games)
        avoidable.append(_avoidable(lines, met) if count <= 10 else True)
        pairs, bye = pair_round(lines, met)
        rounds.append(pairs)
        byes.append(bye)
        for a, b in pairs:
            met[a].add(b)
            met[b].add(a)
            games.append(Game(a, b, rng.choice((a, b))))
        if bye is not None:
            games.append(Game(bye, None, bye))
    return rounds, byes, avoidable


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=4, max_value=17), st.integers(min_value=0, max_value=10**6))
def test_every_round_pairs_everyone_without_rematches_and_byes_go_round(
        count: int, seed: int) -> None:
    rounds, byes, avoidable = _play(count, seed)
    everyone = {100 + i for i in range(count)}
    seen: set[frozenset[int]] = set()
    for pairs, bye, clean in zip(rounds, byes, avoidable, strict=True):
        placed = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
        assert sorted(placed) == sorted(everyone)  # each once, nobody left out
        assert (bye is None) == (count % 2 == 0)
        meetings = {frozenset(pair) for pair in pairs}
        if clean:
            assert not meetings & seen, (pairs, seen)
        seen |= meetings
    given_byes = [b for b in byes if b is not None]
    assert len(given_byes) == len(set(given_byes))  # fewer rounds than players


def test_the_rounds_for_each_size() -> None:
    assert [swiss_rounds(n) for n in (4, 5, 6, 8, 9, 16, 32, 64)] == [3, 4, 4, 4, 5, 5, 6, 7]


def test_round_one_pairs_the_upper_half_with_the_lower() -> None:
    seeds = {p: p for p in range(1, 9)}
    pairs, bye = pair_round(table(seeds, []), {p: set() for p in seeds})
    assert pairs == [(1, 5), (2, 6), (3, 7), (4, 8)] and bye is None


def test_players_on_the_same_points_meet_first() -> None:
    seeds = {p: p for p in range(1, 9)}
    first = [Game(1, 5, 1), Game(2, 6, 2), Game(3, 7, 3), Game(4, 8, 4)]
    lines = table(seeds, first)
    met = {p: set() for p in seeds}
    for game in first:
        met[game.first].add(game.second or 0)
        met[game.second or 0].add(game.first)
    pairs, _ = pair_round(lines, met)
    winners = {1, 2, 3, 4}
    for a, b in pairs:
        assert ({a, b} <= winners) or not ({a, b} & winners)


def test_the_bye_goes_to_the_lowest_placed_without_one() -> None:
    seeds = {p: p for p in range(1, 6)}
    pairs, bye = pair_round(table(seeds, []), {p: set() for p in seeds})
    assert bye == 5 and len(pairs) == 2
    games = [Game(a, b, a) for a, b in pairs] + [Game(5, None, 5)]
    met = {p: set() for p in seeds}
    for a, b in pairs:
        met[a].add(b)
        met[b].add(a)
    _, second_bye = pair_round(table(seeds, games), met)
    assert second_bye != 5


def test_ties_break_by_buchholz_then_head_to_head_then_seed() -> None:
    seeds = {1: 1, 2: 2, 3: 3, 4: 4}
    # 3 beats 1, 2 beats 4; then 1 beats 4, 3 beats 2: 3 has 2 points; 1 and 2 one each.
    games = [Game(1, 3, 3), Game(2, 4, 2), Game(1, 4, 1), Game(2, 3, 3)]
    order = table(seeds, games)
    assert order[0].player == 3
    one = {x.player: x for x in order if x.points == 1}
    # 1 met 3 (2 points) and 4 (0): Buchholz 2; 2 met 4 and 3: Buchholz 2 too; no game
    # between them: the seed decides.
    assert one[1].buchholz == one[2].buchholz == 2
    assert [x.player for x in order][:3] == [3, 1, 2]
    # Head-to-head decides between two tied on points and Buchholz who met.
    tied = table({1: 1, 2: 2}, [Game(1, 2, 2), Game(1, 2, 1), Game(2, 1, 2), Game(1, 2, 1)])
    assert tied[0].points == tied[1].points
    assert [x.player for x in tied] == [1, 2]  # even head-to-head: the seed
    beat = table({1: 1, 2: 2, 3: 3}, [Game(1, 2, 2), Game(3, None, 3)])
    assert [x.player for x in beat] == [2, 3, 1]
    assert beat[0].buchholz == 0 and beat[1].byes == 1


def test_a_small_field_repeats_only_when_it_must() -> None:
    # Four players after a full round robin: a fourth round must repeat a meeting.
    seeds = {p: p for p in range(1, 5)}
    met = {p: set(seeds) - {p} for p in seeds}
    pairs, bye = pair_round(table(seeds, []), met)
    assert bye is None and sorted(p for pair in pairs for p in pair) == [1, 2, 3, 4]
    assert all(frozenset(pair) in {frozenset(c) for c in combinations(seeds, 2)}
               for pair in pairs)
