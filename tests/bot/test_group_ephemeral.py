"""GROUP_EPHEMERAL_BUTTONS: in a group game the mover's buttons are an ephemeral message
they alone see, and the group's board shows the position and whose turn it is; checked
against the fake Bot API's record of the calls."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest_asyncio

from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import TEST_TOKEN
from testkit.groups import ALI, GROUP, VALI, group_game, mover, play_group_turns
from testkit.harness import Harness, make_harness, stop_harness

EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia",
         "editMessageReplyMarkup")


@asynccontextmanager
async def group_bot(database: str | Path, ephemeral: bool) -> AsyncIterator[Harness]:
    """A bot of its own, on a fake Bot API of its own, with the setting on or off."""
    async with FakeTelegram(TEST_TOKEN) as fake:
        h = await make_harness(fake, database, group_ephemeral_buttons=ephemeral)
        try:
            yield h
        finally:
            await stop_harness(h)


@pytest_asyncio.fixture
async def ephemeral(database_url: str) -> AsyncIterator[Harness]:
    async with group_bot(database_url, True) as h:
        yield h


async def test_the_movers_buttons_are_theirs_alone(ephemeral: Harness) -> None:
    h = ephemeral
    game = await group_game(h, "short")
    # The group's board: the position and whose turn, no action buttons.
    assert not [data for _, data in h.board(GROUP).buttons if data]
    player = await mover(h, game)
    other = VALI if player == ALI else ALI
    mine = h.fake.ephemeral_buttons(GROUP, h.fake.user(player, "P"))
    assert mine and h.fake.ephemeral_buttons(GROUP, h.fake.user(other, "P")) == []
    [call] = [c for c in h.fake.calls("sendMessage")
              if c.params.get("ephemeral_message_parameters")]
    assert call.params["ephemeral_message_parameters"]["receiver_user_id"] == player
    # Two turns played on those buttons: each new mover gets them, the last loses them.
    played = await play_group_turns(h, game, 2)
    assert played["turns"] == 2 and played["deleteEphemeralMessage"] >= 2
    assert not [data for _, data in h.board(GROUP).buttons if data]
    now = await mover(h, game)
    assert now is not None and h.fake.ephemeral_buttons(GROUP, h.fake.user(now, "P"))
    assert h.fake.ephemeral_buttons(GROUP, h.fake.user(ALI if now == VALI else VALI, "P")) \
        == []


async def test_steps_edit_the_movers_message_not_the_groups(tmp_path: Path) -> None:
    """The same game (same seeds, same dice) played step by step without and with the
    setting: with it, the group's board is edited once a turn at most, and less than
    without."""
    counts = []
    for ephemeral in (False, True):
        async with group_bot(tmp_path / f"{ephemeral}.sqlite3", ephemeral) as h:
            game = await group_game(h, "short")
            played = await play_group_turns(h, game, 6)
            assert played["turns"] == 6
            counts.append(sum(played.get(m, 0) for m in EDITS) / played["turns"])
    assert counts[1] <= 1.0 < counts[0] and counts[1] < counts[0] / 2, counts
