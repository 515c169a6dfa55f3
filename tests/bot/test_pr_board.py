"""The week's best PR board beside /top's boards, through the real Dispatcher, on the
harness's injected clock (both engines): the 🎯 Best PR button, its lines, the asking
player's missing decisions, and the board empty again the next week."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.handlers.stats import pr_top_text
from bot.views.callbacks import TopCb
from i18n import Translator
from storage.models import PrBoard, PrStanding
from testkit.friends import ALI, VALI
from testkit.harness import Harness
from tests.storage.test_pr_board import analysed


async def test_the_best_pr_of_the_week_from_top(harness: Harness) -> None:
    h = harness
    for user, name in ((ALI, "Ali"), (VALI, "Vali")):
        h.fake.user(user, name, language_code="en").command("/start")
        await h.feed()
    now = h.clock()  # Sunday 29 November 2026, 12:00 UTC: the week began on the 23rd
    for hours in (1, 20, 40):  # Ali: 3 x 45 decisions at PR 7.5; Vali 3 x 20 at PR 3.0
        await analysed(h.app.db, now - timedelta(hours=hours), (ALI, 45, 7.5), (VALI, 20, 3.0))
    vali = h.fake.user(VALI, "Vali")
    vali.command("/top")
    await h.feed()
    top = h.fake.last_message(VALI)
    vali.press_button(VALI, "🎯 Best PR", message_id=top.message_id)
    await h.feed()
    shown = h.fake.message(VALI, top.message_id)
    lines = (shown.text or "").splitlines()
    assert lines[:4] == [
        "🎯 Short nard · best PR of the week",
        "Rated games of the week, lower is better; at least 120 decisions to be ranked.",
        "1. Ali — PR 7.5 (135 decisions)",
        "You this week: 60 of the 120 decisions needed.",  # Vali's better PR is too short
    ], lines
    assert "⚡ Live games" not in [text for text, _ in shown.buttons]  # both pools
    h.clock.advance(7 * 24 * 3600)  # a week later: a new week, nobody yet
    vali.press_button(VALI, "This week", message_id=top.message_id)
    await h.feed()
    vali.press_button(VALI, "🎯 Best PR", message_id=top.message_id)
    await h.feed()
    lines = (h.fake.message(VALI, top.message_id).text or "").splitlines()
    assert lines[2:4] == ["Nobody has enough analysed decisions this week yet.",
                          "You this week: 0 of the 120 decisions needed."], lines


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ["🎯 Long nard · best PR of the week", "1. Aziz — PR 6.2 (130 decisions) ◀"]),
    ("ru", ["🎯 Длинные нарды · лучший PR недели", "1. Aziz — PR 6,2 (решений: 130) ◀"]),
    ("uz", ["haftaning eng yaxshi PR", "1. Aziz — PR 6,2 (130 ta qaror) ◀"]),
    ("ky", ["жуманын мыкты PR", "1. Aziz — PR 6,2 (130 чечим) ◀"]),
    ("az", ["həftənin ən yaxşı PR-ı", "1. Aziz — PR 6,2 (130 qərar) ◀"]),
])
def test_the_board_in_five_languages(language: str, lines: list[str]) -> None:
    me = PrStanding(1, 7, "Aziz", None, 6.2, 130)
    text = pr_top_text(PrBoard((me,), me, 130, 120), TopCb(variant="long", period="pr"),
                       Translator(language), 7)
    for line in lines:
        assert line in text, text
