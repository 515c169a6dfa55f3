"""The matches behind the GNU Backgammon fixtures in `tests/engine/data/gnubg/`.

Each is played by our engine from a seed (random legal moves) with a script of cube
actions and endings, so the test can write it again and compare its bytes with the file
GNU Backgammon exported for it (`tests/engine/make_gnubg_fixtures.py` made the files).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from engine.dice import SeededDice
from engine.game import Game, MatchState, Phase
from engine.matfile import GameRecord, MatchRecord
from engine.position import Variant
from engine.result import ResultKind

FIXTURES = Path(__file__).with_name("data") / "gnubg"
SITE = "nard bot (Telegram)"  # as the bot writes it
DAY = date(2026, 12, 2)


@dataclass(frozen=True)
class Act:
    """From turn `turn` of its game on (turns played so far), at the first chance:

    * `double-take` / `double-drop`: `seat` doubles, the other takes or drops;
    * `resign-waiting`: once `seat` has rolled, the other player resigns;
    * `roller-resigns` / `roller-times-out`: `seat` rolls, then resigns or runs out of time;
    * `resign-before-roll`: `seat`, to roll, resigns instead (`gammon`: a gammon);
    * `play-out`: nothing more: the game is played to its end.

    `seat` -1 is whoever is to roll.
    """

    turn: int
    what: str
    seat: int
    gammon: bool = False


@dataclass(frozen=True)
class Case:
    stem: str  # the fixture's file name without `.mat`
    length: int
    names: tuple[str, str]
    seed: int
    scripts: tuple[tuple[Act, ...], ...] = ()  # per game; games beyond are played out
    cube: bool = True

    def match(self) -> MatchRecord:
        return MatchRecord(Variant.SHORT, self.length, self.names, play(self), cube=self.cube,
                           site=SITE, day=DAY)

    @property
    def path(self) -> Path:
        return FIXTURES / f"{self.stem}.mat"

    @property
    def money(self) -> bool:
        return self.length == 1 and self.cube


MONEY_TAGS = '; [Jacoby "Off"]\n; [Beaver "Off"]\n'  # ours, not GNU Backgammon's


def as_gnu_writes(case: Case, text: str) -> str:
    """Our file of `case` without what GNU Backgammon does not write (a money game's
    Jacoby and Beaver tags)."""
    return text.replace(MONEY_TAGS, "", 1) if case.money else text


def play(case: Case) -> list[GameRecord]:
    """The case's match, game by game."""
    rng, dice = random.Random(case.seed), SeededDice(case.seed)
    game: Game | None = Game.new("short", dice, match=MatchState(case.length), cube=case.cube)
    records: list[GameRecord] = []
    while game is not None:
        score = game.match.score
        script = list(case.scripts[len(records)] if len(records) < len(case.scripts) else ())
        turns = 0
        while game.result is None:
            act = script[0] if script and turns >= script[0].turn else None
            if act is not None and _acts(game, act, dice):
                script.pop(0)
            elif game.phase is Phase.ROLL:
                game.roll(game.seat, dice)
            elif game.phase is Phase.MOVE:
                game.play(game.seat, rng.choice(game.legal_plays()))
            turns = sum(e["type"] in ("move", "pass") for e in game.history)
        records.append(GameRecord(tuple(game.history), score))
        game = game.next_game(dice)
    return records


def _acts(game: Game, act: Act, dice: SeededDice) -> bool:
    """Do `act` if the game is where it can be done; whether it was."""
    seat = game.seat if act.seat < 0 else act.seat
    other = 1 - seat
    if act.what in ("double-take", "double-drop"):
        if game.seat != seat or not game.can_double(seat):
            return False
        game.double(seat)
        (game.take if act.what == "double-take" else game.drop)(other)
    elif act.what == "resign-waiting":
        if game.seat != seat or game.phase is not Phase.MOVE:
            return False
        game.resign(other)
    elif act.what in ("roller-resigns", "roller-times-out"):
        if game.seat != seat or game.phase is Phase.DOUBLED:
            return False
        if game.phase is Phase.ROLL:
            game.roll(seat, dice)
            if game.phase is not Phase.MOVE:  # a pass: the turn is gone
                return False
        (game.resign if act.what == "roller-resigns" else game.timeout)(seat)
    elif act.what == "resign-before-roll":
        if game.seat != seat or game.phase is not Phase.ROLL:
            return False
        kind = ResultKind.MARS if act.gammon else ResultKind.PLAIN
        game.resign(seat, lambda _position, **_: kind)
    elif act.what != "play-out":
        raise ValueError(act.what)
    return True


CASES = (
    # ASCII names, a match to 5: the cube taken and dropped, the Crawford game.
    Case("ascii-5-point", 5, ("Ali Valiyev", "Vali"), 11, (
        (Act(4, "double-drop", 1),),
        (Act(6, "double-take", 0),),
        (Act(5, "double-drop", 0),),
    )),
    # Cyrillic and Uzbek Latin names (2-byte letters; `ʻ` is U+02BB), a match to 3.
    Case("cyrillic-uzbek-3-point", 3, ("Шерзодбек Ака", "Oʻktam Yoʻldoshev"), 12, (
        (Act(10, "resign-before-roll", 1),),
    )),
    # Long names: the left one (31 bytes) cut at a word to 26, so that with its score it
    # fills the header's 31 bytes but one; the right one, a Cyrillic word of 52 bytes,
    # cut at a letter to GNU Backgammon's 31 (30: a letter is two bytes).
    Case("long-names-3-point", 3, ("Jean-Baptiste Alexandre Du Pont",
                                   "Абдурахмонбекшерзодбекович"), 13, (
        (Act(3, "double-drop", 1),),
    )),
    # Games that end before their last move, in both columns: by the player on roll (GNU
    # Backgammon can play these itself), a match to 9.
    Case("resign-on-roll-9-point", 9, ("Nodira", "Ботир"), 14, (
        (Act(4, "roller-times-out", 1),),
        (Act(4, "roller-resigns", 0),),
        (Act(3, "double-take", 1), Act(8, "resign-before-roll", 0, gammon=True)),
        (Act(0, "roller-resigns", -1),),  # at once: the opening roll unplayed
        (Act(5, "double-drop", 0),),
        (Act(5, "double-drop", 1),),
    )),
    # ... and by the other player, while the roll waits (GNU's `resign` cannot: it is
    # always the player's on roll), a match to 5; the left name cut at a word to 26 bytes.
    Case("resign-off-roll-5-point", 5, ("Нодира Каримова", "Botir"), 15, (
        (Act(5, "resign-waiting", 0),),  # seat 0 rolled, seat 1 resigns
        (Act(6, "resign-waiting", 1),),  # seat 1 rolled, seat 0 resigns
        (Act(0, "resign-waiting", -1),),  # while the opening roll waits
    )),
    # A single game with the cube: money play (`0 point match`).
    Case("money-game", 1, ("Ali", "Ботир"), 16, (
        (Act(2, "double-take", 0), Act(6, "double-take", 1)),
    )),
)
