"""Ratings after seeded games, /top across the day boundary, /me, and /lang."""

from __future__ import annotations

from datetime import timedelta

from engine.ratings import START_RATING
from storage import stats
from testkit.driver import choose
from testkit.friends import ALI, VALI, finish_by_resignation, friend_game, to_move
from testkit.harness import Harness


async def test_a_rated_game_moves_both_ratings_by_the_same_amount(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    ali = await stats.player_stats(h.app.db, ALI, "short")
    vali = await stats.player_stats(h.app.db, VALI, "short")
    # Equal ratings, a plain win (resigned at the opening): exactly 100 points each way.
    assert (ali.rating, vali.rating) == (START_RATING + 100, START_RATING - 100)
    assert (ali.wins, vali.losses) == (1, 1)
    result = (h.fake.messages(ALI)[-1].text or "").replace(",", "")
    assert "+100" in result and f"→ {START_RATING + 100}" in result, result


async def test_top_counts_today_in_the_configured_zone(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    ali = h.fake.user(ALI, "Ali")
    ali.command("/top")
    await h.feed()
    today = h.fake.last_message(ALI).text or ""
    assert "1. Ali — +100" in today and "Vali — −100" in today, today
    # The next day the daily board is empty again, while all-time still ranks by rating.
    h.clock.advance(timedelta(days=1).total_seconds())
    ali.command("/top")
    await h.feed()
    assert "No rated games" in (h.fake.last_message(ALI).text or "")
    ali.press_button(ALI, "All time")
    await h.feed()
    alltime = h.fake.last_message(ALI).text or ""
    assert f"1. Ali — {START_RATING + 100}" in alltime.replace(",", ""), alltime


async def test_me_shows_statistics_and_a_chart(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, ALI)
    h.fake.user(VALI, "Vali", language_code="ru").command("/me")
    await h.feed()
    card = h.fake.last_message(VALI)
    assert card.photo is not None and card.photo.startswith(b"\x89PNG")
    assert "1600" in (card.caption or "").replace("\u00a0", "").replace(" ", "")


async def test_language_choice_is_kept(harness: Harness) -> None:
    h = harness
    user = h.fake.user(4001, "Aziz", language_code="de")  # not one of ours: the default
    user.command("/start")
    await h.feed()
    assert "Welcome" in (h.fake.messages(4001)[0].text or "")
    user.press_button(4001, "Oʻzbekcha")
    await h.feed()
    user.command("/help")
    await h.feed()
    assert "/new" in (h.fake.last_message(4001).text or "")
    assert "oʻyin" in (h.fake.last_message(4001).text or "")


async def test_presses_after_the_game_are_refused(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    data = choose(board.buttons)
    await finish_by_resignation(h, game_id, ALI)
    update = h.fake.user(chat, "X").press(board, data.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True


async def test_a_lost_rating_is_written_with_a_real_minus(harness: Harness) -> None:
    """The loser's result (Vali reads Russian) says "Рейтинг: −100 → 1400", the minus the
    analysis writes luck with, not a hyphen."""
    h = harness
    game_id = await friend_game(h)
    await finish_by_resignation(h, game_id, VALI)
    texts = [m.text or "" for m in h.fake.messages(VALI)]
    assert any(f"Рейтинг: −100 → {START_RATING - 100}" in t for t in texts), texts
    assert not any("Рейтинг: -" in t for t in texts), texts
