"""The replay viewer's frames (`GET api/games/<id>/frames`) and sharing from the web board
(`POST api/games/<id>/share`, the public result picture), checked against the stored game
and the fake Bot API's record of the calls."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from core.replay import finished_games
from engine.dice import SeededDice
from storage import games
from testkit.web import (
    WebHarness,
    computer_game,
    finished_computer_game,
    resigned_game,
    store_blunder,
)

ALI, EVE = 1001, 1003


def checkers(frame: dict[str, Any], side: str) -> int:
    return (sum(count for count, owner in frame["points"] if owner == side)
            + frame["bar"][side] + frame["off"][side])


@pytest.mark.slow
async def test_the_replay_is_every_move_of_the_game_ending_on_its_final_position(
        wh: WebHarness) -> None:
    game, final = await finished_computer_game(wh)
    status, data = await wh.call("GET", f"api/games/{game}/frames", ALI)
    assert status == 200, data
    frames = data["frames"]
    row = await games.load_game(wh.core.db, game)
    [played] = await finished_games(wh.core.db, row, 1)
    moves = [e for e in played.history if e["type"] in ("move", "pass")]
    assert len(frames) == 1 + len(moves) + 1  # the start, each move or pass, the result
    start, end = frames[0], frames[-1]
    assert start["pips"] == {"viewer": 167, "opponent": 167} and start["result"] is None
    assert [f["version"] for f in frames] == list(range(len(frames)))
    for frame in frames:  # fifteen checkers a side on every frame
        assert checkers(frame, "viewer") == checkers(frame, "opponent") == 15
    # The last frame is the stored game's final position, seen by Ali, with the result.
    assert end["points"] == final["points"] and end["off"] == final["off"]
    assert end["result"]["winner"] == final["result"]["winner"]
    assert end["result"]["match_over"] == final["result"]["match_over"]
    # Each move's frame writes it (in Ali's numbers) and marks it.
    ali_moves = [e["move"] for e in played.history if e["type"] == "move" and e["seat"] == 0]
    captions = [f["caption"] for f in frames if f["moves"] and f["moves"][0]["by"] == "viewer"]
    assert captions == ali_moves
    assert data["analysed"] is False and data["mistakes"] == []
    assert data["texts"]["web-replay-play"] == "Play"
    # Anybody may watch it (from seat 0's side); a game still on has no replay yet.
    status, watched = await wh.call("GET", f"api/games/{game}/frames", EVE)
    assert status == 200 and watched["frames"] == frames
    other = await computer_game(wh, EVE)
    status, data = await wh.call("GET", f"api/games/{other}/frames", EVE)
    assert status == 409
    status, data = await wh.call("GET", f"api/games/{game}/frames?number=2", ALI)
    assert status == 400


async def test_a_mistake_of_the_analysis_names_the_frame_of_its_move(wh: WebHarness) -> None:
    game, _ = await finished_computer_game(wh)
    blunder = await store_blunder(wh, game)
    status, data = await wh.call("GET", f"api/games/{game}/frames", ALI)
    assert status == 200 and data["analysed"] is True
    [mistake] = data["mistakes"]  # the computer's good move is no mistake
    assert mistake["grade"] == "blunder" and mistake["by"] == "viewer"
    frame = data["frames"][mistake["frame"]]
    assert frame["caption"] == blunder["move"] and frame["dice"] == blunder["dice"]
    assert mistake["text"] == (f"Ali: blunder, played {blunder['move']}, best 24/18 13/8 "
                               "(−0.300)")


@pytest.mark.chat
async def test_a_result_card_and_a_challenge_are_prepared_messages(wh: WebHarness) -> None:
    game = await resigned_game(wh)
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "result"})
    assert status == 200, data
    assert len(wh.fake.calls("savePreparedInlineMessage")) == 1
    prepared = wh.fake.prepared[data["id"]]
    assert prepared["user_id"] == ALI and prepared["allow_group_chats"]
    card = prepared["result"]
    assert card["type"] == "photo" and "Ali" in card["caption"] and "Computer" in card["caption"]
    [[play]] = card["reply_markup"]["inline_keyboard"]
    assert play["url"].startswith("https://t.me/")
    # Its picture is the bot's own, served without sign-in at the signed address.
    picture = urlsplit(card["photo_url"])
    assert card["photo_url"].startswith("https://nard.example.com/app/share/")
    path = picture.path.removeprefix("/app/")
    async with wh.http.get(wh.url + path) as response:
        assert response.status == 200 and (await response.read())[:4] == b"\x89PNG"
    forged = path[:-6] + ("0" if path[-5] != "0" else "1") + path[-5:]
    async with wh.http.get(wh.url + forged) as response:
        assert response.status == 404
    # A challenge with the game's settings: the card a friend accepts.
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "challenge"})
    assert status == 200, data
    card = wh.fake.prepared[data["id"]]["result"]
    assert card["type"] == "article"
    [[accept]] = card["reply_markup"]["inline_keyboard"]
    assert "?start=" in accept["url"]
    # A story: the picture's address and the text; nothing prepared.
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "story"})
    assert status == 200 and data["media"].endswith(".png") and data["text"]
    assert len(wh.fake.calls("savePreparedInlineMessage")) == 2


@pytest.mark.chat
async def test_a_message_telegram_does_not_prepare_is_said_so(wh: WebHarness) -> None:
    game = await resigned_game(wh)
    wh.fake.fail_next("savePreparedInlineMessage", 400, "Bad Request: PHOTO_INVALID_DIMENSIONS")
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "result"})
    assert status == 502 and data["text"].startswith("Telegram did not take"), data
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "result"})
    assert status == 200 and data["id"] in wh.fake.prepared  # the next try is prepared


@pytest.mark.chat
async def test_sharing_is_refused_while_the_game_is_on_and_to_others(wh: WebHarness) -> None:
    wh.core.games.dice = SeededDice(3)
    game = await computer_game(wh)
    for user, what, refused in ((ALI, "result", 409), (EVE, "result", 403), (ALI, "gif", 400)):
        status, data = await wh.call("POST", f"api/games/{game}/share", user, {"what": what})
        assert status == refused and "error" in data
    assert wh.fake.calls("savePreparedInlineMessage") == []


async def test_without_a_chat_door_nothing_is_prepared(wh: WebHarness) -> None:
    game = await resigned_game(wh)
    for what in ("result", "challenge"):
        status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": what})
        assert status == 404, data
    status, data = await wh.call("POST", f"api/games/{game}/share", ALI, {"what": "story"})
    assert status == 200 and "/app/share/" in data["media"]
