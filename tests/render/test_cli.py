"""python -m render, and the GNU Backgammon Position ID reader behind --gnubg-id."""

import json

import pytest

from engine.codes import from_position_id as position_from_gnubg_id
from engine.errors import PositionError
from engine.position import Position
from render import geometry as g
from render.__main__ import main
from testkit.pixels import decode, disc_at


def test_starting_id():
    assert position_from_gnubg_id("4HPwATDgc/ABMA") == Position.initial("short")


def test_the_second_half_of_the_key_is_the_player_on_roll():
    # From the bar: the side on roll has one checker on its 24 and one on the bar.
    position = position_from_gnubg_id("4HPwATDgc/ABUA")
    assert position.me[25] == 1 and position.me[24] == 1
    assert position.opp == Position.initial("short").opp
    # A bear-off ending: on roll one checker on its 1, the other side two on its 1.
    position = position_from_gnubg_id("AwAACAAAAAAAAA")
    assert (position.me[1], position.me[0]) == (1, 14)
    assert (position.opp[1], position.opp[0]) == (2, 13)


@pytest.mark.parametrize("bad", ["", "4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////"])
def test_bad_ids_raise_position_error(bad):
    with pytest.raises(PositionError):
        position_from_gnubg_id(bad)


def test_cli_draws_a_gnubg_id_from_either_side(tmp_path, capsys):
    out = tmp_path / "board.png"
    assert main(["--gnubg-id", "4HPwATDgc/ABUA", "--out", str(out), "--dice", "6", "2"]) == 0
    image = decode(out.read_bytes())
    assert disc_at(image, g.bar_center("viewer", 0)) == "white"
    assert str(out) in capsys.readouterr().out

    assert main(["--gnubg-id", "4HPwATDgc/ABUA", "--out", str(out), "--view", "opp"]) == 0
    image = decode(out.read_bytes())
    assert disc_at(image, g.bar_center("opponent", 0)) == "white"
    assert disc_at(image, g.bar_center("viewer", 0)) is None


def test_cli_reads_a_board_inline_or_from_a_file(tmp_path):
    board = Position.initial("long").to_dict()
    out = tmp_path / "long.jpg"
    assert main(["--board", json.dumps(board), "--out", str(out)]) == 0
    assert out.read_bytes()[:3] == b"\xff\xd8\xff"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    png = tmp_path / "long.png"
    assert main(["--board", str(path), "--out", str(png), "--names", "Oʻktam", "Алишер"]) == 0
    assert disc_at(decode(png.read_bytes()), g.checker_center(24, 0)) == "white"


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "{not json", "--out", "x.png"],
        ["--board", "missing-file.json", "--out", "x.png"],
        ["--board", '{"variant": "short", "me": [], "opp": []}', "--out", "x.png"],
        ["--gnubg-id", "nonsense", "--out", "x.png"],
        ["--gnubg-id", "4HPwATDgc/ABMA", "--out", "x.png", "--dice", "7", "1"],
    ],
)
def test_cli_reports_bad_input_with_status_2(args, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert capsys.readouterr().err.startswith("render: ")
