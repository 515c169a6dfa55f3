"""The tournament pictures in docs/: a knock-out bracket half played and an arena's
standings, with names in the bot's five languages' scripts.

    python -m render.tournament_samples docs
"""

from __future__ import annotations

import sys
from pathlib import Path

from render.bracket import Bracket, BracketMatch, render_bracket
from render.standings import Standing, Standings, render_standings

NAMES = ("Oʻktam", "Алишер", "Leyla", "Айгүл", "Rəşad", "Dilnoza", "Бакыт", "Sam", "Gülnarə",
         "Тимур", "Shahzoda", "Эрмек", "Aziz", "Nigora", "Ulan", "Fidan")


def sample_bracket() -> Bracket:
    """Eight players in the semi-finals: one first-round match lost by a forfeit, one
    semi-final being played."""
    n = NAMES
    first = (
        BracketMatch((n[0], n[7]), (1, 8), winner=0, score=(1, 0)),
        BracketMatch((n[3], n[4]), (4, 5), winner=1, score=(2, 3)),
        BracketMatch((n[1], n[6]), (2, 7), winner=0, forfeit=True),
        BracketMatch((n[2], n[5]), (3, 6), winner=1, score=(1, 3)),
    )
    semis = (
        BracketMatch((n[0], n[4]), (1, 5), winner=0, score=(3, 1)),
        BracketMatch((n[1], n[5]), (2, 6), playing=True),
    )
    final = (BracketMatch((n[0], None), (1, None)),)
    return Bracket((first, semis, final))


def sample_standings() -> Standings:
    """An arena of twelve, 3 minutes 20 seconds before the end."""
    rows = (
        Standing(NAMES[1], 17, (2, 3, 6, 4, 0, 2), playing=True),
        Standing(NAMES[0], 13, (2, 0, 2, 3, 6), fire=True),
        Standing(NAMES[4], 11, (0, 2, 3, 6, 0), playing=True),
        Standing(NAMES[2], 8, (2, 2, 4, 0, 0)),
        Standing(NAMES[6], 7, (3, 0, 2, 2), fire=True, playing=True),
        Standing(NAMES[3], 6, (0, 2, 0, 2, 2)),
        Standing(NAMES[9], 4, (2, 0, 0, 2), playing=True),
        Standing(NAMES[5], 4, (0, 2, 2, 0), playing=True),
        Standing(NAMES[8], 3, (0, 0, 3)),
        Standing(NAMES[7], 2, (0, 2, 0, 0), playing=True),
        Standing(NAMES[11], 0, (0, 0), left=True),
        Standing(NAMES[10], 0, (0, 0, 0), playing=True),
    )
    return Standings(rows, seconds_left=200)


def sample_final() -> Bracket:
    """The same bracket, played to the end."""
    first, semis, _ = sample_bracket().rounds
    semis = (semis[0], BracketMatch((NAMES[1], NAMES[5]), (2, 6), winner=0, score=(3, 2)))
    final = (BracketMatch((NAMES[0], NAMES[1]), (1, 2), winner=1, score=(1, 3)),)
    return Bracket((first, semis, final), champion=NAMES[1])


def write(folder: str) -> list[Path]:
    out = Path(folder)
    pictures = {"tournament-bracket.png": render_bracket(sample_bracket()),
                "tournament-bracket-final.png": render_bracket(sample_final()),
                "tournament-standings.png": render_standings(sample_standings())}
    written = []
    for name, data in pictures.items():
        (out / name).write_bytes(data)
        written.append(out / name)
    return written


if __name__ == "__main__":  # python -m render.tournament_samples docs
    for path in write(sys.argv[1] if len(sys.argv) > 1 else "docs"):
        print(path)
