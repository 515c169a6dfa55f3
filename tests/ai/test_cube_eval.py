import pytest

import ai
from ai import sage
from engine.position import Position
from engine.result import ResultKind

ARGS = {"cube_value": 1, "cube_owner": "center", "match_length": 0, "score": (0, 0),
        "crawford": False, "level": "master"}


def _race(me_points, opp_points, variant="short", me_off=0, opp_off=0, opp_bar=0):
    me = [0] * 26
    opp = [0] * 26
    me[0], opp[0] = me_off, opp_off
    opp[25] = opp_bar
    for p, n in me_points.items():
        me[p] = n
    for p, n in opp_points.items():
        opp[p] = n
    return Position(variant, me, opp)


# A race I lead by about 20 pips (a clear double that the opponent must drop)...
BIG_LEAD = _race({1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2}, {4: 3, 5: 3, 6: 4, 7: 2, 8: 3})
# ...and one where I am far behind, with nothing borne off (hopeless for me).
HOPELESS = _race({18: 5, 17: 5, 16: 5}, {1: 5, 2: 5}, opp_off=5)


@pytest.fixture(params=["bgsage", "fallback"])
def engine_path(request):
    if request.param == "bgsage":
        pytest.importorskip("bgsage")
        if not sage.available():
            pytest.skip("bgsage disabled by NARD_AI_NO_BGSAGE")
        yield
    else:
        request.getfixturevalue("no_bgsage")
        yield


def test_huge_lead_doubles_and_the_opponent_drops(engine_path):
    assert ai.cube_decision(BIG_LEAD, **ARGS) == "double"
    assert ai.take_decision(BIG_LEAD, **ARGS) == "drop"


# Too good to double: my closed board (points 1-6) holds two opposing checkers on the bar,
# and the opponent's other 13 are still far from home with nothing borne off. I win about
# 95-98% of games, over 90% of them a mars: playing on is worth about 1.87 points per unit,
# a drop only 1. With the Jacoby rule (mars not counting before the cube is turned: Open
# Sage's default) the same position is a double/pass; our rules have no Jacoby rule.
CLOSEOUT = _race({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2},
                 {13: 3, 8: 3, 7: 2, 6: 3, 5: 2}, opp_bar=2)
# A bear-off race I lead 57 pips to 63 with a roll in hand: a normal double and a clear take
# (I win about 73-76%, little mars either way).
RACE_DOUBLE_TAKE = _race({6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 2},
                         {6: 3, 5: 3, 4: 3, 3: 2, 2: 2, 1: 1, 7: 1})


@pytest.mark.parametrize("level", ["strong", "master"])
def test_too_good_to_double_without_jacoby(engine_path, level):
    args = {**ARGS, "level": level}
    assert ai.cube_decision(CLOSEOUT, **args) == "no_double"
    eq = ai.cube_equities(CLOSEOUT, **args)
    assert eq["no_double"] > 1.5 > eq["double_pass"] == 1.0
    assert ai.take_decision(CLOSEOUT, **args) == "drop"  # were it doubled


@pytest.mark.parametrize("level", ["strong", "master"])
def test_double_take_in_a_race(engine_path, level):
    args = {**ARGS, "level": level}
    assert ai.cube_decision(RACE_DOUBLE_TAKE, **args) == "double"
    assert ai.take_decision(RACE_DOUBLE_TAKE, **args) == "take"
    eq = ai.cube_equities(RACE_DOUBLE_TAKE, **args)
    assert eq["no_double"] < eq["double_take"] < eq["double_pass"]


def test_bgsage_is_asked_without_jacoby_and_beavers(monkeypatch):
    pytest.importorskip("bgsage")
    if not sage.available():
        pytest.skip("bgsage disabled by NARD_AI_NO_BGSAGE")
    seen = []
    engine, lock = sage.analyzer("1ply", cubeful=True)

    class Spy:
        def cube_action(self, *args, **kwargs):
            seen.append(kwargs)
            return engine.cube_action(*args, **kwargs)

    monkeypatch.setattr(sage, "analyzer", lambda level, cubeful: (Spy(), lock))
    ai.cube_decision(BIG_LEAD, **{**ARGS, "level": "strong"})
    ai.take_decision(BIG_LEAD, **{**ARGS, "level": "strong"})
    assert seen and all(k["jacoby"] is False and k["beaver"] is False for k in seen)


def test_cube_equities_scale_per_cube_unit(engine_path):
    eq = ai.cube_equities(BIG_LEAD, **{**ARGS, "cube_value": 4, "cube_owner": "me"})
    assert eq["double_pass"] == pytest.approx(1.0, abs=1e-5)
    assert eq["double_take"] > 1.5  # the opponent would lose about 2 points per unit


def test_hopeless_position_drops(engine_path):
    # The doubler (on roll) is the side far ahead: HOPELESS seen from the other side.
    assert ai.take_decision(HOPELESS.swapped(), **ARGS) == "drop"
    assert ai.cube_decision(HOPELESS, **ARGS) == "no_double"


def test_even_position_is_no_double_take(engine_path):
    start = Position.initial("short")
    assert ai.cube_decision(start, **ARGS) == "no_double"
    assert ai.take_decision(start, **ARGS) == "take"


def test_cube_rules():
    assert ai.cube_decision(BIG_LEAD, **{**ARGS, "crawford": True, "match_length": 5,
                                         "score": (4, 2)}) == "no_double"
    assert ai.cube_decision(BIG_LEAD, **{**ARGS, "cube_value": 2,
                                         "cube_owner": "opp"}) == "no_double"
    # The cube already wins me the match: doubling is pointless.
    assert ai.cube_decision(BIG_LEAD, **{**ARGS, "cube_value": 2, "cube_owner": "me",
                                         "match_length": 5, "score": (3, 0)}) == "no_double"
    with pytest.raises(ValueError):
        ai.cube_decision(Position.initial("long"), **ARGS)
    with pytest.raises(ValueError):
        ai.cube_decision(BIG_LEAD, **{**ARGS, "cube_owner": "nobody"})


def test_evaluate_gives_probabilities_for_the_player_on_roll():
    e = ai.evaluate(Position.initial("short"))
    assert set(e) >= {"win", "win_mars", "win_koks", "lose_mars", "lose_koks", "equity"}
    assert 0 <= e["win_koks"] <= e["win_mars"] <= e["win"] <= 1
    assert 0 <= e["lose_koks"] <= e["lose_mars"] <= 1 - e["win"]
    long = ai.evaluate(Position.initial("long"))
    assert "win_home_mars" in long and "win_koks" not in long
    assert ai.evaluate(BIG_LEAD)["win"] > 0.8
    assert ai.evaluate(HOPELESS)["win"] < 0.05


def test_evaluate_finished_games_exactly():
    won = _race({}, {19: 15}, me_off=15)  # the loser still in my home: koks
    assert ai.evaluate(won)["win_koks"] == 1.0
    assert ai.evaluate(won.swapped())["lose_koks"] == 1.0


def test_expected_loss_opening_is_plain():
    for variant in ("short", "long"):
        assert ai.expected_loss(Position.initial(variant)) is ResultKind.PLAIN


def test_expected_loss_hopeless_race_is_mars():
    # The winner-to-be (me) has borne off 12; the leaver has all 15 far from home.
    short = _race({1: 3}, {13: 5, 14: 5, 15: 5}, me_off=12)
    assert ai.expected_loss(short) is ResultKind.MARS
    long = _race({1: 3}, {20: 5, 21: 5, 22: 5}, variant="long", me_off=12)
    assert ai.expected_loss(long) is ResultKind.MARS
    # A leaver that has borne off a checker can only lose plain.
    assert ai.expected_loss(_race({1: 3}, {13: 5, 14: 5, 15: 4}, me_off=12, opp_off=1)) \
        is ResultKind.PLAIN
