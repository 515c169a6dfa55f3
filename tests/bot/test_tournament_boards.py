"""A tournament game's board says it is one ("Tournament · round 1 of 2", "the final", the
arena's standing) and offers no "Play again" once over while the tournament runs: a
rematch would keep a player still in the tournament busy. Through the real Dispatcher on
both storage engines."""

from __future__ import annotations

from bot.views.callbacks import Act, GameCb
from i18n import Translator
from storage import games
from storage import tournaments as stored
from testkit.driver import resign
from testkit.harness import Harness
from testkit.tournament_play import (
    PLAYERS,
    full_tournament,
    lose,
    meet,
    tournament_games,
)

PLAY_AGAIN = "🔁 Play again"


def buttons(h: Harness, player: int) -> list[str]:
    return [text for text, _ in h.board(player).buttons]


async def test_knockout_boards_name_the_round_and_offer_no_rematch(
        group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    first = await tournament_games(h, t.id)
    assert len(first) == 2
    for row in first:
        for player in row.players:
            assert player is not None
            caption = h.board(player).caption or ""
            assert "🏆 Tournament · round 1 of 2" in caption, caption
    # A first-round match is over: neither board offers Play again (the winner plays on,
    # the loser's opponent is still in the tournament).
    row = first[0]
    loser = max(p for p in row.players if p is not None)
    winner = min(p for p in row.players if p is not None)
    await resign(h, loser)
    assert (await games.load_game(h.app.db, row.id)).status == "finished"
    for player in (loser, winner):
        assert PLAY_AGAIN not in buttons(h, player), buttons(h, player)
    # A Play again press on a board drawn before (or forged) is refused, nothing is made.
    finished = await games.load_game(h.app.db, row.id)
    stale = GameCb(game=row.id, v=finished.version, a=Act.REMATCH).pack()
    before = len(await games.active_games(h.app.db, loser))
    update = h.fake.user(loser, "P").press(h.board(loser), stale)
    await h.feed()
    alert = h.fake.callback_answer(update)
    assert alert["show_alert"] is True and alert["text"] == Translator("en")("tm-no-rematch")
    assert len(await games.active_games(h.app.db, loser)) == before
    await lose(h, first[1], max(p for p in first[1].players if p is not None))
    [final] = await tournament_games(h, t.id)
    for player in final.players:
        assert player is not None
        assert "🏆 Tournament · the final" in (h.board(player).caption or "")


async def test_arena_boards_show_the_players_standing(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "⏱ Arena", "Short nard", "1 game",
                              "Without the cube", "10 min", "4", "When full")
    first = await tournament_games(h, t.id)
    assert len(first) == 2
    for player in four:
        assert "⏱ Arena · you are #" in (h.board(player).caption or "")
    row = first[0]
    loser = max(p for p in row.players if p is not None)
    await resign(h, loser)
    assert PLAY_AGAIN not in buttons(h, loser)
    assert (await stored.get_tournament(h.app.db, t.id)).status == "running"  # type: ignore[union-attr]


async def test_a_game_outside_tournaments_still_offers_play_again(
        group_harness: Harness) -> None:
    """The tag is asked of every board; a game that is no tournament's keeps its button."""
    h = group_harness
    await meet(h, PLAYERS[:1])
    player = PLAYERS[0]
    user = h.fake.user(player, "Ali")
    user.command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"):
        user.press_button(player, label)
        await h.feed()
    await resign(h, player)
    assert PLAY_AGAIN in buttons(h, player)
    assert "Tournament" not in (h.board(player).caption or "")
