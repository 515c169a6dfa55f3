"""A game button pressed in Telegram, as an action of the game core.

The button's data (`GameCb`) becomes a `core.actions.Action`; the core's refusal becomes
the alert the presser reads (`alert-<refusal>`), except a stale press on a group board
whose redraw is queued: the press was on the newest board sent and the next one is on its
way, so it reads "updating", not "out of date". Choosing a checker and asking whether to
resign change nothing in the game: the core checks them and the board shows them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.plumbing.pacing import Coalescer
from bot.services.boards import BoardPublisher
from bot.views.callbacks import Act, GameCb
from core.actions import Act as CoreAct
from core.actions import Action, Refusal
from core.games import View
from core.gate import ActionGate
from core.live import Live
from i18n import Translator
from i18n.people import People
from storage.models import Game as Row

Answer = Callable[[str | None, bool], Awaitable[None]]  # (text, show_alert)

_ACTS = {Act.GO: CoreAct.GO, Act.FULL: CoreAct.FULL, Act.UNDO: CoreAct.UNDO,
         Act.DONE: CoreAct.DONE, Act.ROLL: CoreAct.ROLL, Act.DOUBLE: CoreAct.DOUBLE,
         Act.TAKE: CoreAct.TAKE, Act.DROP: CoreAct.DROP, Act.PICK: CoreAct.VIEW,
         Act.BACK: CoreAct.VIEW, Act.RESIGN: CoreAct.VIEW_ANYTIME,
         Act.RESIGN_NO: CoreAct.VIEW_ANYTIME}


def action_of(data: GameCb) -> Action:
    """The core's action a game button stands for (not REMATCH: a new game)."""
    if data.a is Act.RESIGN_YES:  # `src` the seat asked (1-2, 0 any), `dst` the game number
        return Action(data.game, data.v, CoreAct.RESIGN,
                      seat=data.src - 1 if data.src else None, number=data.dst)
    return Action(data.game, data.v, _ACTS[data.a], data.src, data.dst)


class Presses:
    def __init__(self, gate: ActionGate, publisher: BoardPublisher, people: People,
                 coalescer: Coalescer) -> None:
        self.gate, self.publisher, self.people = gate, publisher, people
        self.coalescer = coalescer

    async def press(self, user_id: int, data: GameCb, answer: Answer,
                    words: Translator | None = None) -> None:
        """Apply the press through the game core; `answer` is called exactly once. `words`:
        the presser's translator as the update came (used when the database, where the
        player's language is, does not answer)."""
        async def respond(refusal: Refusal | None) -> None:
            if refusal is None or refusal is Refusal.ILLEGAL:  # (a button offers no such
                return await answer(None, False)                # move: the board is redrawn)
            if refusal is Refusal.UNAVAILABLE and words is not None:
                t = words
            else:
                t = await self.people.translator(user_id)
            if refusal is Refusal.STALE and self.coalescer.waiting(data.game):
                return await answer(t("board-updating"), False)
            await answer(t(f"alert-{refusal}"), True)

        await self.gate.act(user_id, action_of(data), respond, self._view(user_id, data))

    def _view(self, user_id: int, data: GameCb) -> View | None:
        """How the board shows a press that changes nothing in the game."""
        publisher = self.publisher

        async def pick(row: Row, live: Live, seat: int) -> None:
            publisher.select(row.id, seat, data.src)
            await publisher.publish(row, live, only_seat=seat)

        async def back(row: Row, live: Live, seat: int) -> None:
            publisher.unselect(row.id, seat)
            await publisher.publish(row, live, only_seat=seat)

        async def ask_resign(row: Row, live: Live, seat: int) -> None:
            await publisher.ask_resign(row, live, seat, await self.people.translator(user_id))

        async def play_on(row: Row, live: Live, seat: int) -> None:
            await publisher.publish(row, live, only_seat=seat)

        return {Act.PICK: pick, Act.BACK: back, Act.RESIGN: ask_resign,
                Act.RESIGN_NO: play_on}.get(data.a)
