"""Answer a game button at once, even while another press (or the computer) holds its game.

Telegram shows a spinner on a pressed button until the press is answered, and gives up
after a few seconds. `GameService.press` answers after its checks, under the game's lock;
while that lock is held (another press being applied and redrawn, the computer thinking,
the timer) a press would wait with its spinner. The gate answers such a press first:

* with the alert it is certain to get, decided from the stored game without the lock:
  the game is over or unknown, the presser is not a player, the button's version is older
  than the stored one (versions only grow), it is not the presser's turn — or the version
  is current but an earlier accepted press of the player to act will change it first (a
  double tap: the second tap is out of date by the time it runs);
* otherwise with no text, and the press then waits for the lock and goes through
  `GameService.press` as usual (its own answer is then skipped). If it turns out out of
  date after all (something outside the gate changed the game meanwhile), it changes
  nothing and the presser's board is redrawn from the stored game.

A press that finds the game free goes straight to `GameService.press`, which answers after
its checks as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.services.games import Answer, GameService
from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import games
from storage.errors import GameNotFound

# Presses that never change the game's version, and those whose version is not checked.
_KEEP_VERSION = frozenset({Act.PICK, Act.BACK, Act.RESIGN, Act.RESIGN_NO})
_ANY_VERSION = frozenset({Act.RESIGN, Act.RESIGN_NO, Act.RESIGN_YES})


@dataclass(frozen=True, eq=False)  # identity: two taps of the same button are two presses
class _Accepted:
    user_id: int
    data: GameCb


async def _answered(text: str | None, alert: bool) -> None:
    """The press was answered by the gate already."""


class PressGate:
    def __init__(self, service: GameService) -> None:
        self.service = service
        # Per game, the presses let through and not finished yet, in the order they will run
        # (the game's lock is first come, first served).
        self._accepted: dict[int, list[_Accepted]] = {}

    async def press(self, user_id: int, data: GameCb, answer: Answer) -> None:
        game_id = data.game
        busy = self.service.locks.locked(game_id) or bool(self._accepted.get(game_id))
        entry = _Accepted(user_id, data)
        queue = self._accepted.setdefault(game_id, [])
        queue.append(entry)  # before any await: a press arriving meanwhile sees this one
        try:
            if busy:
                refusal, stale = await self._refusal(entry, queue)
                await answer(refusal, refusal is not None)
                if refusal is not None and not stale:
                    return
                # Stale for sure: GameService.press refuses it again under the lock and
                # redraws the presser's board (they may never have received the latest).
                answer = _answered
            await self.service.press(user_id, data, answer)
        finally:
            queue.remove(entry)
            if not queue:
                del self._accepted[game_id]

    async def _refusal(self, entry: _Accepted, queue: list[_Accepted]
                       ) -> tuple[str | None, bool]:
        """(the alert this press will get, whether it is the stale-board alert), or
        (None, False) when only its turn under the lock can tell."""
        user_id, data = entry.user_id, entry.data
        t = await self.service.people.translator(user_id)
        try:
            row = await games.load_game(self.service.db, data.game)
        except GameNotFound:
            return t("alert-finished"), False
        seat = row.seat_of(user_id)
        if seat is None:
            return t("alert-not-player"), False
        if row.status != "active":
            return t("alert-finished"), False
        if data.a in _ANY_VERSION:
            return None, False
        if data.v < row.version:
            return t("alert-stale"), True
        if data.v > row.version:  # a version the server never drew: forged
            return t("alert-stale"), False
        if Live.load(row.state_json).game.to_act != seat:
            return t("alert-not-your-turn"), False
        # An earlier press of this player on this version that changes the game runs first
        # (or is refused for the reasons this one would be): this one is out of date.
        for earlier in queue[:queue.index(entry)]:
            if (earlier.user_id == user_id and earlier.data.v == row.version
                    and earlier.data.a not in _KEEP_VERSION):
                return t("alert-stale"), False
        return None, False
