"""Levels in PR: the benchmark's judge (only the level's own decisions, as the analysis
scores them), the one stored table (`ai/level_pr.json`, every level of both variants) and
the level question that shows it in five languages."""

from __future__ import annotations

import json

import pytest

from ai.levels import LEVEL_PR_FILE, LEVELS, level_pr
from benchmarks.level_pr import losses
from bot.handlers.newgame import level_question
from engine.dice import FixedDice, SeededDice
from engine.game import Game, Phase
from i18n import Translator
from i18n.figures import pr_text


def test_the_judge_scores_only_the_levels_own_decisions() -> None:
    """Seat 0 opens 3-1 with 8/5 8/7 (8/5 6/5 is about 0.4 better at any depth); seat 1
    plays the first legal move each turn."""
    game = Game.new("short", FixedDice(3, 1))
    game.play(0, "8/5 8/7")
    dice = SeededDice(5)
    while len([e for e in game.history if e["type"] == "move"]) < 6:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[0])
    mine, theirs = losses(game, 0, 1), losses(game, 1, 1)
    assert mine[0] > 0.2  # the opening blunder, seat 0's first decision
    assert 1 <= len(mine) <= 3 and 1 <= len(theirs) <= 3  # each side's own
    assert all(loss >= 0 for loss in mine + theirs)


def test_the_stored_table_has_every_level_of_both_variants() -> None:
    stored = json.loads(LEVEL_PR_FILE.read_text(encoding="utf-8"))
    assert set(stored["judges"]) == {"short", "long"}
    assert stored["judges"]["long"].startswith("network-")  # long nard: our own network
    for variant, names in LEVELS.items():
        for name in names:
            row = stored["levels"][variant][name]
            assert row["decisions"] > 0 and row["se"] >= 0
            measured = level_pr(variant, name)
            assert measured is not None and measured.pr == row["pr"]
            assert measured.at_judge == (name == "master")  # both Masters play as the judge


@pytest.mark.parametrize(("language", "words"), [
    ("en", "Strong — plays like PR"), ("ru", "играет как PR"),
    ("uz", "darajasida oʻynaydi"), ("ky", "деңгээлинде ойнойт"), ("az", "səviyyəsində oynayır"),
])
@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_level_question_shows_each_levels_pr(language: str, words: str,
                                                 variant: str) -> None:
    t = Translator(language)
    text = level_question(t, variant)
    assert text.splitlines()[0] == t("new-level")
    for name in LEVELS[variant]:
        pr = level_pr(variant, name)
        assert pr is not None
        key = "new-level-at-judge" if name == "master" else "new-level-pr"
        assert t(key, level=t(f"level-{name}"), pr=pr_text(t, pr.pr)) in text
    assert words in text
    assert text.splitlines()[-1] == t("new-level-pr-explain")
