"""An arena's standings worked out by the tests from the stored pairings table with their own
SQL and the rules of docs/rules.md (a win 2 points, 3 with a mars, koks or home mars,
doubled after two wins in a row; ordered by points, wins, the rating at the start, who
joined first), apart from the door's `standings_of`; and the group's picture matched
against them, whose clock is the one thing the test cannot know."""

from __future__ import annotations

from render.standings import Standing, Standings, render_standings
from storage.db import Database
from testkit.pixels import same_picture

MARSES = ("mars", "koks", "home_mars")
CLOCK_SLACK = 300  # seconds a picture may have been drawn before the check reads it


async def expected_arena(db: Database, tournament_id: int) -> Standings:
    """The arena's standings as stored, without the clock (`seconds_left` None)."""
    people = {r["player_id"]: r for r in await db.fetchall(
        "SELECT e.player_id, p.name, e.joined, e.rating, e.state FROM tournament_players AS e"
        " JOIN players AS p ON p.id = e.player_id WHERE e.tournament_id = ?"
        " AND e.seed IS NOT NULL", (tournament_id,))}
    rows = await db.fetchall(
        "SELECT player0_id, player1_id, status, winner_id, result, points0, points1"
        " FROM tournament_games WHERE tournament_id = ? ORDER BY finished_at, id",
        (tournament_id,))
    points = dict.fromkeys(people, 0)
    wins = dict.fromkeys(people, 0)
    streak = dict.fromkeys(people, 0)
    results: dict[int, list[int]] = {p: [] for p in people}
    playing: set[int] = set()
    for row in rows:
        seats = (row["player0_id"], row["player1_id"])
        if row["status"] == "playing":
            playing.update(seats)
        if row["status"] != "done":
            continue
        for seat, player in enumerate(seats):
            won = player == row["winner_id"]
            gained = (2 + (row["result"] in MARSES)) * (2 if streak[player] >= 2 else 1)
            gained = gained if won else 0
            assert row[f"points{seat}"] == gained, (dict(row), player, gained)
            points[player] += gained
            wins[player] += int(won)
            streak[player] = streak[player] + 1 if won else 0
            results[player].append(gained)
    order = sorted(people, key=lambda p: (-points[p], -wins[p], -(people[p]["rating"] or 0),
                                          people[p]["joined"]))
    return Standings(tuple(Standing(people[p]["name"], points[p], tuple(results[p]),
                                    fire=streak[p] >= 2, playing=p in playing,
                                    left=people[p]["state"] == "left") for p in order),
                     seconds_left=None)


def match_arena_picture(picture: bytes, expected: Standings, running: bool,
                        seconds_left: int) -> int | None:
    """The seconds left the picture shows when it draws `expected` (an arena over: -1), trying
    each from `seconds_left` (now) to CLOCK_SLACK more; None when it draws something else."""
    if not running:
        return -1 if same_picture(render_standings(expected), picture) else None
    for seconds in range(max(0, seconds_left), max(0, seconds_left) + CLOCK_SLACK):
        candidate = Standings(expected.rows, seconds_left=seconds)
        if same_picture(render_standings(candidate), picture):
            return seconds
    return None
