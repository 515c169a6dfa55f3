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
from engine.passes import PassKind
from engine.result import ResultKind


def _conforms(value: Any, hint: Any) -> bool:
    """Whether a JSON value is of the annotated type (the forms the events use)."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        return True
    if typing.is_typeddict(hint):
        return isinstance(value, dict) and not _against(value, hint, hint.__name__)
    if origin is Literal:
        return value in args
    if origin in (Union, types.UnionType):
        return any(_conforms(value, arg) for arg in args)
    if origin is list:
        return isinstance(value, list) and all(_conforms(v, args[0]) for v in value)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def _against(value: dict[str, Any], form: Any, name: str) -> list[str]:
    """What is wrong with a dict against a TypedDict: missing, undeclared, mistyped keys."""
    hints = typing.get_type_hints(form)
    found = [f"{name} lacks {key!r}" for key in sorted(form.__required_keys__ - value.keys())]
    found += [f"{name} has the undeclared key {key!r}"
              for key in sorted(value.keys() - hints.keys())]
    for key, item in value.items():
        hint = hints.get(key)
        part = typing.get_args(hint)[0] if typing.get_origin(hint) is list else None
        if typing.is_typeddict(hint) and isinstance(item, dict):
            found += _against(item, hint, hint.__name__)
        elif typing.is_typeddict(part) and isinstance(item, list) and all(
                isinstance(one, dict) for one in item):
            found += [problem for one in item for problem in _against(one, part, part.__name__)]
        elif hint is not None and not _conforms(item, hint):
            found.append(f"{name}[{key!r}] = {item!r} is not {hint}")
    return found


def problems(event: Any) -> list[str]:
    """What is wrong with one logged event against its declared kind (nothing: [])."""
    if not isinstance(event, dict) or event.get("type") not in EVENT_TYPES:
        return [f"not a declared kind of event: {event!r}"]
    found = _against(event, EVENT_TYPES[event["type"]], event["type"])
    if event["type"] == "result":
        if event.get("kind") not in set(ResultKind):
            found.append(f"result kind {event.get('kind')!r}")
        if event.get("reason") not in set(Reason):
            found.append(f"result reason {event.get('reason')!r}")
    if event["type"] == "pass" and event.get("why", {}).get("kind", "bar") not in set(PassKind):
        found.append(f"pass reason {event['why'].get('kind')!r}")
    return found


def _optional_keys(value: Any, form: Any) -> set[tuple[str, str]]:
    """The optional keys a value has, of its TypedDict and those nested in it."""
    hints = typing.get_type_hints(form)
    found = {(form.__name__, key) for key in value if key in form.__optional_keys__}
    for key, item in value.items():
        hint = hints.get(key)
        if typing.is_typeddict(hint):
            found |= _optional_keys(item, hint)
        elif typing.get_origin(hint) is list and typing.is_typeddict(typing.get_args(hint)[0]):
            for part in item:
                found |= _optional_keys(part, typing.get_args(hint)[0])
    return found


def _declared_optional(form: Any) -> set[tuple[str, str]]:
    """Every optional key of a TypedDict and of those nested in it."""
    found = {(form.__name__, key) for key in form.__optional_keys__}
    for hint in typing.get_type_hints(form).values():
        for part in (hint, *typing.get_args(hint)):
            if typing.is_typeddict(part):
                found |= _declared_optional(part)
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


MATCHES = [("short", seed, 5, True) for seed in range(4)] + [("short", 10, 1, False)] + [
    ("long", seed, 3, False) for seed in range(20, 26)]


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
    logged = set().union(*(_optional_keys(event, EVENT_TYPES[event["type"]])
                           for game in played for event in game.history))
    declared = set().union(*map(_declared_optional, EVENT_TYPES.values()))
    assert ("PassData", "closed") in declared  # the nested reasons' keys are counted too
    assert logged == declared


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
    ({"type": "pass", "seat": 0, "dice": [6, 6], "why": {"kind": "bar", "dice": [6, 6],
                                                          "bar": 1, "closed": [[6, "19"]]}},
     "PassData['closed']"),
    ({"type": "pass", "seat": 0, "dice": [6, 6],
      "why": {"kind": "no_move", "dice": [6, 6], "blocks": [{"die": 6}]}}, "lacks 'tries'"),
    ({"type": "pass", "seat": 0, "dice": [6, 6], "why": {"kind": "stuck", "dice": [6, 6]}},
     "pass reason 'stuck'"),
    ({"type": "result", "winner": 0, "kind": "gammon", "points": 2, "reason": "drop"},
     "result kind 'gammon'"),
])
def test_the_check_finds_a_drifted_event(event, problem):
    assert any(problem in found for found in problems(event))


def test_every_kind_is_one_member_of_the_union():
    assert set(typing.get_args(Event)) == set(EVENT_TYPES.values())
    assert len(EVENT_TYPES) == len(typing.get_args(Event))
