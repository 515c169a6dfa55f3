"""Presses per turn: whole games by simulated players, through the real Dispatcher.

    python -m benchmarks.presses [--games 20] [--variant short|long|both] [--cube]
                                 [--no-confirm] [--seed 1]

Two simulated players play friend games to the end. On each turn a player chooses one of
the legal moves uniformly at random, then enters it by pressing the buttons of its own board
the way a person would: the one-tap button of that move when the board offers it, else a
move button (`13→7`, the furthest one that still leads to the chosen move) or a checker and
then its destination, and Done (unless confirmation is off). It never doubles; with the cube
it presses Roll when the bot asks. Every press is a real `Update` fed to the real Dispatcher;
the Bot's session answers the API calls at once and keeps each chat's board keyboard.

Prints presses per turn: over all of a player's turns (forced moves and passes, which play
themselves, count as turns with no press), and over the turns in which the player pressed
anything.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from aiogram import Bot
from aiogram.methods import (
    EditMessageMedia,
    EditMessageReplyMarkup,
    SendPhoto,
    TelegramMethod,
)
from aiogram.types import InlineKeyboardMarkup, Update, User

from benchmarks.sessions import InstantSession
from bot.app import App, build
from bot.config import load_settings
from bot.views.callbacks import Act, GameCb
from core.live import Live
from core.settings import CONFIRM_MOVES
from engine.dice import SeededDice
from engine.errors import EngineError
from engine.game import Phase
from engine.movegen import Play
from engine.position import Position
from engine.resolve import apply_steps, resolve_move
from engine.turn import Turn
from storage import games, players

BOT_USER = User(id=42, is_bot=True, first_name="Nard", username="nard_presses_bot")


class BoardSession(InstantSession):
    """Remembers the newest board message of each chat."""

    def __init__(self) -> None:
        super().__init__(BOT_USER)
        self.boards: dict[int, tuple[int, InlineKeyboardMarkup | None]] = {}

    def seen(self, method: TelegramMethod[Any], chat_id: int, message_id: int) -> None:
        if isinstance(method, SendPhoto | EditMessageMedia | EditMessageReplyMarkup):
            self.boards[chat_id] = (message_id, method.reply_markup)


@dataclass
class Tally:
    presses: int = 0
    turns: int = 0
    pressed_turns: int = 0
    per_act: dict[str, int] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.presses += other.presses
        self.turns += other.turns
        self.pressed_turns += other.pressed_turns
        for act, count in other.per_act.items():
            self.per_act[act] = self.per_act.get(act, 0) + count


def offered(markup: InlineKeyboardMarkup | None) -> list[tuple[str, GameCb]]:
    return [(b.text, GameCb.unpack(b.callback_data))
            for row in (markup.inline_keyboard if markup else []) for b in row
            if b.callback_data and b.callback_data.startswith("g:")]


def _reaches(turn: Turn, target: Position) -> bool:
    """Can the turn, from its current steps, still end in `target`? Leaves `turn` as is."""
    seen: set[tuple[Position, tuple[int, ...]]] = set()

    def walk() -> bool:
        here = apply_steps(turn.position, turn.steps)
        if turn.is_complete and here == target:
            return True  # (a complete turn may still go on: no return otherwise)
        key = (here, tuple(sorted(turn.remaining_dice)))
        if key in seen:
            return False
        seen.add(key)
        for step in turn.legal_steps():
            turn.play(step)
            try:
                if walk():
                    return True
            finally:
                turn.undo()
        return False

    return walk()


def _after_path(turn: Turn, src: int, dst: int, target: Position) -> int:
    """How many steps the move button src→dst plays, or 0 if it leads away from `target`."""
    path = turn.destinations(src).get(dst)
    if not path:
        return 0
    played = 0
    try:
        for step in path:
            turn.play(step)
            played += 1
        return len(path) if _reaches(turn, target) else 0
    finally:
        for _ in range(played):
            turn.undo()


def choose_button(live: Live, buttons: list[tuple[str, GameCb]], target: Play) -> GameCb | None:
    """The button a person entering `target` presses next on this keyboard."""
    game = live.game
    by_act: dict[Act, list[tuple[str, GameCb]]] = {}
    for text, data in buttons:
        by_act.setdefault(data.a, []).append((text, data))
    if game.phase is Phase.ROLL:
        return by_act[Act.ROLL][0][1] if Act.ROLL in by_act else None
    turn = live.turn()
    want = target.after.swapped()  # the target as the mover sees it after the move
    for text, data in by_act.get(Act.FULL, []):  # read the one-tap label as notation
        try:
            if resolve_move(game.position, game.dice, text,
                            first_turn=game.first_turn).after == target.after:
                return data
        except EngineError:
            continue
    if turn.is_complete and Act.DONE in by_act:
        return by_act[Act.DONE][0][1]
    goes = [(_after_path(turn, d.src, d.dst, want), d) for _, d in by_act.get(Act.GO, [])]
    goes = [(n, d) for n, d in goes if n]
    if goes:
        return max(goes, key=lambda pair: pair[0])[1]
    picks = []
    for _, data in by_act.get(Act.PICK, []):
        best = max((_after_path(turn, data.src, dst, want)
                    for dst in turn.destinations(data.src)), default=0)
        if best:
            picks.append((best, data))
    if picks:
        return max(picks, key=lambda pair: pair[0])[1]
    return None


def press_update(update_id: int, user_id: int, message_id: int, data: GameCb) -> Update:
    user = User(id=user_id, is_bot=False, first_name=f"P{user_id}")
    return Update.model_validate({
        "update_id": update_id,
        "callback_query": {
            "id": str(update_id), "from": user.model_dump(), "chat_instance": "1",
            "data": data.pack(),
            "message": {"message_id": message_id, "date": 0,
                        "chat": {"id": user_id, "type": "private"},
                        "from": BOT_USER.model_dump()},
        },
    })


async def play_game(app: App, session: BoardSession, pair: tuple[int, int], variant: str,
                    cube: bool, rng: random.Random, update_ids: itertools.count
                    ) -> dict[int, Tally]:
    """One friend game to its end; the presses and turns of each player."""
    challenge = await app.challenges.create(pair[0], variant, 1, cube)
    row = await app.challenges.accept(challenge.code, pair[1])
    tallies = {player: Tally() for player in pair}
    targets: dict[tuple[int, int], Play] = {}  # (seat, turn number) -> the chosen move
    pressed: set[tuple[int, int]] = set()
    for _ in range(20_000):
        row = await games.load_game(app.db, row.id)
        if row.status != "active":
            break
        live = Live.load(row.state_json)
        seat = live.game.to_act
        player = row.players[seat]
        assert player is not None
        turn_key = (seat, sum(1 for e in live.game.history if e["type"] in ("move", "pass")))
        if live.game.phase is Phase.MOVE and turn_key not in targets:
            targets[turn_key] = rng.choice(live.game.legal_plays())
        message_id, markup = session.boards[player]
        data = choose_button(live, offered(markup), targets.get(turn_key))  # type: ignore[arg-type]
        if data is None:
            raise RuntimeError(f"no button enters the chosen move: {offered(markup)}")
        await app.dispatcher.feed_update(
            app.bot, press_update(next(update_ids), player, message_id, data))
        tally = tallies[player]
        tally.presses += 1
        tally.per_act[data.a.value] = tally.per_act.get(data.a.value, 0) + 1
        if turn_key not in pressed:
            pressed.add(turn_key)
            tally.pressed_turns += 1
    else:
        raise RuntimeError("the game did not end")
    history = Live.load(row.state_json).game.history
    for seat, player in enumerate(pair):
        tallies[player].turns = sum(1 for e in history
                                    if e["type"] in ("move", "pass") and e["seat"] == seat)
    return tallies


async def run(variant: str, games_count: int, cube: bool, confirm: bool, seed: int) -> Tally:
    with tempfile.TemporaryDirectory() as folder:
        session = BoardSession()
        settings = load_settings(
            bot_token="1:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "p.db"))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        app = await build(settings, bot=bot, dice=SeededDice(seed))
        rng = random.Random(seed)
        total, update_ids = Tally(), itertools.count(1)
        now = datetime.now(UTC)
        try:
            for number in range(games_count):
                pair = (1000 + 2 * number, 1001 + 2 * number)
                for player in pair:
                    await players.upsert_player(app.db, player, f"P{player}", username=None,
                                                language="en", now=now)
                    await app.player_settings.set(player, CONFIRM_MOVES, confirm)
                for tally in (await play_game(app, session, pair, variant, cube, rng,
                                              update_ids)).values():
                    total.add(tally)
        finally:
            await app.db.close()
    return total


def report(label: str, tally: Tally) -> str:
    acts = ", ".join(f"{act} {count}" for act, count in sorted(tally.per_act.items()))
    return (f"{label}: {tally.presses / tally.turns:.2f} presses per turn over {tally.turns} "
            f"turns; {tally.presses / tally.pressed_turns:.2f} per turn with a press "
            f"({tally.pressed_turns} turns); presses by button: {acts}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", choices=("short", "long", "both"), default="both")
    parser.add_argument("--cube", action="store_true", help="short nard with the cube")
    parser.add_argument("--no-confirm", action="store_true",
                        help="players who turned 'confirm moves with Done' off")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variants = ("short", "long") if args.variant == "both" else (args.variant,)
    confirm = "off" if args.no_confirm else "on (the default)"
    for variant in variants:
        tally = await run(variant, args.games, args.cube and variant == "short",
                          not args.no_confirm, args.seed)
        cube = " with the cube" if args.cube and variant == "short" else ""
        print(report(f"{variant} nard{cube}, {args.games} games, confirm with Done {confirm}",
                     tally), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
