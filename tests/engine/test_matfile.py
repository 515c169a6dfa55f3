"""Match files (`.mat`): written from the engine's logs, read back, replayed legally."""

from __future__ import annotations

import random
import re
from datetime import date
from pathlib import Path

import pytest

from engine import matfile
from engine.dice import FixedDice, SeededDice
from engine.game import Game, MatchState, Phase
from engine.matfile import (
    GameRecord,
    MatchRecord,
    MatError,
    read_mat,
    records_of,
    replay,
    write_mat,
)
from engine.moves import Step
from engine.position import Position, Variant
from tests.engine.gnubg_matches import CASES as GNUBG_CASES
from tests.engine.gnubg_matches import DAY, MONEY_TAGS, SITE, as_gnu_writes


def play_match(variant: str, length: int, seed: int, *, cube: bool = False,
               leave: float = 0.0) -> tuple[list[Game], list[GameRecord]]:
    """A whole match of random legal play: random doubles, takes and drops, and with
    probability `leave` per turn a resignation or a timeout (before or after rolling)."""
    rng, dice = random.Random(seed), SeededDice(seed)
    game: Game | None = Game.new(variant, dice, match=MatchState(length), cube=cube)
    games, records = [], []
    while game is not None:
        score = game.match.score
        while game.result is None:
            if rng.random() < leave:
                (game.resign if rng.random() < 0.5 else game.timeout)(game.to_act)
            elif game.phase is Phase.ROLL:
                if game.can_double(game.seat) and rng.random() < 0.08:
                    game.double(game.seat)
                else:
                    game.roll(game.seat, dice)
            elif game.phase is Phase.DOUBLED:
                (game.take if rng.random() < 0.6 else game.drop)(game.to_act)
            else:
                game.play(game.seat, rng.choice(game.legal_plays()))
        games.append(game)
        records.append(GameRecord(tuple(game.history), score))
        game = game.next_game(dice)
    return games, records


def logged_moves(game: Game) -> list[tuple[int, tuple[int, int], str]]:
    out = []
    for event in game.history:
        if event["type"] in ("move", "pass"):
            out.append((event["seat"], tuple(event["dice"]), event.get("move", "")))
    return out


CASES = [
    ("short", 7, 1, True, 0.0),
    ("short", 5, 2, True, 0.01),
    ("short", 1, 3, True, 0.0),  # a single game with the cube: money play
    ("short", 3, 4, False, 0.02),
    ("long", 5, 5, False, 0.0),
    ("long", 3, 6, False, 0.01),
    ("long", 1, 7, False, 0.0),
]


@pytest.mark.parametrize("variant, length, seed, cube, leave", CASES)
def test_a_match_file_reads_back_and_replays_to_the_same_end(variant, length, seed, cube,
                                                             leave) -> None:
    games, records = play_match(variant, length, seed, cube=cube, leave=leave)
    text = write_mat(MatchRecord(Variant(variant), length, ("Ali Valiyev", "Vali"),
                                 records, cube=cube))
    parsed = read_mat(text)
    assert parsed.variant is Variant(variant)
    assert parsed.length == (0 if length == 1 and cube else length)
    assert len(parsed.games) == len(games)
    for game, record, mat_game in zip(games, records, parsed.games, strict=True):
        assert mat_game.names == ("Ali Valiyev", "Vali")
        assert mat_game.score == record.score
        again = replay(parsed.variant, mat_game)
        assert again.position == game.position_for(0)  # the same final position
        assert (again.winner, again.points, again.cube) == (
            game.result.winner, game.result.points, game.cube_value)
        expected_reason = {"borne_off": "borne_off", "drop": "drop"}.get(
            game.result.reason.value, "resign")
        assert again.reason == expected_reason
        assert list(again.moves) == logged_moves(game)  # move for move, passes included
    # The file's games played again as engine games write the same file.
    again_text = write_mat(MatchRecord(Variant(variant), length, ("Ali Valiyev", "Vali"),
                                       records_of(parsed), cube=cube))
    assert again_text == text


def test_the_random_matches_cover_what_the_format_must_carry() -> None:
    seen = set()
    for variant, length, seed, cube, leave in CASES:
        _, records = play_match(variant, length, seed, cube=cube, leave=leave)
        text = write_mat(MatchRecord(Variant(variant), length, ("A", "B"), records, cube=cube))
        for name, pattern in [("hit", r"\d\*"), ("bar", r" 25/"), ("off", r"/0\b"),
                              ("pass", r"\d\d:\s*(?:$|\s{2})"), ("double", "Doubles => "),
                              ("take", "Takes"), ("drop", "Drops"), ("wins", "Wins "),
                              ("gammon", r"Wins [2-9]|Wins \d\d")]:
            if re.search(pattern, text, re.M):
                seen.add(name)
        if variant == "long":
            assert text.startswith('; [Variation "Long Nard"]\n')
    assert seen == {"hit", "bar", "off", "pass", "double", "take", "drop", "wins", "gammon"}


def test_the_layout_is_gnu_backgammons() -> None:
    # Seat 0 throws 2, seat 1 throws 5: seat 1 starts with 5-2.
    dice = FixedDice(2, 5, 6, 4, 3, 1)
    game = Game.new("short", dice, match=MatchState(5), cube=True)
    game.play(1, "13/8 13/11")
    game.roll(0, dice)
    game.play(0, "24/18 13/9")
    game.roll(1, dice)
    game.play(1, "8/5 6/5")
    game.double(0)
    game.drop(1)
    text = write_mat(MatchRecord(Variant.SHORT, 5, ("Ali", "Vali"),
                                 [GameRecord(game.history, (2, 1))], site="nard bot",
                                 day=date(2026, 11, 29)))
    assert text == (
        '; [Site "nard bot"]\n'
        '; [EventDate "2026.11.29"]\n'
        "\n"
        " 5 point match\n"
        "\n"
        " Game 1\n"
        " Ali : 2                        Vali : 1\n"
        "  1)                             52: 13/11 13/8 \n"  # GNU's spaces after steps
        "  2) 64: 24/18 13/9              31: 8/5 6/5 \n"
        "  3)  Doubles => 2                Drops\n"
        "      Wins 1 point\n"
        "\n"
    )


def test_a_left_drop_and_a_right_win_share_a_row() -> None:
    dice = FixedDice(5, 2, 3, 1)
    game = Game.new("short", dice, match=MatchState(3), cube=True)  # seat 0 starts: 5-2
    game.play(0, "13/8 13/11")
    game.roll(1, dice)
    game.play(1, "8/5 6/5")
    game.double(0)
    game.take(1)
    game.roll(0, (6, 6))
    game.play(0, game.legal_plays()[0])
    game.double(1)
    game.drop(0)
    lines = write_mat(MatchRecord(Variant.SHORT, 3, ("A", "B"),
                                  [GameRecord(game.history)])).splitlines()
    assert lines[-2:] == ["  4)  Drops                       Wins 2 points ", ""]
    assert lines[-4] == "  2)  Doubles => 2                Takes"
    assert lines[-4].index("Doubles") == 6 and lines[-4].index("Takes") == 34
    assert lines[-2].index("Wins") == 34


def test_a_roll_left_unplayed_stays_in_the_record() -> None:
    dice = FixedDice(5, 2, 3, 1)
    game = Game.new("short", dice)
    game.play(0, "13/8 13/11")
    game.roll(1, dice)
    game.timeout(1)  # rolled 3-1 and let the clock run out
    text = write_mat(MatchRecord(Variant.SHORT, 1, ("A", "B"), [GameRecord(game.history)]))
    assert "  1) 52: 13/11 13/8              31: \n      Wins 1 point\n" in text
    [mat_game] = read_mat(text).games
    again = replay(Variant.SHORT, mat_game)
    assert (again.winner, again.points, again.reason) == (0, 1, "resign")


@pytest.mark.parametrize("resigner", [0, 1])
def test_a_roll_made_before_the_other_player_resigned_stays_in_the_record(resigner) -> None:
    dice = FixedDice(5, 2, 3, 1, 6, 4)
    game = Game.new("short", dice)
    game.play(0, "13/8 13/11")
    game.roll(1, dice)
    if resigner == 1:  # seat 1 played 3-1, seat 0 rolled 6-4, then seat 1 gave up
        game.play(1, "8/5 6/5")
        game.roll(0, dice)
    game.resign(resigner)  # the other player's roll is waiting to be played
    text = write_mat(MatchRecord(Variant.SHORT, 1, ("A", "B"), [GameRecord(game.history)]))
    rows = text.split(" Game 1\n A : 0")[1].splitlines()[1:]
    # One line, as GNU Backgammon writes it (its own importer does not read it back).
    if resigner == 1:
        assert rows == ["  1) 52: 13/11 13/8              31: 8/5 6/5 ",
                        "  2) 64:       Wins 1 point", ""]
    else:
        assert rows == ["  1) 52: 13/11 13/8              31:  Wins 1 point", ""]
    [mat_game] = read_mat(text).games
    winner = 1 - resigner
    rolled = (6, 4) if winner == 0 else (3, 1)
    assert mat_game.actions[-2][:4] == (winner, "move", rolled, "")
    again = replay(Variant.SHORT, mat_game)
    assert (again.winner, again.points, again.reason) == (winner, 1, "resign")
    [record] = records_of(read_mat(text))
    assert write_mat(MatchRecord(Variant.SHORT, 1, ("A", "B"), [record])) == text


def test_a_gnubg_style_file_is_read() -> None:
    # Written the way GNU Backgammon exports: tags, a 0-point (money) header, seat 1
    # first, hits, a dance, cube actions, a win by resignation.
    text = (
        '; [Site "somewhere"]\n'
        '; [Variation "Backgammon"]\n'
        "\n"
        " 0 point match\n"
        "\n"
        " Game 1\n"
        " Player One : 0                 Player Two : 0\n"
        "  1)                             31: 8/5 6/5\n"
        "  2) 64: 24/18 13/9              62: 13/7* 13/11\n"
        "  3) 66:                         21: 13/11 6/5\n"
        "  4)  Doubles => 2                Takes\n"
        "  5) 52: 25/23 13/8              Doubles => 4\n"
        "  6)  Takes                      43: 11/7 11/8\n"
        "                                  Wins 8 points\n"
    )
    parsed = read_mat(text)
    assert parsed.length == 0 and parsed.tags["Site"] == "somewhere"
    [game] = parsed.games
    assert game.names == ("Player One", "Player Two")
    again = replay(parsed.variant, game)
    assert again.moves[2] == (1, (6, 2), "13/11 13/7*")
    assert again.moves[3] == (0, (6, 6), "")  # on the bar, its 19 closed: 66 dances
    assert (again.winner, again.points, again.cube, again.reason) == (1, 8, 4, "resign")


def test_names_are_made_safe_for_the_importers() -> None:
    game = Game.new("short", FixedDice(5, 2))
    game.resign(1)
    text = write_mat(MatchRecord(Variant.SHORT, 1, ("Ali: the, best", ""),
                                 [GameRecord(game.history)]))
    assert " Ali the best : 0" in text and "Player 2 : 0" in text
    assert read_mat(text).games[0].names == ("Ali the best", "Player 2")


@pytest.mark.parametrize("change, message", [
    (("52: 13/11 13/8", "52: 13/10 13/8"), "13/10"),
    (("Wins 2 points", "Wins 4 points"), "wins 4"),
    (("52: 13/11 13/8", "52: 13/11 13/8 6/1"), "13/11 13/8 6/1"),
    ((" Takes", " Drops"), "already over"),
    (("Doubles => 2", "Doubles => 4"), "goes to 2"),
])
def test_an_altered_file_is_refused_where_it_goes_wrong(change, message) -> None:
    dice = FixedDice(5, 2, 3, 1)
    game = Game.new("short", dice, match=MatchState(3), cube=True)
    game.play(0, "13/8 13/11")
    game.double(1)
    game.take(0)
    game.roll(1, dice)
    game.play(1, "8/5 6/5")
    game.double(0)
    game.drop(1)
    text = write_mat(MatchRecord(Variant.SHORT, 1, ("A", "B"), [GameRecord(game.history)]))
    [bad] = read_mat(text.replace(*change)).games
    with pytest.raises(MatError, match=re.escape(message)):
        replay(Variant.SHORT, bad)


def test_not_a_match_file() -> None:
    for text in ("", "hello\n", " 5 point match\n\n Game 1\n nobody here\n"):
        with pytest.raises(MatError):
            for game in read_mat(text).games:
                replay(Variant.SHORT, game)
    with pytest.raises(MatError, match="variation"):
        read_mat('; [Variation "NackGammon"]\n 1 point match\n')


DATA = Path(__file__).with_name("data")
# Files written by GNU Backgammon 1.07.001 itself (`export match mat`) after importing
# matches this module wrote: the format as the reference program writes and reads it.
GNUBG_EXPORTS = sorted(DATA.glob("gnubg-1.07-export-*.mat"))


@pytest.mark.parametrize("path", GNUBG_EXPORTS, ids=lambda p: p.stem)
def test_gnubg_exports_read_replay_and_are_written_back_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    parsed = read_mat(text)
    assert parsed.tags == {"EventDate": "2026.11.30"} and parsed.variant is Variant.SHORT
    results = [replay(parsed.variant, game) for game in parsed.games]
    assert all(r.winner is not None for r in results)
    records = records_of(parsed)
    for record, result in zip(records, results, strict=True):
        end = record.history[-1]
        assert (end["winner"], end["points"]) == (result.winner, result.points)
    again = write_mat(MatchRecord(parsed.variant, parsed.length, parsed.games[0].names,
                                  records, cube=True, day=date(2026, 11, 30)))
    assert again == text  # byte for byte, GNU Backgammon's trailing spaces included


def test_the_gnubg_samples_are_present() -> None:
    assert len(GNUBG_EXPORTS) == 2


# Files GNU Backgammon 1.07.001 exported for matches our engine played
# (`tests/engine/gnubg_matches.py`; made by `tests/engine/make_gnubg_fixtures.py`).
@pytest.mark.parametrize("case", GNUBG_CASES, ids=lambda case: case.stem)
def test_our_file_is_gnubgs_export_of_the_same_match_byte_for_byte(case) -> None:
    ours = write_mat(case.match())
    assert as_gnu_writes(case, ours).encode("utf-8") == case.path.read_bytes()
    if case.money:  # all but our two tags, which GNU Backgammon neither writes nor reads
        assert ours.startswith('; [Site "nard bot (Telegram)"]\n; [EventDate "2026.12.02"]\n'
                               + MONEY_TAGS + "\n 0 point match\n")


@pytest.mark.parametrize("case", GNUBG_CASES, ids=lambda case: case.stem)
def test_gnubgs_export_reads_back_to_the_same_games(case) -> None:
    match = case.match()
    parsed = read_mat(case.path.read_text(encoding="utf-8"))
    assert parsed.length == (0 if case.money else case.length)
    assert len(parsed.games) == len(match.games)
    for record, mat_game in zip(match.games, parsed.games, strict=True):
        end = record.history[-1]
        again = replay(parsed.variant, mat_game)
        assert (again.winner, again.points) == (end["winner"], end["points"])
        assert mat_game.score == record.score
    rewritten = MatchRecord(Variant.SHORT, case.length, parsed.games[0].names,
                            records_of(parsed), cube=case.cube, site=SITE, day=DAY)
    assert as_gnu_writes(case, write_mat(rewritten)) == case.path.read_text(encoding="utf-8")


def test_the_gnubg_fixtures_hold_what_the_claim_rests_on() -> None:
    texts = {case.stem: case.path.read_text(encoding="utf-8") for case in GNUBG_CASES}
    every = "".join(texts.values())
    headers = re.findall(r"^ Game \d+\n(.*)$", every, re.M)
    # Names padded by bytes: a 2-byte letter takes one column less than a byte of pad.
    assert any(len(h) != len(h.encode("utf-8")) and len(h.split(" : ")[0].encode()) < 30
               for h in headers)
    assert " Jean-Baptiste Alexandre Du : 0 Абдурахмонбекше : 0\n" in every  # cut names
    assert re.search(r"^  \d\) \d\d:       Wins 1 point$", every, re.M)  # left roll, win
    assert re.search(r"^ +\d+\) .{27} \d\d:  Wins 1 point$", every, re.M)  # right roll, win
    assert re.search(r"^  \d\) \d\d: {25}Wins 1 point$", every, re.M)  # its roller resigned
    assert re.search(r"^  1\) \d\d:       Wins 1 point$", every, re.M)  # at the opening
    assert re.search(r"Takes.*\n(.*\n)*? {34}Wins 4 points\n", texts["resign-on-roll-9-point"])
    assert re.search(r"^ +\d+\)  Drops {23}Wins 1 point $", every, re.M)  # left drop
    assert re.search(r"Drops\n      Wins 1 point\n", every)  # right drop
    lengths = {int(re.search(r" (\d+) point match", t)[1]) for t in texts.values()}
    assert {3, 5} <= lengths
    crawford = [case.stem for case in GNUBG_CASES for h in re.findall(
        r"^ Game \d+\n.* : (\d+) +.* : (\d+)$", texts[case.stem], re.M)
        if case.length - 1 in map(int, h)]
    assert {"ascii-5-point", "cyrillic-uzbek-3-point"} <= set(crawford)


def test_a_hit_is_marked_where_gnubg_marks_it() -> None:
    # Played 6/4* then 8/4: GNU Backgammon writes the steps highest first and the `*` on
    # the first step to land on the blot, whatever the order played.
    me = [0] * 26
    me[8], me[6], me[13] = 3, 5, 7
    opp = [0] * 26
    opp[21], opp[6], opp[13], opp[8] = 1, 5, 5, 4  # its 21 is my 4
    position = Position(Variant.SHORT, me, opp)
    steps = (Step(6, 4, True), Step(8, 4))
    assert matfile.move_text(position, (2, 4), steps, False) == "8/4* 6/4 "


def test_names_are_cut_at_a_word_to_fit_gnubg() -> None:
    game = Game.new("short", FixedDice(5, 2))
    game.resign(1)
    long = ("Jean-Baptiste Alexandre Du Pont", "Абдурахмонбекшерзодбекович Тошкентов")
    header = write_mat(MatchRecord(Variant.SHORT, 11, long, [GameRecord(game.history)]))
    # The left name to 25 bytes in a match to 11 (a score of 10 then leaves a space).
    assert " Jean-Baptiste Alexandre : 0    Абдурахмонбекше : 0\n" in header
    assert len("Абдурахмонбекше".encode()) == 30  # the 16th letter would make 32 bytes


def test_a_players_line_without_a_space_is_read() -> None:
    # GNU Backgammon writes no space when the first name and score fill 31 bytes.
    text = (" 1 point match\n\n Game 1\n Jean-Baptiste Alexandre Dupont : 0Ботир : 0\n"
            "  1) 52: 13/11 13/8              Wins 1 point \n\n")
    [game] = read_mat(text).games
    assert game.names == ("Jean-Baptiste Alexandre Dupont", "Ботир")
    assert game.score == (0, 0)
