"""Presses per turn: whole games by simulated players, through the real Dispatcher.

    python -m benchmarks.presses [--games 20] [--variant short|long|both] [--cube]
                                 [--against friend|computer] [--moves strong|random]
                                 [--confirm] [--seed 1]

Simulated players play games to the end: two friends, or one player against the computer
(Strong). On each turn a player chooses the move the Strong level would play (`--moves
random`: one of the legal moves, uniformly), then enters it by pressing the buttons of its
own board the way a person would: the one-tap button of that move when the board offers it, else a
move button (`13→7`, the furthest one that still leads to the chosen move) or a checker and
then its destination, and Done only with `--confirm` (players who turned "Confirm moves
with Done" on; by default a turn played to its last die is sent by the timer loop a few
seconds later: the benchmark's clock moves on and a timer pass sends it). It never
doubles: with the cube, the first time the bot asks it presses "Roll · no doubling this
game" (the dice then roll by themselves); a double of the computer's it
takes or drops as Strong would. Every press is a real `Update` fed to the real Dispatcher;
the Bot's session answers the API calls at once and keeps each chat's board keyboard.

Prints presses per turn: over the turns in which the player pressed anything (the figure
docs/performance.md records), and over all of a player's turns (forced moves and passes,
which play themselves, count as turns with no press).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
from dataclasses import dataclass, field
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

from ai.play import choose_move
from benchmarks.sessions import InstantSession
from bot.app import App, build
from bot.config import load_settings
from bot.views.callbacks import Act, GameCb
from core.actions import ROLL_ALWAYS
from core.computer import Computer
from core.live import Live
from core.settings import CONFIRM_MOVES, UNDO_WINDOW
from engine.dice import SeededDice
from engine.errors import EngineError
from engine.game import Phase
from engine.movegen import Play
from engine.position import Position
from engine.resolve import apply_steps, resolve_move
from engine.turn import Turn
from storage import games, players
from testkit.clocks import FakeClock

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


def choose_button(live: Live, buttons: list[tuple[str, GameCb]], target: Play | None,
                  take: bool = True) -> GameCb | None:
    """The button a person entering `target` (or answering a double: `take`) presses next
    on this keyboard."""
    game = live.game
    by_act: dict[Act, list[tuple[str, GameCb]]] = {}
    for text, data in buttons:
        by_act.setdefault(data.a, []).append((text, data))
    if game.phase is Phase.ROLL:  # never doubling: "no doubling this game" when offered
        rolls = sorted((data for _, data in by_act.get(Act.ROLL, [])),
                       key=lambda data: data.src != ROLL_ALWAYS)
        return rolls[0] if rolls else None
    if game.phase is Phase.DOUBLED:
        act = Act.TAKE if take else Act.DROP
        return by_act[act][0][1] if act in by_act else None
    turn = live.turn()
    want = target.after.swapped()  # the target as the mover sees it after the move
    for text, data in by_act.get(Act.FULL, []):  # read the one-tap label as notation
        try:
            if resolve_move(game.position, game.dice, text,
                            first_turn=game.first_turn).after == target.after:
                return data
        except EngineError:
            continue
    assert target is not None
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


def chosen_move(live: Live, moves: str, rng: random.Random) -> Play:
    """The move a simulated player enters this turn: Strong's, or a random legal one."""
    game = live.game
    if moves == "random":
        return rng.choice(game.legal_plays())
    return choose_move(game.position, game.dice, "strong", first_turn=game.first_turn)


async def play_game(app: App, session: BoardSession, clock: FakeClock, pair: tuple[int, ...],
                    variant: str, cube: bool, rng: random.Random,
                    update_ids: itertools.count, moves: str = "strong") -> dict[int, Tally]:
    """One game to its end, between two friends (`pair` of two) or one player and the
    computer (`pair` of one); the presses and turns of each player."""
    if len(pair) == 2:
        challenge = await app.challenges.create(pair[0], variant, 1, cube)
        row = await app.challenges.accept(challenge.code, pair[1])
    else:
        row = await app.games.start_vs_computer(pair[0], variant, "strong", 1, cube)
    tallies = {player: Tally() for player in pair}
    targets: dict[tuple[int, int], Play] = {}  # (seat, turn number) -> the chosen move
    takes: dict[tuple[int, int], bool] = {}
    pressed: set[tuple[int, int]] = set()
    computer = Computer()
    for _ in range(20_000):
        row = await games.load_game(app.db, row.id)
        if row.status != "active":
            break
        live = Live.load(row.state_json)
        seat = live.game.to_act
        player = row.players[seat]
        assert player is not None, "the computer's turn is played within the press"
        turn_key = (seat, sum(1 for e in live.game.history if e["type"] in ("move", "pass")))
        target: Play | None = targets.get(turn_key)
        if live.game.phase is Phase.MOVE and turn_key not in targets:
            target = targets[turn_key] = chosen_move(live, moves, rng)
        if live.game.phase is Phase.DOUBLED and turn_key not in takes:
            takes[turn_key] = await computer.takes(live.game, "strong")
        message_id, markup = session.boards[player]
        data = choose_button(live, offered(markup), target, takes.get(turn_key, True))
        if data is None:
            raise RuntimeError(f"no button enters the chosen move: {offered(markup)}")
        await app.dispatcher.feed_update(
            app.bot, press_update(next(update_ids), player, message_id, data))
        if Live.load((await games.load_game(app.db, row.id)).state_json).pending is not None:
            clock.advance(UNDO_WINDOW + 1)  # nobody takes it back: the timer loop sends it
            await app.timers.tick()
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


async def run(variant: str, games_count: int, cube: bool, confirm: bool, seed: int, *,
              against: str = "friend", moves: str = "strong") -> Tally:
    with tempfile.TemporaryDirectory() as folder:
        session = BoardSession()
        settings = load_settings(
            bot_token="1:BENCH", auto_analysis_matches=0,  # measures its own work only
            database_path=str(Path(folder) / "p.db"))
        bot = Bot(settings.bot_token.get_secret_value(), session=session)
        clock = FakeClock()
        app = await build(settings, bot=bot, dice=SeededDice(seed), clock=clock)
        rng = random.Random(seed)
        total, update_ids = Tally(), itertools.count(1)
        now = clock()
        try:
            for number in range(games_count):
                pair: tuple[int, ...] = (1000 + 2 * number, 1001 + 2 * number)
                if against == "computer":
                    pair = pair[:1]
                for player in pair:
                    await players.upsert_player(app.db, player, f"P{player}", username=None,
                                                language="en", now=now)
                    await app.player_settings.set(player, CONFIRM_MOVES, confirm)
                for tally in (await play_game(app, session, clock, pair, variant, cube, rng,
                                              update_ids, moves)).values():
                    total.add(tally)
        finally:
            await app.db.close()
    return total


def report(label: str, tally: Tally) -> str:
    acts = ", ".join(f"{act} {count}" for act, count in sorted(tally.per_act.items()))
    return (f"{label}: {tally.presses / tally.pressed_turns:.2f} presses per turn with a "
            f"press ({tally.pressed_turns} turns); {tally.presses / tally.turns:.2f} per turn "
            f"over all {tally.turns} turns; presses by button: {acts}")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--variant", choices=("short", "long", "both"), default="both")
    parser.add_argument("--cube", action="store_true", help="short nard with the cube")
    parser.add_argument("--confirm", action="store_true",
                        help="players who turned 'confirm moves with Done' on")
    parser.add_argument("--against", choices=("friend", "computer"), default="friend")
    parser.add_argument("--moves", choices=("strong", "random"), default="strong",
                        help="the moves the players enter: Strong's, or random legal ones")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    variants = ("short", "long") if args.variant == "both" else (args.variant,)
    confirm = "on" if args.confirm else "off (the default)"
    for variant in variants:
        tally = await run(variant, args.games, args.cube and variant == "short",
                          args.confirm, args.seed, against=args.against,
                          moves=args.moves)
        cube = " with the cube" if args.cube and variant == "short" else ""
        whom = "the computer" if args.against == "computer" else "a friend"
        print(report(f"{variant} nard{cube} against {whom}, {args.moves} moves, "
                     f"{args.games} games, confirm with Done {confirm}", tally), flush=True)


if __name__ == "__main__":
    asyncio.run(main())
