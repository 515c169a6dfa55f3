"""The result message says why a rated game moved no rating: the same two players' fourth
rated game of the day (docs/rules.md, "Ratings"), in the player's language."""

from __future__ import annotations

from storage import games
from testkit.driver import resign
from testkit.friends import ALI, VALI, english_friend_game
from testkit.harness import Harness
from testkit.lifecycle import results


async def test_the_fourth_rated_game_of_a_pair_says_the_rating_is_unchanged(
        harness: Harness) -> None:
    h = harness
    for _ in range(4):
        game_id = await english_friend_game(h)
        await resign(h, VALI)
        assert (await games.load_game(h.app.db, game_id)).status == "finished"
    texts = results(h, ALI)
    assert len(texts) == 4
    for text in texts[:3]:
        assert "Rating: +" in text and "unchanged" not in text
    assert "Rating:" not in texts[3]
    assert texts[3].endswith(
        "Rating unchanged: only 3 rated games a day count between the same two players.")
    loser = [m.text or "" for m in h.fake.messages(VALI) if (m.text or "").startswith("You lost")]
    assert "Rating unchanged" in loser[-1] and "Rating:" in loser[0]
