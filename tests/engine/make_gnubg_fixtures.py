"""Write `tests/engine/data/gnubg/*.mat` with GNU Backgammon (not needed by the tests).

    apt-get install -y gnubg   # Debian: 1.07.001
    python -m tests.engine.make_gnubg_fixtures

For each match of `tests/engine/gnubg_matches.py` our writer's file is imported into
GNU Backgammon (`import mat`) and exported again (`export match mat`); the export is the
fixture, stored as GNU Backgammon wrote it. GNU Backgammon's importer does not read back a
win it writes beside a roll left unplayed in the roll's own column (`  2) 64:       Wins 1
point`, `31:  Wins 1 point`: it reports "Unrecognised move" or drops the win), so those
games are handed to it with the win on a line of its own, which it reads.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from engine.matfile import read_mat, write_mat
from engine.moves import Move
from tests.engine.gnubg_matches import CASES, FIXTURES, Case, as_gnu_writes

GNUBG = shutil.which("gnubg") or "/usr/games/gnubg"
_ROLL_AND_WIN = re.compile(r"^(.*\d\d: ) +(Wins \d+ points?)$")


def readable(text: str) -> str:
    """`text` with each win beside a roll left unplayed put on a line of its own (seat 0's
    win at column 6, seat 1's at column 34), except GNU's left roll with the right win
    (`  3) 54:                         Wins 1 point`), which it reads."""
    lines = []
    for line in text.split("\n"):
        found = _ROLL_AND_WIN.match(line)
        column = line.find("Wins")
        if found and column != 33:
            lines += [found.group(1), " " * (6 if column < 20 else 34) + found.group(2)]
        else:
            lines.append(line)
    return "\n".join(lines)


def exported(text: str) -> tuple[bytes, str]:
    """GNU Backgammon's export of the match in `text`, and what it said meanwhile."""
    with tempfile.TemporaryDirectory() as tmp:
        source, target = Path(tmp, "in.mat"), Path(tmp, "out.mat")
        source.write_bytes(text.encode("utf-8"))
        run = subprocess.run([GNUBG, "-t", "-q"], cwd=tmp, capture_output=True, timeout=300,
                             input=b"import mat in.mat\nexport match mat out.mat\n",
                             env={**os.environ, "HOME": tmp})
        return target.read_bytes(), run.stdout.decode("utf-8", "replace")


_GNU_RESIGN = {"plain": "normal", "mars": "gammon", "koks": "backgammon"}


def commands(case: Case, names: tuple[str, str]) -> str | None:
    """GNU Backgammon's commands that play the case's match (its dice entered by hand), or
    None when it cannot: its `resign` is always the player's on roll."""
    match = case.match()
    lines = ["set player 0 human", "set player 1 human", "set automatic game off",
             "set automatic roll off", "set automatic bearoff off", "set automatic move off",
             "set rng manual", "new session" if case.money else f"new match {case.length}"]
    for number, game in enumerate(match.games):
        if number:
            lines.append("new game")
        to_roll: int | None = None
        for event in game.history:
            kind = event["type"]
            if kind == "opening":
                lines += [f"{a}{b}" for a, b in [*event["ties"], event["dice"]]]
                to_roll = event["starter"]
                if not number:
                    lines += [f"set player 0 name {names[0]}", f"set player 1 name {names[1]}",
                              f"set matchinfo date {case.match().day}",
                              f"set matchinfo place {case.match().site}"]
            elif kind == "roll" and not event.get("opening"):
                lines += ["roll", "".join(map(str, event["dice"]))]
            elif kind == "move":
                steps = Move.parse(event["move"]).steps
                lines.append("move " + " ".join(
                    f"{'bar' if s.src == 25 else s.src}/{'off' if s.dst == 0 else s.dst}"
                    for s in steps))
                to_roll = 1 - event["seat"]
            elif kind == "pass":
                to_roll = 1 - event["seat"]
            elif kind in ("double", "take", "drop"):
                lines.append(kind)
            elif kind in ("resign", "timeout"):
                if event["seat"] != to_roll:
                    return None
                lines += [f"resign {_GNU_RESIGN[game.history[-1]['kind']]}", "accept"]
    return "\n".join([*lines, "export match mat out.mat", ""])


def played(script: str) -> bytes:
    """GNU Backgammon's export of a match it played by `script`."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([GNUBG, "-t", "-q"], cwd=tmp, capture_output=True, timeout=300,
                       input=script.encode("utf-8"), env={**os.environ, "HOME": tmp})
        return Path(tmp, "out.mat").read_bytes()


def in_one_order(text: str) -> str:
    """`text` with each roll's dice, and each move's steps, in one order (no hit marks)."""
    return re.sub(r"([1-6])([1-6]): ((?:\d+/\d+\*? ?)*)", lambda m: "".join(
        sorted(m[1] + m[2])) + ": " + " ".join(sorted(m[3].replace("*", "").split())), text)


def main() -> int:
    version = subprocess.run([GNUBG, "--version"], capture_output=True, text=True,
                             timeout=60).stdout.splitlines()[0]
    print(version)
    FIXTURES.mkdir(parents=True, exist_ok=True)
    differ = 0
    for case in CASES:
        ours = write_mat(case.match())
        theirs, said = exported(readable(ours))
        complaints = [line for line in said.splitlines()
                      if re.search(r"nrecognised|arning|rror", line)]
        case.path.write_bytes(theirs)
        same = theirs == as_gnu_writes(case, ours).encode("utf-8")
        differ += not same
        print(f"{case.stem}: {'identical' if same else 'DIFFERENT'} {complaints or ''}")
        # The same match played in GNU Backgammon by commands (dice entered by hand): it
        # writes the higher die first and a move's steps in the order its move generator
        # found them, so compare without those orders too.
        script = commands(case, read_mat(ours).games[0].names)
        if script is None:
            print("  not playable by GNU Backgammon's commands (a resignation off roll)")
            continue
        by_play = played(script).decode("utf-8")
        gnu = as_gnu_writes(case, ours)
        order_only = in_one_order(by_play) == in_one_order(gnu)
        print(f"  played by commands: {'the same' if by_play == gnu else 'differs'}"
              f"{', only in the order of dice and steps' if order_only else ''}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
