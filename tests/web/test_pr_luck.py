"""The web board's result screen shows PR and luck over the match's analysed games, in the
viewer's language, once an analysis is stored (nothing before)."""

from __future__ import annotations

import pytest

from storage import analysis, players
from storage.analysis import FigureRow
from testkit.browser import NoChromium, chromium, new_context, open_page, page_url, settled
from testkit.web import WebHarness, computer_game

ALI = 1001


def _figure(seat: int, player: int | None, decisions: int, loss: float, luck: float,
            result: float) -> FigureRow:
    return FigureRow(seat, player, decisions, loss, 0, 0, 0, 0, 0, 0, 0, luck, 60, result)


async def test_the_result_screen_shows_both_players_pr_and_luck(wh: WebHarness) -> None:
    game = await computer_game(wh)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    status, data = await wh.call("POST", f"api/games/{game}/actions", ALI,
                                 {"act": "resign", "version": state["version"]})
    assert status == 200 and data["state"]["result"]["skill"] == []  # not analysed yet
    # Ali: 20 decisions losing 0.3, PR 500 x 0.3 / 20 = 7.5; luck +0.40 against the
    # computer's -0.10; lost 1: luck-adjusted -1 - (0.40 - -0.10) = -1.50. The computer:
    # PR 500 x 0.06 / 15 = 2.0; won 1: 1 - (-0.10 - 0.40) = +1.50.
    now = wh.clock()
    assert await analysis.claim(wh.core.db, game, 1, now, now)
    await analysis.save(wh.core.db, game, 1, engine="network-2ply", decisions=[], now=now,
                        figures=[_figure(0, ALI, 20, 0.3, 0.4, -1.0),
                                 _figure(1, None, 15, 0.06, -0.1, 1.0)])
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert status == 200
    computer = state["names"]["opponent"]
    assert state["result"]["skill"] == [
        "📊 PR and luck (1 analysed game)",
        "Ali: PR 7.5 · luck +0.40 · luck-adjusted −1.50",
        f"{computer}: PR 2.0 · luck −0.10 · luck-adjusted +1.50"]
    await players.set_language(wh.core.db, ALI, "ru", now=now)  # as /lang does
    wh.web.players.forget(ALI)
    status, state = await wh.call("GET", f"api/games/{game}", ALI)
    assert state["result"]["skill"][:2] == [
        "📊 PR и удача (1 разобранная партия)",
        "Ali: PR 7,5 · удача +0,40 · с поправкой на удачу −1,50"]


@pytest.mark.slow  # headless Chromium
async def test_the_page_draws_the_lines_on_its_result_screen(wh: WebHarness) -> None:
    game = await computer_game(wh)
    _, state = await wh.call("GET", f"api/games/{game}", ALI)
    await wh.call("POST", f"api/games/{game}/actions", ALI,
                  {"act": "resign", "version": state["version"]})
    now = wh.clock()
    assert await analysis.claim(wh.core.db, game, 1, now, now)
    await analysis.save(wh.core.db, game, 1, engine="network-2ply", decisions=[], now=now,
                        figures=[_figure(0, ALI, 20, 0.3, 0.4, -1.0),
                                 _figure(1, None, 4, 0.06, -0.1, 1.0)])
    try:
        async with chromium() as browser:
            context = await new_context(browser, reduced_motion="reduce")
            page, errors = await open_page(context, page_url(
                wh.url, wh.init_data(ALI, "Ali"), query=f"?game={game}"))
            await settled(page)
            lines = await page.locator(".result-panel .skill").all_inner_texts()
    except NoChromium as exc:
        pytest.fail(str(exc), pytrace=False)
    assert lines[:2] == ["📊 PR and luck (1 analysed game)",
                         "Ali: PR 7.5 · luck +0.40 · luck-adjusted −1.50"]
    assert lines[2].endswith(": PR too few decisions · luck −0.10 · luck-adjusted +1.50")
    assert not errors, errors
