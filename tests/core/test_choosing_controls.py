"""The core's side of choosing a time control (issue 38): searches pair only the same
control and a correspondence search stands beside a live game, a tournament's games use
its control (never correspondence), Play again against the computer keeps the game's
control, and an inline card's challenge keeps its card's. No Telegram; both engines."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from core.aftergame import AfterGame
from core.challenges import Challenges
from core.games import Busy
from core.matchmaking import Matchmaking
from core.timecontrol import TimeControl
from storage import challenges, games, matchmaking
from storage.matchmaking import ANY_LENGTH, CUBE_OFF, MatchRequest, Pairing
from testkit.tournament_core import World, open_world, resign

CLOCK, DAY = TimeControl.parse("c8+20"), TimeControl.parse("d1")
GROUP_ID = -1001


class Heard:
    """A door's `SearchNews` that only records the pairings."""

    def __init__(self) -> None:
        self.pairings: list[Pairing] = []

    async def waiting(self, request: MatchRequest, *, new_message: bool = False) -> None:
        pass

    async def invite(self, request: MatchRequest, player_id: int) -> None:
        pass

    async def found(self, pairing: Pairing) -> None:
        self.pairings.append(pairing)

    async def cancelled(self, request: MatchRequest) -> None:
        pass

    async def expired(self, request: MatchRequest) -> None:
        pass


class NoDoor:
    """`AfterGameNews` of a process without a door (a person's rematch is not asked)."""

    async def rematch(self, player_id: int, game_id: int) -> None:
        raise AssertionError("a game against the computer needs no door")

    async def analysis(self, player_id: int, game_id: int, number: int) -> None:
        raise AssertionError

    async def replay(self, player_id: int, game_id: int, number: int) -> None:
        raise AssertionError


@pytest_asyncio.fixture
async def world(database_url: str) -> AsyncIterator[World]:
    async with open_world(database_url) as w:
        yield w


def searches(w: World) -> tuple[Matchmaking, Heard]:
    heard = Heard()
    return Matchmaking(w.db, w.service, heard, clock=w.clock), heard


async def test_searches_pair_only_with_the_same_control(world: World) -> None:
    w = world
    mm, heard = searches(w)
    await mm.search(1, "long", ANY_LENGTH, CUBE_OFF, CLOCK)
    await mm.search(2, "long", ANY_LENGTH, CUBE_OFF)  # the host's move window
    await mm.search(3, "long", ANY_LENGTH, CUBE_OFF, TimeControl.parse("c15+180"))
    assert heard.pairings == []
    assert (await matchmaking.waiting_request(w.db, 1)).control == "c8+20"  # type: ignore[union-attr]
    assert (await matchmaking.waiting_request(w.db, 2)).control == "m60"  # type: ignore[union-attr]
    await mm.search(4, "long", ANY_LENGTH, CUBE_OFF, CLOCK)
    [pairing] = heard.pairings
    assert set(pairing.game.players) == {1, 4} and pairing.game.timing.control == "c8+20"
    assert pairing.game.timing.warn_lead == 10  # a clock's warning, not the window's


async def test_a_correspondence_search_is_made_and_paired_beside_a_live_game(
        world: World) -> None:
    w = world
    mm, heard = searches(w)
    live = await w.service.start_vs_computer(1, "short", "beginner", 1, False)
    with pytest.raises(Busy):
        await mm.search(1, "long", ANY_LENGTH, CUBE_OFF)  # a live search: not now
    await mm.search(1, "long", ANY_LENGTH, CUBE_OFF, DAY)
    # Another live game beginning (player 2 against the computer) ends no
    # correspondence search, and a player in a live game is still paired for one.
    await w.service.start_vs_computer(2, "short", "beginner", 1, False)
    await mm.search(2, "long", ANY_LENGTH, CUBE_OFF, DAY)
    [pairing] = heard.pairings
    assert pairing.game.timing.correspondence and pairing.game.timing.control == "d1"
    assert [g.id for g in await games.active_games(w.db, 1)] == [live.id]
    assert [g.id for g in await games.correspondence_games(w.db, 1)] == [pairing.game.id]


async def test_a_live_game_ends_a_live_search_only(world: World) -> None:
    w = world
    mm, _ = searches(w)
    await mm.search(1, "long", ANY_LENGTH, CUBE_OFF)
    await mm.search(2, "long", ANY_LENGTH, CUBE_OFF, DAY)
    for player in (1, 2):
        await w.service.start_vs_computer(player, "short", "beginner", 1, False)
    assert await matchmaking.waiting_request(w.db, 1) is None
    waiting = await matchmaking.waiting_request(w.db, 2)
    assert waiting is not None and waiting.control == "d1"


async def test_a_tournaments_games_use_its_clock(world: World) -> None:
    w = world
    with pytest.raises(ValueError):  # a tournament is played in one sitting
        await w.core.create(GROUP_ID, 1, variant="short", format="knockout", length=1,
                            cube=False, capacity=4, start_in=None, minutes=None, control=DAY)
    t = await w.core.create(GROUP_ID, 1, variant="short", format="knockout", length=3,
                            cube=False, capacity=4, start_in=None, minutes=None,
                            control=CLOCK)
    assert t.control == "c8+20" and w.core.control(t) == CLOCK
    for player in range(1, 5):
        await w.core.join(t.id, player)
    rows = [row for row in await games.active_games(w.db, 1)]
    rows += [row for p in (2, 3, 4) for row in await games.active_games(w.db, p)]
    assert {row.timing.control for row in rows} == {"c8+20"} and len({r.id for r in rows}) == 2


async def test_play_again_against_the_computer_keeps_the_control(world: World) -> None:
    w = world
    first = await w.service.start_vs_computer(1, "long", "beginner", 1, False,
                                              TimeControl.parse("c15+180"))
    await resign(w, first.id, 1)
    again = await AfterGame(w.service, NoDoor()).rematch(1, await games.load_game(w.db,
                                                                                   first.id))
    assert again is not None and again.id != first.id
    assert again.timing.control == "c15+180"


async def test_a_cards_challenge_keeps_the_cards_control(world: World) -> None:
    w = world
    core = Challenges(w.db, w.service, clock=w.clock)
    made = await core.offer_cards(1, [w.service.default_control, DAY])
    assert [(c.variant, c.control) for c in made] == [
        ("short", "m60"), ("long", "m60"), ("short", "d1"), ("long", "d1")]
    card, code = await core.card_challenge(made[3].id, 2)
    assert core.card_control(card) == DAY
    stored = await challenges.get_challenge(w.db, code)
    assert stored is not None and stored.control == "d1" and stored.variant == "long"
    row, _ = await core.accept(code, 2)
    assert row.timing.correspondence and row.players == (1, 2)
