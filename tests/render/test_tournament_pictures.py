"""The bracket and standings pictures: every field size fits a phone (at most four rounds
of a bracket, two columns of standings), names in every script and emoji draw, and the
pictures carry no words (their text is names, numbers and symbols)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.bracket import (
    MAX_ROUNDS,
    WINNER_BOX,
    Bracket,
    BracketMatch,
    champion_layout,
    render_bracket,
    round_label,
    shown_rounds,
)
from render.standings import Standing, Standings, render_standings
from render.text import clean, width
from render.tournament_samples import sample_bracket, sample_final, sample_standings

PHONE_WIDTH = 1400  # px: about 3.5 times a phone's width in points, like the board (944)


def size_of(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def bracket(players: int, decided_rounds: int = 0) -> Bracket:
    size = 1
    while size < players:
        size *= 2
    rounds = []
    count = size // 2
    round_index = 0
    while count >= 1:
        matches = []
        for n in range(count):
            done = round_index < decided_rounds
            matches.append(BracketMatch((f"Игрок {2 * n} 🎲", f"Oʻyinchi {2 * n + 1}"),
                                        (2 * n + 1, 2 * n + 2), winner=0 if done else None,
                                        score=(1, 0) if done else None))
        rounds.append(tuple(matches))
        count //= 2
        round_index += 1
    return Bracket(tuple(rounds))


def test_round_labels() -> None:
    assert [round_label(i, 6) for i in range(6)] == ["1/32", "1/16", "1/8", "¼", "½", "♛"]
    assert [round_label(i, 3) for i in range(3)] == ["¼", "½", "♛"]


@pytest.mark.parametrize("players", [4, 5, 8, 16, 32, 64])
def test_every_bracket_fits_a_phone(players: int) -> None:
    width, height = size_of(render_bracket(bracket(players)))
    assert width <= PHONE_WIDTH
    # Telegram's photo limits; a phone scrolls a tall picture, but never shrinks its width
    assert width + height <= 10_000 and height / width < 20
    assert height <= (3200 if players > 32 else 1800)


def test_a_big_bracket_narrows_as_rounds_finish() -> None:
    start = bracket(64)
    assert shown_rounds(start) == range(0, MAX_ROUNDS)
    later = bracket(64, decided_rounds=2)
    assert shown_rounds(later) == range(2, 6)
    assert size_of(render_bracket(later))[1] < size_of(render_bracket(start))[1] / 3
    final = Bracket(bracket(8, decided_rounds=3).rounds, champion="Алишер")
    assert shown_rounds(final) == range(0, 3)


@pytest.mark.parametrize("players", [1, 6, 32, 33, 64])
def test_standings_fit_a_phone(players: int) -> None:
    rows = tuple(Standing(f"Player {n} 🔥", 64 - n, (2, 0, 4) * n, fire=n % 3 == 0,
                          playing=n % 2 == 0) for n in range(players))
    width, height = size_of(render_standings(Standings(rows, seconds_left=599)))
    assert width <= PHONE_WIDTH and height <= 1600


def test_the_documentation_samples_draw() -> None:
    for png in (render_bracket(sample_bracket()), render_bracket(sample_final()),
                render_standings(sample_standings())):
        assert png.startswith(b"\x89PNG")
    assert render_standings(Standings((), seconds_left=None)).startswith(b"\x89PNG")


@pytest.mark.parametrize("name", [
    "Алишер", "Oʻktamjon Abdurahmonov", "Александра Константиновна Старостина-Петрова 🎲",
    "Rəşad" + "x" * 59])
def test_the_champions_name_is_never_cut(name: str) -> None:
    """The champion's box holds the whole name: on one line when it fits, else on two
    (smaller), the box as wide as they need; a short name keeps the usual box."""
    box, lines, size = champion_layout(name)
    whole = clean(name)
    assert " ".join(lines) == whole or "".join(lines) == whole
    assert "…" not in "".join(lines)
    assert all(width(line, size) <= box - 72 for line in lines)
    if len(lines) == 1:
        assert size == 26
    final = Bracket(bracket(8, decided_rounds=3).rounds, champion=name)
    png_width, _ = size_of(render_bracket(final))
    usual, _ = size_of(render_bracket(Bracket(final.rounds, champion="Ali")))
    assert png_width == usual - WINNER_BOX + box
    if name == "Алишер":
        assert (box, lines) == (WINNER_BOX, ("Алишер",))
