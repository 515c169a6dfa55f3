"""Opt-in notices of searches (/settings): told once an hour at most, never while playing,
never about one's own search, in one's own language, and the notice's Play button pairs."""

from __future__ import annotations

from core.matchmaking import NOTICE_QUIET, NOTICES_PER_SEARCH
from storage import games
from testkit.harness import Harness
from testkit.matchmaking import search

ALI, VALI, SOLI = 4101, 4102, 4103
NOTICE = "Someone is looking for an opponent"


async def subscribe(h: Harness, user_id: int, label: str, *, language: str = "en") -> None:
    """/settings, then the variant's 🔔 button."""
    user = h.fake.user(user_id, "P", language_code=language)
    user.command("/settings")
    await h.feed()
    user.press_button(user_id, f"⬜ 🔔 {label}")
    await h.feed()


def notices(h: Harness, user_id: int, text: str = NOTICE) -> list[str]:
    return [m.text for m in h.fake.messages(user_id) if m.text and text in m.text]


async def test_a_subscriber_is_told_once_an_hour_and_can_play_at_once(harness: Harness
                                                                     ) -> None:
    h = harness
    await subscribe(h, VALI, "Short nard")
    await search(h, ALI, "Short nard", "1 game", "Either", name="Ali")
    assert notices(h, VALI) == [
        "🔎 Someone is looking for an opponent: Short nard (rating 1500). Play?\n"
        "⏱ Time: 2 min a move"]
    await search(h, ALI, "Short nard", "1 game", "Either")  # already searching: no new notice
    await h.feed()
    h.fake.user(ALI, "Ali").press_button(ALI, "Cancel the search")
    await h.feed()
    await search(h, ALI, "Short nard", "1 game", "Either")  # a new search within the hour
    assert len(notices(h, VALI)) == 1
    h.clock.advance(NOTICE_QUIET.total_seconds() + 1)
    await h.app.timers.tick()  # Ali's search has run out by now (10 minutes)
    await search(h, ALI, "Short nard", "1 game", "Either")
    assert len(notices(h, VALI)) == 2
    # The notice's button searches with Ali's terms: the two are paired at once.
    h.fake.user(VALI, "Vali").press_button(VALI, "🎲 Play")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    assert set(row.players) == {ALI, VALI} and row.rated and row.variant == "short"


async def test_nobody_is_told_while_playing_or_of_their_own_search(harness: Harness) -> None:
    h = harness
    await subscribe(h, ALI, "Long nard")
    await subscribe(h, SOLI, "Long nard")
    h.fake.user(SOLI, "Soli").command("/new")
    await h.feed()
    for label in ("Long nard", "🤖 Computer", "Beginner", "1 game"):
        h.fake.user(SOLI, "Soli").press_button(SOLI, label)
        await h.feed()
    assert await games.active_games(h.app.db, SOLI)  # Soli plays the computer
    await search(h, ALI, "Long nard", "Any length", name="Ali")
    assert notices(h, ALI) == [] and notices(h, SOLI) == []


async def test_only_the_variant_asked_for_and_in_the_subscribers_language(harness: Harness
                                                                         ) -> None:
    h = harness
    await subscribe(h, VALI, "Длинные нарды", language="ru")
    await subscribe(h, SOLI, "Short nard")
    await search(h, ALI, "Long nard", "Any length", name="Ali")
    assert notices(h, SOLI) == []
    assert notices(h, VALI, "Кто-то ищет соперника") == [
        "🔎 Кто-то ищет соперника: Длинные нарды (рейтинг 1500). Сыграем?\n"
        "⏱ Контроль времени: 2 мин на ход"]


async def test_one_search_tells_a_bounded_number_of_subscribers(harness: Harness) -> None:
    h = harness
    subscribers = range(5000, 5000 + NOTICES_PER_SEARCH + 5)
    for player in subscribers:
        await subscribe(h, player, "Short nard")
    await search(h, ALI, "Short nard", "1 game", "Either", name="Ali")
    told = [player for player in subscribers if notices(h, player)]
    assert len(told) == NOTICES_PER_SEARCH
    await search(h, VALI, "Short nard", "To 3 points", "With the cube", name="Vali")
    told_again = [player for player in subscribers if notices(h, player)]
    assert len(told_again) == len(subscribers)  # the rest hear of the next search
    assert all(len(notices(h, player)) == 1 for player in subscribers)
