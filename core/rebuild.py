"""A stored match played again through the engine from its move log alone.

The log's `data` lines are the engine's events of each game (`eventlog`): the opening
throws give the dice to start a game with; every action (roll, move, cube, resignation,
timeout) is applied again and the engine adds what follows from it (passes, the result).
The rebuilt history must equal the logged one event for event, so the replay and the match
file show exactly the game that was played, and a log that does not replay is an error,
not a wrong picture.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from engine.dice import FixedDice
from engine.errors import EngineError
from engine.events import Event, loaded, pair, result_of
from engine.game import Game, MatchState
from engine.result import ResultKind
from storage.models import LoggedMove


class LogDoesNotReplay(Exception):
    """The stored log is not a game the engine can play again."""


def games_of_log(log: Mapping[int, Sequence[LoggedMove]], variant: str, length: int,
                 cube: bool) -> list[Game]:
    """Every game of the match (game 1, 2, … of `storage.games.match_log`), rebuilt."""
    played: list[Game] = []
    match = MatchState(length)
    for number in sorted(log):
        events = loaded(json.loads(line.data) for line in log[number] if line.data is not None)
        if not events:  # logged before the log kept the engine's events (migration 0007)
            raise LogDoesNotReplay(f"game {number} has no engine events in its log")
        try:
            game = _rebuild(events, variant, match, cube)
        except (EngineError, KeyError, TypeError, ValueError, StopIteration) as exc:
            raise LogDoesNotReplay(f"game {number}: {exc}") from exc
        played.append(game)
        if game.result is None:
            break  # the game being played: nothing after it yet
        match = match.after(game.result)
    return played


def _rebuild(events: list[Event], variant: str, match: MatchState, cube: bool) -> Game:
    opening = events[0]
    # (`.get` first: a logged line with no type is not an opening either.)
    if opening.get("type") != "opening" or opening["type"] != "opening":
        raise LogDoesNotReplay("a game's log starts with its opening throw")
    throws = [die for tie in opening.get("ties", ()) for die in tie] + list(opening["dice"])
    game = Game.new(variant, FixedDice(*throws), match=match, cube=cube)
    while len(game.history) < len(events):
        at = len(game.history)
        _act(game, events[at], events[at:])
    if game.history != events:
        raise LogDoesNotReplay("the engine's events differ from the logged ones")
    return game


def _act(game: Game, event: Event, rest: list[Event]) -> None:
    if event["type"] == "roll":
        game.roll(event["seat"], pair(event["dice"]))
    elif event["type"] == "move":
        game.play(event["seat"], event["move"])
    elif event["type"] == "double":
        game.double(event["seat"])
    elif event["type"] == "take":
        game.take(event["seat"])
    elif event["type"] == "drop":
        game.drop(event["seat"])
    elif event["type"] == "resign" or event["type"] == "timeout":
        # What the leaver was charged was decided when it happened: the logged result.
        result = result_of(rest)
        if result is None:
            raise LogDoesNotReplay(f"a {event['type']} with no result after it")
        charged = ResultKind(result["kind"])
        leave = game.resign if event["type"] == "resign" else game.timeout
        leave(event["seat"], lambda _position, **_stands: charged)
    else:
        raise LogDoesNotReplay(f"the log has {event['type']!r} where an action was due")
