"""Answer an action at once, even while another action (or the computer) holds its game.

A door's user waits for an answer (Telegram shows a spinner on a pressed button and gives
up after a few seconds). `GameService.act` answers after its checks, under the game's lock;
while that lock is held (another action being applied and announced, the computer
thinking, the timer) an action would wait. The gate answers such an action first when it
can do so truthfully:

* with the refusal it is certain to get, decided from the stored game without the lock:
  the game is over or unknown, the sender is not a player, the action's version is older
  than the stored one (versions only grow), it is not the sender's turn — or the version
  is current but an earlier accepted action of the player to act will change it first (a
  double tap: the second tap is out of date by the time it runs);
* a view (which changes nothing, so nothing can be lost) with no refusal, before it waits.

An action that may change the game is never answered before it is saved: it waits for the
lock and `GameService.act` answers it after its commit (an early "done" would be a lie if
the process died while it waited). If it turns out out of date after all, it is refused.

An action that finds the game free goes straight to `GameService.act`.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.actions import (
    ANY_VERSION,
    KEEPS_VERSION,
    Action,
    Refusal,
    Respond,
    seat_or_refusal,
    turn_refusal,
)
from core.games import GameService, View
from storage import games
from storage.db import Database
from storage.errors import DatabaseBlip, GameNotFound


@dataclass(frozen=True, eq=False)  # identity: two taps of the same button are two actions
class _Accepted:
    user_id: int
    action: Action


async def _answered(refusal: Refusal | None) -> None:
    """The action was answered by the gate already."""


class ActionGate:
    def __init__(self, service: GameService, db: Database) -> None:
        self.service, self.db = service, db
        # Per game, the actions let through and not finished yet, in the order they will
        # run (the game's lock is first come, first served).
        self._accepted: dict[int, list[_Accepted]] = {}

    async def act(self, user_id: int, action: Action, respond: Respond,
                  view: View | None = None) -> None:
        game_id = action.game
        # Busy: something holds the game, or an action let through before this one will
        # change it first (one that changes nothing, a view, never makes anybody wait).
        busy = self.service.busy(game_id) or any(
            earlier.action.act not in KEEPS_VERSION for earlier in self._accepted.get(game_id, ()))
        entry = _Accepted(user_id, action)
        queue = self._accepted.setdefault(game_id, [])
        queue.append(entry)  # before any await: an action arriving meanwhile sees this one
        try:
            if busy:
                try:
                    refusal, stale = await self._refusal(entry, queue)
                except DatabaseBlip:  # no early answer: the action's own tries will tell
                    return await self.service.act(user_id, action, respond, view)
                if refusal is None and action.act not in KEEPS_VERSION:
                    # A change: answered by GameService.act once saved, never before.
                    return await self.service.act(user_id, action, respond, view)
                await respond(refusal)
                if refusal is not None and (not stale or action.answered_with_game):
                    return
                # Stale for sure: GameService.act refuses it again under the lock and
                # shows the sender the stored game (they may never have been shown it),
                # unless the door's answer shows it (`Action.answered_with_game`).
                respond = _answered
            await self.service.act(user_id, action, respond, view)
        finally:
            queue.remove(entry)
            if not queue:
                del self._accepted[game_id]

    def __len__(self) -> int:
        """Games with actions let through and not finished."""
        return len(self._accepted)

    async def _refusal(self, entry: _Accepted, queue: list[_Accepted]
                       ) -> tuple[Refusal | None, bool]:
        """(the refusal this action will get, whether it is the stale one), or
        (None, False) when only its turn under the lock can tell."""
        user_id, action = entry.user_id, entry.action
        try:
            row = await games.load_game(self.db, action.game)
        except GameNotFound:
            return Refusal.FINISHED, False
        seat = seat_or_refusal(row, user_id)
        if isinstance(seat, Refusal):
            return seat, False
        if action.act in ANY_VERSION:
            return None, False
        refusal = turn_refusal(row, seat, action.version)
        if refusal is not None:  # stale for sure when older (newer: forged, never shown)
            return refusal, action.version < row.version
        # An earlier action of this player on this version that changes the game runs
        # first (or is refused for the reasons this one would be): this one is out of date.
        for earlier in queue[:queue.index(entry)]:
            if (earlier.user_id == user_id and earlier.action.version == row.version
                    and earlier.action.act not in KEEPS_VERSION):
                return Refusal.STALE, False
        return None, False
