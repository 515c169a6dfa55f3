"""The history's typed events (`engine.events`) against what the engine really logs.

Seeded games of both variants, matches with the cube, doubles taken and dropped,
resignations and timeouts are played, and every event of their histories is checked
against its kind's TypedDict: its `type` is a declared kind, it has every required key,
no key the type does not declare, and each value of the declared type. So the types cannot
drift from what is logged (and mypy, which checks the readers against the types, checks
them against the games)."""

import json
import random
import types
import typing
from typing import Any, Literal, Union

import pytest

from engine.dice import SeededDice
from engine.events import EVENT_TYPES, Event, loaded, result_of, seat_of
from engine.game import Game, MatchState, Phase, Reason
from engine.result import ResultKind


def _conforms(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of the annotated type (the forms the events use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if origin is Literal:
        return value in args
    if origin in (Union, types.UnionType):
        return any(_conforms(value, arg) for arg in args)
    if origin is list:
        return isinstance(value, list) and all(_conforms(v, args[0]) for v in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            _conforms(k, args[0]) and _conforms(v, args[1]) for k, v in value.items())
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def problems(event: Any) -> list[str]:
    """What is wrong with one logged event against its declared kind (nothing: [])."""
    if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
        return [f"not a declared kind of event: {event!r}"]
    form = EVENT_TYPES[event["type"]]
    hints = typing.get_type_hints(form)
    found = [f"{event['type']} lacks {key!r}"
             for key in sorted(form.__required_keys__ - event.keys())]
    found += [f"{event['type']} has the undeclared key {key!r}"
              for key in sorted(event.keys() - hints.keys())]
    found += [f"{event['type']}[{key!r}] = {value!r} is not {hints[key]}"
              for key, value in event.items() if key in hints
              and not _conforms(value, hints[key])]
    if event["type"] == "result":
        if event.get("kind") not in set(ResultKind):
            found.append(f"result kind {event.get('kind')!r}")
        if event.get("reason") not in set(Reason):
            found.append(f"result reason {event.get('reason')!r}")
    return found


def play_match(variant: str, seed: int, *, length: int, cube: bool) -> list[Game]:
    """A seeded match of random legal play: doubles (taken or dropped), and now and then
    a resignation or a timeout by the player the game waits for."""
    rng, dice = random.Random(seed), SeededDice(seed)
    game: Game | None = Game.new(variant, dice, match=MatchState(length), cube=cube)
    games = []
    while game is not None:
        games.append(game)
        while game.phase is not Phase.OVER:
            seat, chance = game.to_act, rng.random()
            if chance < 0.004:
                game.resign(seat)
            elif chance < 0.008:
                game.timeout(seat)
            elif game.phase is Phase.ROLL:
                if game.can_double(seat) and rng.random() < 0.15:
                    game.double(seat)
                else:
                    game.roll(seat, dice)
            elif game.phase is Phase.DOUBLED:
                (game.take if rng.random() < 0.6 else game.drop)(seat)
            else:
                game.play(seat, rng.choice(game.legal_plays()))
        game = game.next_game(dice)
    return games


MATCHES = [("short", seed, 5, True) for seed in range(4)] + [
    ("short", 10, 1, False), ("long", 20, 3, False), ("long", 21, 1, False)]


@pytest.fixture(scope="module")
def played() -> list[Game]:
    return [game for variant, seed, length, cube in MATCHES
            for game in play_match(variant, seed, length=length, cube=cube)]


def test_every_logged_event_is_of_its_declared_type(played):
    wrong = [(i, problem) for game in played for i, event in enumerate(game.history)
             for problem in problems(event)]
    assert wrong == []


def test_the_games_log_every_declared_kind_and_key(played):
    # Each kind, and each optional key, is met at least once: a kind or a key declared
    # but never logged would be a type that has drifted too.
    kinds = {event["type"] for game in played for event in game.history}
    assert kinds == EVENT_TYPES.keys()
    optional = {(event["type"], key) for game in played for event in game.history
                for key in event if key in EVENT_TYPES[event["type"]].__optional_keys__}
    assert optional == {(kind, key) for kind, form in EVENT_TYPES.items()
                        for key in form.__optional_keys__}


def test_a_history_is_an_opening_then_actions_then_one_result(played):
    for game in played:
        history = game.history
        assert history[0]["type"] == "opening"
        assert [e["type"] for e in history].count("result") == 1
        assert result_of(history) is history[-1]
        assert [seat_of(e) is None for e in history] == [
            e["type"] in ("opening", "result") for e in history]


def test_the_stored_json_is_the_history_as_it_was(played):
    for game in played:
        stored = json.loads(json.dumps(game.to_dict()))
        assert stored["history"] == game.history
        assert Game.from_dict(stored).history == game.history


def test_a_game_stored_before_ties_and_pass_reasons_loads_unchanged():
    # Histories written before the opening's `ties` and a pass's `why` were logged.
    old = [{"type": "opening", "dice": [5, 3], "starter": 0},
           {"type": "roll", "seat": 0, "dice": [5, 3], "opening": True},
           {"type": "pass", "seat": 0, "dice": [5, 3]}]
    assert [problems(event) for event in old] == [[], [], []]
    game = Game.new("short", SeededDice(3))
    data = {**game.to_dict(), "history": old}
    assert Game.from_dict(json.loads(json.dumps(data))).history == old
    assert loaded(old) == old


@pytest.mark.parametrize("event, problem", [
    ({"type": "castle", "seat": 0}, "not a declared kind"),
    ({"type": "move", "seat": 0, "dice": [6, 5], "mv": "24/18"}, "lacks 'move'"),
    ({"type": "move", "seat": 0, "dice": [6, 5], "move": "24/18", "hit": True},
     "undeclared key 'hit'"),
    ({"type": "double", "seat": 0, "value": "2"}, "['value'] = '2'"),
    ({"type": "roll", "seat": True, "dice": [6, 5]}, "['seat'] = True"),
    ({"type": "result", "winner": 0, "kind": "gammon", "points": 2, "reason": "drop"},
     "result kind 'gammon'"),
])
def test_the_check_finds_a_drifted_event(event, problem):
    assert any(problem in found for found in problems(event))


def test_every_kind_is_one_member_of_the_union():
    assert set(typing.get_args(Event)) == set(EVENT_TYPES.values())
    assert len(EVENT_TYPES) == len(typing.get_args(Event))
