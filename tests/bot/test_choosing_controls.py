"""Choosing a time control in the chat (issue 38): /new against a friend or the computer,
Play again, challenge links, inline cards, /nard in a group, /play and tournaments, driven
through the real Dispatcher and the fake Bot API. The host offers the default controls:
`m120, c8+20, c15+180, d1, d3`."""

from __future__ import annotations

import re

import pytest

from bot.handlers.groups import BadOption, NardOptions, parse_options
from bot.views.callbacks import NewGameCb, TourneyMenuCb
from core.timecontrol import Offer, offered
from storage import challenges, games, matchmaking
from storage import tournaments as stored_tournaments
from testkit.computer import start_game
from testkit.driver import play_again, resign
from testkit.friends import ALI, VALI, challenge, code_of
from testkit.groups import ALI as GROUP_ALI
from testkit.groups import GROUP, group_game, resign_in_group
from testkit.harness import Harness
from testkit.matchmaking import search
from testkit.tournament_play import GROUP as TM_GROUP
from testkit.tournament_play import (
    JOINED,
    NAMES,
    PLAYERS,
    lobby,
    meet,
    press,
    tournament_games,
)

CLOCK, SLOW_CLOCK, DAY = "⏱ 8 s + 20 s/point", "⏱ 15 s + 3 min/point", "⏱ 1 day a move"
WINDOW = "⏱ 2 min a move"
MM_ALI, MM_VALI, MM_SOLI, MM_BEK = 4001, 4002, 4003, 4004


def labels(message) -> list[str]:
    return [text for text, _ in message.buttons]


async def test_the_friend_menu_offers_every_control_and_keeps_the_choice(
        harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in ("Short nard", "👥 A friend", "1 game"):
        ali.press_button(ALI, label)
        await h.feed()
    question = h.fake.last_message(ALI)
    assert "⏱ Time: 2 min a move" in (question.text or "")
    assert labels(question)[2:] == ["✅ " + WINDOW, CLOCK, SLOW_CLOCK, DAY, "⏱ 3 days a move"]
    ali.press_button(ALI, CLOCK)  # the same question, the clock chosen
    await h.feed()
    question = h.fake.last_message(ALI)
    assert "✅ " + CLOCK in labels(question) and WINDOW in labels(question)
    ali.press_button(ALI, "Without the cube")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert "⏱ Time: 8 s + 20 s/point" in text
    code = re.search(r"start=(\S+)", text).group(1)  # type: ignore[union-attr]
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.timing.control == "c8+20" and not row.timing.correspondence


async def test_a_correspondence_challenge_from_the_menu(harness: Harness) -> None:
    h = harness
    code = await challenge(h, "Long nard", "👥 A friend", DAY, "1 game")
    stored = await challenges.get_challenge(h.app.db, code_of(code))
    assert stored is not None and stored.control == "d1"


async def test_the_computer_menu_offers_live_controls_and_play_again_keeps_it(
        harness: Harness) -> None:
    h = harness
    user = await start_game(h, 1001, "Long nard", "🤖 Computer", "Beginner")
    question = h.fake.last_message(1001)
    assert labels(question)[4:] == ["✅ " + WINDOW, CLOCK, SLOW_CLOCK]  # no correspondence
    for label in (SLOW_CLOCK, "1 game"):
        user.press_button(1001, label)
        await h.feed()
    [row] = await games.active_games(h.app.db, 1001)
    assert row.timing.control == "c15+180" and row.level == "beginner"
    await resign(h, 1001)
    await play_again(h, 1001)
    [again] = await games.active_games(h.app.db, 1001)
    assert again.id != row.id and again.timing.control == "c15+180"


async def test_the_default_needs_no_press_and_a_forged_control_starts_nothing(
        harness: Harness) -> None:
    h = harness
    await start_game(h, 1001, "Short nard", "🤖 Computer", "Beginner", "1 game",
                     "Without the cube")
    [row] = await games.active_games(h.app.db, 1001)
    assert row.timing.control == "m120"
    # A correspondence game against the computer, or a control the host does not offer.
    for token in ("d1", "c9+9"):
        user = await start_game(h, 1002 if token == "d1" else 1003, "Long nard")
        forged = NewGameCb(variant="long", opponent="ai", level="beginner", length=1, tc=token)
        user.press(h.fake.last_message(user.id), forged.pack())
        await h.feed()
        assert h.fake.last_message(user.id).text == (
            "That choice is not available. Start again with /new.")
        assert await games.active_games(h.app.db, user.id) == []


async def test_a_link_names_its_control_and_a_bad_one_is_refused(harness: Harness) -> None:
    h = harness
    payload = await challenge(h, "Long nard", "👥 A friend", CLOCK, "To 3 points")
    code, _, token = payload.rpartition("_")
    assert token == "c8-20"  # the link's payload: the code, then the control ("+" as "-")
    vali = h.fake.user(VALI, "Vali")
    # Not offered, not a control at all, and another control than the challenge's.
    for bad in ("c9-9", "x1", "d1", "m5"):
        vali.command(f"/start {code}_{bad}")
        await h.feed()
        assert "time control this bot does not offer" in (h.fake.last_message(VALI).text
                                                           or ""), bad
        assert await games.active_games(h.app.db, VALI) == []
        stored = await challenges.get_challenge(h.app.db, code)
        assert stored is not None and stored.status == "open"
    ru = h.fake.user(ALI + 50, "Вали", language_code="ru")
    ru.command(f"/start {code}_c9-9")
    await h.feed()
    assert "контроль времени" in (h.fake.last_message(ALI + 50).text or "")
    vali.command(f"/start {payload}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.timing.control == "c8+20" and row.match_length == 3
    started = [m.text or "" for m in h.fake.messages(VALI)]
    assert any("The game begins" in text for text in started), started


async def test_a_link_made_before_controls_still_works(harness: Harness) -> None:
    h = harness
    payload = await challenge(h, "Long nard", "👥 A friend", "1 game")
    code = payload.rpartition("_")[0]
    h.fake.user(VALI, "Vali").command(f"/start {code}")  # the code alone
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.timing.control == "m120"


async def test_a_code_ending_like_a_control_still_links_alone(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """A code may end in what reads as a control (`…_m12`): its link without a control
    (made before controls) still finds the challenge."""
    h = harness
    monkeypatch.setattr(challenges, "new_code", lambda: "AbCd_m12")
    payload = await challenge(h, "Long nard", "👥 A friend", "1 game")
    assert payload == "AbCd_m12_m120"
    h.fake.user(VALI, "Vali").command("/start AbCd_m12")  # the code alone
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.timing.control == "m120"


async def test_inline_cards_offer_every_control_and_carry_the_chosen_one(
        harness: Harness) -> None:
    h = harness
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    query = ali.inline_query("")
    await h.feed()
    results = h.fake.inline_results(query)
    assert [r["id"] for r in results] == [
        "short", "long", "short-c8+20", "long-c8+20", "short-c15+180", "long-c15+180",
        "short-d1", "long-d1", "short-d3", "long-d3"]
    assert results[2]["title"] == "Short nard · 8 s + 20 s/point"
    # Typing a control's token offers its two cards only.
    query = ali.inline_query("d3")
    await h.feed()
    assert [r["id"] for r in h.fake.inline_results(query)] == ["short-d3", "long-d3"]
    chosen = ali.chosen("long-c8+20")
    await h.feed()
    card = chosen["chosen_inline_result"]["inline_message_id"]
    assert "⏱ Time: 8 s + 20 s/point" in (h.fake.inline_message(card).text or "")
    vali.press_inline_button(card, "✅ Accept")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.variant == "long" and row.timing.control == "c8+20"
    # The same query again (an hour later still the same card records): no new rows.
    before = (await h.app.db.fetchone("SELECT COUNT(*) AS n FROM cards"))["n"]
    ali.inline_query("")
    await h.feed()
    assert (await h.app.db.fetchone("SELECT COUNT(*) AS n FROM cards"))["n"] == before == 10


async def test_a_card_whose_control_the_host_dropped_is_refused(harness: Harness) -> None:
    h = harness
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    ali.inline_query("d1")
    await h.feed()
    card = ali.chosen("short-d1")["chosen_inline_result"]["inline_message_id"]
    await h.feed()
    # The host restarts offering only the move window and one clock.
    h.app.services.challenges.controls = Offer(offered("m120,c8+20", default_move=120))
    update = vali.press_inline_button(card, "✅ Accept")
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert answer["show_alert"] is True and "does not offer" in answer["text"]
    assert await games.active_games(h.app.db, VALI) == []
    assert await games.correspondence_games(h.app.db, VALI) == []
    assert (await h.app.db.fetchone("SELECT COUNT(*) AS n FROM challenges"))["n"] == 0


async def test_a_group_game_with_a_control_and_a_bad_one(group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h, "long 3 c8+20")
    row = await games.load_game(h.app.db, game_id)
    assert row.timing.control == "c8+20" and row.match_length == 3
    posted = [c.params["text"] for c in h.fake.calls("sendMessage")
              if "Who's in?" in c.params.get("text", "")]
    assert posted and "⏱ Time: 8 s + 20 s/point" in posted[-1]
    await resign_in_group(h, game_id)
    ali = h.fake.user(GROUP_ALI, "Ali")
    for command, reply in [
        ("/nard long c9+9", '"c9+9" is not a time control here. Offered: m120, c8+20, '
                            "c15+180, d1, d3."),
        ("/nard d30", '"d30" is not a time control here.'),
        ("/nard short x1", "“x1” is not an option."),
    ]:
        ali.command(command, chat=GROUP)
        await h.feed()
        assert (h.fake.last_message(GROUP).text or "").startswith(reply), command
    assert (await h.app.db.fetchone("SELECT COUNT(*) AS n FROM challenges"))["n"] == 1
    # A spelling with zeros is the same control; a correspondence game in a group.
    ali.command("/nard short d01", chat=GROUP)
    await h.feed()
    assert "⏱ Time: 1 day a move" in (h.fake.last_message(GROUP).text or "")


def test_nard_options_read_a_control() -> None:
    offer = Offer(offered("", default_move=120))
    assert parse_options("long c08+020 3", offer) == NardOptions("long", 3, False, "c8+20")
    assert parse_options("cube", offer).control == ""
    for bad in ("c9+9", "m5", "d1x", "c8+20 m1000000"):
        with pytest.raises(BadOption) as refused:
            parse_options(bad, offer)
        assert refused.value.reason == "control", bad


async def test_play_pairs_only_searches_with_the_same_control(harness: Harness) -> None:
    h = harness
    await search(h, MM_ALI, "Long nard", CLOCK, "1 game", name="Ali")
    waiting = h.fake.last_message(MM_ALI)
    assert "⏱ Time: 8 s + 20 s/point" in (waiting.text or "")
    await search(h, MM_VALI, "Long nard", "1 game", name="Vali")  # the move window
    await search(h, MM_SOLI, "Long nard", SLOW_CLOCK, "Any length", name="Soli")
    for player in (MM_ALI, MM_VALI, MM_SOLI):
        assert await games.active_games(h.app.db, player) == []
    assert await matchmaking.searching(h.app.db) == {"short": 0, "long": 3}
    assert await matchmaking.searching(h.app.db, "c8+20") == {"short": 0, "long": 1}
    h.clock.advance(120)  # any rating gap by now: the controls alone keep them apart
    await h.app.timers.tick()
    assert await games.active_games(h.app.db, MM_ALI) == []
    await search(h, MM_BEK, "Long nard", CLOCK, "Any length", name="Bek")
    [row] = await games.active_games(h.app.db, MM_ALI)
    assert row.players == (MM_ALI, MM_BEK) and row.timing.control == "c8+20" and row.rated
    found = h.fake.message(MM_ALI, waiting.message_id).text or ""
    assert "Opponent found: Bek" in found and "⏱ Time: 8 s + 20 s/point" in found


async def test_a_correspondence_search_beside_a_live_game(harness: Harness) -> None:
    h = harness
    await start_game(h, MM_ALI, "Long nard", "🤖 Computer", "Beginner", "1 game")
    [live] = await games.active_games(h.app.db, MM_ALI)
    await search(h, MM_ALI, "Long nard", "1 game")  # a live search: not while playing
    assert h.fake.last_message(MM_ALI).text.startswith("You are already playing")
    await search(h, MM_ALI, "Long nard", DAY, "1 game")
    assert "⏱ Time: 1 day a move" in (h.fake.last_message(MM_ALI).text or "")
    await search(h, MM_VALI, "Long nard", DAY, "Any length")
    [row] = await games.correspondence_games(h.app.db, MM_ALI)
    assert row.players == (MM_ALI, MM_VALI) and row.timing.control == "d1"
    assert row.timing.correspondence
    # The live game against the computer goes on beside it.
    assert [g.id for g in await games.active_games(h.app.db, MM_ALI)] == [live.id]


async def test_a_tournament_played_on_a_match_clock(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    await meet(h, four)
    creator = h.fake.user(four[0], NAMES[four[0]])
    creator.command("/tournament", chat=TM_GROUP)
    await h.feed()
    for label in ("🏆 Knock-out", "Long nard", "To 3 points", "4"):
        creator.press_button(TM_GROUP, label)
        await h.feed()
    question = h.fake.last_message(TM_GROUP)
    assert labels(question)[-3:] == ["✅ " + WINDOW, CLOCK, SLOW_CLOCK]  # live ones only
    # A forged correspondence tournament is refused; nothing is opened.
    forged = TourneyMenuCb(f="knockout", variant="long", length=3, cap=4, start=0, tc="d1")
    update = creator.press(question, forged.pack())
    await h.feed()
    assert h.fake.callback_answer(update)["show_alert"] is True
    assert await stored_tournaments.chat_tournament(h.app.db, TM_GROUP) is None
    creator.command("/tournament", chat=TM_GROUP)  # that menu is spent: a new one
    await h.feed()
    for label in ("🏆 Knock-out", "Long nard", "To 3 points", "4", CLOCK, "When full"):
        creator.press_button(TM_GROUP, label)
        await h.feed()
    tournament = await stored_tournaments.chat_tournament(h.app.db, TM_GROUP)
    assert tournament is not None and tournament.control == "c8+20"
    assert "⏱ Time: 8 s + 20 s/point" in lobby(h)
    for player in four:
        assert JOINED in await press(h, player, "✅ Join")
    first = await tournament_games(h, tournament.id)
    assert len(first) == 2
    assert all(row.timing.control == "c8+20" and row.match_length == 3 for row in first)


async def test_a_correspondence_challenge_while_playing_a_live_game(harness: Harness) -> None:
    h = harness
    ali = await start_game(h, ALI, "Long nard", "🤖 Computer", "Beginner", "1 game")
    [live] = await games.active_games(h.app.db, ALI)
    ali.command("/new")
    await h.feed()
    busy = h.fake.last_message(ALI)
    assert (busy.text or "").startswith("You are already playing")
    assert labels(busy) == ["🎲 Show the game", "📬 Correspondence game"]
    for label in ("📬 Correspondence game", "Short nard", "1 game"):
        ali.press_button(ALI, label)
        await h.feed()
    assert "✅ " + DAY in labels(h.fake.last_message(ALI))  # chosen already
    ali.press_button(ALI, "Without the cube")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert "⏱ Time: 1 day a move" in text, text
    payload = re.search(r"start=(\S+)", text).group(1)  # type: ignore[union-attr]
    h.fake.user(VALI, "Vali").command(f"/start {payload}")
    await h.feed()
    [row] = await games.correspondence_games(h.app.db, ALI)
    assert row.players == (ALI, VALI) and row.timing.control == "d1"
    assert [g.id for g in await games.active_games(h.app.db, ALI)] == [live.id]
