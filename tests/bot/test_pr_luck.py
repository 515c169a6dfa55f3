"""PR and luck in the chat: the analysis answer (through the real Dispatcher), its texts in
all five languages, and /me's PR line with its trend picture."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest
import pytest_asyncio

from ai import luck
from bot.services.analysis import summary_text
from core.analysis import match_skill
from engine.dice import SeededDice
from engine.game import Game, Phase
from engine.position import Variant
from engine.result import ResultKind
from i18n import Translator
from storage import analysis
from storage.analysis import FigureRow, MatchFigures
from storage.models import Game as Row
from testkit.analysis import counting, press, store
from testkit.friends import ALI
from testkit.harness import Harness


@pytest_asyncio.fixture
async def h(harness: Harness) -> AsyncIterator[Harness]:
    yield harness
    await harness.app.analysis.stop()
    await harness.app.core.stop()


def _played(seed: int, variant: str = "short") -> Game:
    """A whole game to the last checker, seeded dice, each turn the first legal play."""
    dice = SeededDice(seed)
    game = Game.new(variant, dice)
    while game.phase is not Phase.OVER:
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        else:
            game.play(game.seat, game.legal_plays()[0])
    return game


def _signed(value: float, places: int = 2) -> str:
    """As the texts write a signed number in English: a real minus sign."""
    return f"{value:+.{places}f}".replace("-", "−")


def _summary(h: Harness, chat: int) -> str:
    return next(m.text or "" for m in reversed(h.fake.messages(chat))
                if (m.text or "").startswith("📊 Analysis · "))


async def test_the_answer_shows_each_players_pr_luck_and_adjusted_result(h: Harness) -> None:
    counting(h)
    game = _played(11)
    game_id = await store(h, game)
    await press(h, ALI, ALI)
    await h.app.analysis.drain()
    figures = await analysis.figures(h.app.db, game_id, 1)
    judged = luck.game_luck("short", game.history, None, False)
    assert [f.luck for f in figures] == pytest.approx(list(judged.luck))  # judged in the job
    assert [f.luck_rolls for f in figures] == list(judged.rolls)
    assert game.result is not None
    points = float(game.result.points)
    assert [f.result for f in figures] == [points if seat == game.result.winner else -points
                                          for seat in (0, 1)]
    summary = _summary(h, ALI)
    for f, name in zip(figures, ("Ali", "Vali"), strict=True):
        assert f.decisions >= luck.MIN_DECISIONS  # a whole game: enough to judge
        pr = 500 * f.total_loss / f.decisions
        own, other = f.luck, figures[1 - f.seat].luck
        adjusted = f.result - (own - other)
        block = summary.split(f"{name}: error rate", 1)[1]
        assert f"\nPR {pr:.1f}\n" in block
        assert f"luck {_signed(own)} · result {_signed(f.result, 0)} · luck-adjusted " \
               f"{_signed(adjusted)}" in block
    assert "PR (performance rating) = 500 × the equity lost per decision" in summary


def _figure(seat: int, decisions: int, loss: float, luck_: float, rolls: int,
            result: float) -> FigureRow:
    return FigureRow(seat, 100 + seat, decisions, loss, 0, 0, 0, 0, 0, 0, 0, luck_, rolls,
                     result)


T0 = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
ROW = Row(id=1, variant=Variant.SHORT, players=(100, 101), level=None, match_length=1,
          cube=False, rated=True, status="finished", state_json="{}", version=3,
          deadline=None, winner_seat=0, result=ResultKind.PLAIN, points=2, created_at=T0,
          updated_at=T0, finished_at=T0)
# Aziz (seat 0): 30 decisions losing 0.5 in all, PR 500 x 0.5 / 30 = 8.3; luck +0.75
# against Leyla's +0.50; won 2: adjusted 2 - (0.75 - 0.50) = +1.75. Leyla: 4 decisions,
# too few for a PR; lost 2: adjusted -2 - (0.50 - 0.75) = -1.75.
FIGURES = [_figure(0, 30, 0.5, 0.75, 40, 2.0), _figure(1, 4, 0.1, 0.5, 40, -2.0)]


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["Aziz: error rate 16.7 (30 decisions)", "PR 8.3",
            "luck +0.75 · result +2 · luck-adjusted +1.75",
            "Leyla: error rate 25.0 (4 decisions)",
            "PR: too short to judge (4 of the 10 decisions needed)",
            "luck +0.50 · result −2 · luck-adjusted −1.75"]),
    ("ru", ["PR 8,3", "удача +0,75 · результат +2 · с поправкой на удачу +1,75",
            "PR: слишком мало для оценки (4 из 10 нужных решений)",
            "удача +0,50 · результат −2 · с поправкой на удачу −1,75"]),
    ("uz", ["PR 8,3", "omad +0,75 · natija +2 · omadsiz natija +1,75",
            "PR: baholash uchun juda kam (kerakli 10 ta qarordan 4 tasi)",
            "omad +0,50 · natija −2 · omadsiz natija −1,75"]),
    ("ky", ["PR 8,3", "ийгилик +0,75 · жыйынтык +2 · ийгиликсиз жыйынтык +1,75",
            "PR: баалоо үчүн өтө аз (керектүү 10 чечимдин 4)",
            "ийгилик +0,50 · жыйынтык −2 · ийгиликсиз жыйынтык −1,75"]),
    ("az", ["PR 8,3", "şans +0,75 · nəticə +2 · şanssız nəticə +1,75",
            "PR: qiymətləndirmək üçün çox azdır (lazım olan 10 qərardan 4)",
            "şans +0,50 · nəticə −2 · şanssız nəticə −1,75"]),
])
def test_the_texts_in_five_languages(language, lines):
    text = summary_text(Translator(language), ROW, 1, ("Aziz", "Leyla"), FIGURES,
                        "network-2ply", False)
    shown = text.splitlines()
    at = [shown.index(line) for line in lines]  # each a whole line, in this order
    assert at == sorted(at)


@pytest.mark.parametrize("language", ["en", "ru", "uz", "ky", "az"])
def test_an_analysis_stored_before_luck_shows_no_luck_line(language):
    t = Translator(language)
    figures = [_figure(0, 30, 0.5, 0.0, 0, 0.0), _figure(1, 30, 0.2, 0.0, 0, 0.0)]
    with_luck = [_figure(0, 30, 0.5, 0.1, 5, 1.0), _figure(1, 30, 0.2, -0.1, 5, -1.0)]
    old = summary_text(t, ROW, 1, ("Aziz", "Leyla"), figures, "network-2ply", False)
    new = summary_text(t, ROW, 1, ("Aziz", "Leyla"), with_luck, "network-2ply", False)
    assert len(new.splitlines()) == len(old.splitlines()) + 2  # one luck line each


@pytest.mark.slow
async def test_me_lists_the_last_matches_pr_and_draws_their_trend(h: Harness) -> None:
    counting(h)
    for seed in (11, 12):
        await store(h, _played(seed))
        await press(h, ALI, ALI)
        await h.app.analysis.drain()
    matches = await analysis.player_matches(h.app.db, ALI)
    assert len(matches) == 2
    prs = [500 * m.total_loss / m.decisions for m in matches]
    before = len(h.fake.messages(ALI))
    h.fake.user(ALI, "Ali").command("/me")
    await h.feed()
    sent = h.fake.messages(ALI)[before:]
    text = "\n".join(m.caption or m.text or "" for m in sent)
    assert f"🎯 PR in your last matches (the latest last): {prs[0]:.1f} · {prs[1]:.1f}" in text
    trend = sent[-1]
    assert trend.photo is not None and not trend.caption  # numbers only: no words
    assert trend.photo.startswith(b"\x89PNG")


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["The match so far (2 analysed games):", "Aziz: PR 8.3 · luck +0.75",
            "Leyla: PR too few decisions · luck −0.10"]),
    ("ru", ["Матч к этому моменту (2 разобранные партии):", "Aziz: PR 8,3 · удача +0,75",
            "Leyla: PR слишком мало решений · удача −0,10"]),
    ("uz", ["Hozirgacha match (2 ta tahlil qilingan oʻyin):", "Aziz: PR 8,3 · omad +0,75"]),
    ("ky", ["Азырынча матч (2 талданган оюн):", "Aziz: PR 8,3 · ийгилик +0,75"]),
    ("az", ["İndiyədək matç (2 təhlil edilmiş oyun):", "Aziz: PR 8,3 · şans +0,75"]),
])
def test_a_longer_match_shows_both_players_over_its_analysed_games(language, lines):
    row = replace(ROW, match_length=5)
    match = {0: match_skill(MatchFigures(1, 2, 30, 0.5, 0.75, -0.1, 80, 2.0, T0)),
             1: match_skill(MatchFigures(1, 2, 9, 0.1, -0.1, 0.75, 80, -2.0, T0))}
    text = summary_text(Translator(language), row, 2, ("Aziz", "Leyla"), FIGURES,
                        "network-2ply", False, match)
    shown = text.splitlines()
    at = [shown.index(line) for line in lines]
    assert at == sorted(at)
    single = summary_text(Translator(language), ROW, 1, ("Aziz", "Leyla"), FIGURES,
                          "network-2ply", False, {})
    assert lines[0] not in single.splitlines()
