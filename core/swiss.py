"""A Swiss tournament's rules, pure (docs/rules.md, "Swiss"): how many rounds, who plays
whom in each, who gets the bye, and the standings with their tie-breaks.

Everyone plays every round; nobody is knocked out. A round pairs the players still in by
score: within a score group the upper half meets the lower half (1 v 3 and 2 v 4 of four
on the same score), a player left over meets the nearest score below. Nobody meets the
same opponent twice while any pairing of the round avoids it (an exhaustive search, small
for a tournament's sizes), and with an odd count the bye goes to the lowest-placed player
who has not had one. A win (a bye too) is one point. The standings: points, then
Buchholz (the points of the opponents met; a bye adds none), then head-to-head among the
players still tied (the points they won against each other), then the seed (the rating
at the start, then who joined first).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SEARCH_LIMIT = 200_000  # steps of one pairing search before rematches are allowed


def swiss_rounds(players: int) -> int:
    """The rounds for `players`: enough for a single leader (log2, plus one), at least
    three, never more than a round robin."""
    return max(1, min(players - 1, max(3, math.ceil(math.log2(players)) + 1)))


@dataclass(frozen=True)
class Game:
    """One played (or forfeited) pairing: its two players and the winner; a bye is
    (player, None, player)."""

    first: int
    second: int | None
    winner: int | None


@dataclass(frozen=True)
class Line:
    """A player's line in the standings."""

    player: int
    points: int
    buchholz: int
    head_to_head: int
    seed: int
    results: tuple[int, ...] = field(default=())  # the points of each round, oldest first
    byes: int = 0


def table(seeds: dict[int, int], games: Iterable[Game]) -> list[Line]:
    """The standings of the players in `seeds` (player -> seed, 1 the best) after
    `games`, the leader first."""
    played = list(games)
    points = dict.fromkeys(seeds, 0)
    results: dict[int, list[int]] = {p: [] for p in seeds}
    opponents: dict[int, list[int]] = {p: [] for p in seeds}
    byes = dict.fromkeys(seeds, 0)
    for game in played:
        for player in (game.first, game.second):
            if player is None or player not in seeds:
                continue
            won = int(game.winner == player)
            points[player] += won
            results[player].append(won)
        if game.second is None:
            byes[game.first] = byes.get(game.first, 0) + 1
        else:
            opponents[game.first].append(game.second)
            opponents[game.second].append(game.first)
    buchholz = {p: sum(points.get(o, 0) for o in opponents[p]) for p in seeds}
    tied: dict[tuple[int, int], set[int]] = {}
    for player in seeds:
        tied.setdefault((points[player], buchholz[player]), set()).add(player)
    head = dict.fromkeys(seeds, 0)
    for game in played:
        if game.second is None or game.winner is None:
            continue
        if game.second in tied[(points[game.first], buchholz[game.first])]:
            head[game.winner] = head.get(game.winner, 0) + 1
    lines = [Line(p, points[p], buchholz[p], head[p], seeds[p], tuple(results[p]), byes[p])
             for p in seeds]
    return sorted(lines, key=lambda x: (-x.points, -x.buchholz, -x.head_to_head, x.seed))


def pair_round(lines: Sequence[Line], met: dict[int, set[int]]
               ) -> tuple[list[tuple[int, int]], int | None]:
    """The next round's pairings among `lines` (the players still in, in standings order)
    and the player with the bye (None for an even count). `met`: each player's opponents
    so far. No rematch while any pairing of the round avoids one."""
    order = list(lines)
    for rematches in (False, True):
        if len(order) % 2 == 0:
            pairs = _pairs(order, met, rematches)
            if pairs is not None:
                return pairs, None
            continue
        # The bye: the lowest placed who has not had one (all had one: the lowest).
        candidates = [x for x in reversed(order) if x.byes == 0] or list(reversed(order))
        for bye in candidates:
            pairs = _pairs([x for x in order if x is not bye], met, rematches)
            if pairs is not None:
                return pairs, bye.player
    raise AssertionError("a pairing always exists once rematches are allowed")


def _pairs(order: list[Line], met: dict[int, set[int]], rematches: bool
           ) -> list[tuple[int, int]] | None:
    """Everyone in `order` paired (None: not without a rematch, or the search ran out)."""
    steps = [0]

    def search(left: list[Line]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        steps[0] += 1
        if steps[0] > SEARCH_LIMIT:
            return None
        first, rest = left[0], left[1:]
        for partner in preferred_partners(first, rest):
            if not rematches and partner.player in met.get(first.player, set()):
                continue
            found = search([x for x in rest if x is not partner])
            if found is not None:
                return [(first.player, partner.player), *found]
        return None

    return search(order)


def preferred_partners(first: Line, rest: list[Line]) -> list[Line]:
    """`first`'s partners in the order they are wanted: the lower half of its own score
    group from its middle down, then that group's upper half, then the others nearest in
    score (then in the standings)."""
    group = [x for x in rest if x.points == first.points]
    half = (len(group) + 1) // 2  # `first` and the group's upper half
    middle = max(0, half - 1)
    ordered = group[middle:] + group[:middle][::-1]
    others = sorted((x for x in rest if x.points != first.points),
                    key=lambda x: abs(x.points - first.points))
    return ordered + others
