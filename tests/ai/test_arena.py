import json

from ai import arena
from engine.position import Variant


def test_arena_prints_one_json_object(capsys):
    assert arena.main(["--variant", "short", "--a", "casual", "--b", "beginner",
                       "--games", "4", "--seed", "2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 4 and 0 <= out["wins_a"] <= 4
    lo, hi = out["ci95"]
    assert lo <= out["points_per_game_a"] <= hi
    assert set(out["decision_ms"]["a"]) == {"mean", "p95", "moves"}


def test_arena_is_deterministic_for_a_seed():
    def strip(r):
        return {k: v for k, v in r.items() if not k.startswith("decision")}
    a = arena.run(Variant.LONG, "casual", "beginner", 2, seed=5)
    b = arena.run(Variant.LONG, "casual", "beginner", 2, seed=5)
    assert strip(a) == strip(b)


def test_duplicate_dice_streams_repeat():
    s1, s2 = arena.dice_stream(Variant.SHORT, 9), arena.dice_stream(Variant.SHORT, 9)
    first = [next(s1) for _ in range(20)]
    assert first == [next(s2) for _ in range(20)]
    assert first[0][0] != first[0][1]  # the short-nard opening is never a double


def test_level_ordering_smoke():
    """Small seeded runs: a strong level beats a weak one (the full figures are in
    docs/ai.md, "Results")."""
    short = arena.run(Variant.SHORT, "strong", "beginner", 16, seed=1)
    assert short["points_per_game_a"] > 0
    long = arena.run(Variant.LONG, "strong", "beginner", 12, seed=1)
    assert long["points_per_game_a"] > 0


def test_jobs_share_the_pairs_out_and_give_the_same_games():
    """Two processes play the same pairs (an odd count: the last pair is one game) as one."""
    one = arena.run(Variant.SHORT, "casual", "beginner", 7, seed=2)
    two = arena.run(Variant.SHORT, "casual", "beginner", 7, seed=2, jobs=2)
    for key in ("games", "wins_a", "points_per_game_a", "ci95"):
        assert one[key] == two[key]
    assert one["decision_ms"]["a"]["moves"] == two["decision_ms"]["a"]["moves"]
