"""Provably fair dice: the documented derivation, its uniformity, persistence and checking."""

from __future__ import annotations

import hashlib
import hmac
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from engine.fairness import (
    FairDice,
    FairnessError,
    commitment,
    derive_dice,
    dice_of_history,
    dice_seed,
    game_key,
    main,
    parse_rolls,
    rolls_text,
    verify,
)
from engine.game import Game, Phase

ROOT = Path(__file__).resolve().parents[2]
SEED = "9f" * 32
ALI_SEED, VALI_SEED = "a1" * 32, "b2" * 32  # two players' server seeds, seats 0 and 1
SEEDS = ("ali", "")
# Chi-square critical values at p = 0.001: 5 and 35 degrees of freedom.
CHI2_5, CHI2_35 = 20.515, 66.619


def chi_square(counts: Counter, cells: list, total: int) -> float:
    expected = total / len(cells)
    return sum((counts[cell] - expected) ** 2 / expected for cell in cells)


@pytest.mark.slow
def test_a_million_dice_are_uniform_and_consecutive_dice_independent() -> None:
    dice = derive_dice(SEED, "uniform-1", SEEDS, 0, 1_000_000)
    assert len(dice) == 1_000_000 and set(dice) == {1, 2, 3, 4, 5, 6}
    assert chi_square(Counter(dice), [1, 2, 3, 4, 5, 6], len(dice)) < CHI2_5
    pairs = Counter(zip(dice[::2], dice[1::2], strict=True))  # the two dice of each roll
    cells = [(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert chi_square(pairs, cells, len(dice) // 2) < CHI2_35


def test_the_derivation_is_the_documented_one() -> None:
    # Recomputed here from the module's description, independently of its code.
    key = bytes.fromhex(SEED)
    client = ",".join(hashlib.sha256(s.encode()).hexdigest() for s in SEEDS)
    expected = []
    for k in range(200):
        j = 0
        while True:
            mac = hmac.new(key, f"nard-dice:v1:77:{k}:{j}:{client}".encode(),
                           hashlib.sha256).digest()
            good = [b for b in mac if b < 252]
            if good:
                expected.append(good[0] % 6 + 1)
                break
            j += 1
    assert derive_dice(SEED, 77, SEEDS, 0, 200) == expected
    assert derive_dice(SEED, "77", SEEDS, 50, 10) == expected[50:60]
    assert commitment(SEED) == hashlib.sha256(key).hexdigest()


def test_another_seed_game_or_player_seed_gives_other_dice() -> None:
    base = derive_dice(SEED, "g1", SEEDS, 0, 300)
    others = [
        derive_dice("9e" + "9f" * 31, "g1", SEEDS, 0, 300),
        derive_dice(SEED, "g2", SEEDS, 0, 300),
        derive_dice(SEED, "g1", ("ali", "x"), 0, 300),
        derive_dice(SEED, "g1", ("", "ali"), 0, 300),  # seeds are in seat order
    ]
    for other in others:
        same = sum(a == b for a, b in zip(base, other, strict=True))
        assert same < 300 * 0.3  # about a sixth agree by chance
        assert not verify(SEED, "g1", other, SEEDS).ok


def test_bad_inputs_are_refused() -> None:
    for seed in ("", "zz" * 32, "9f" * 31, 5):
        with pytest.raises(FairnessError):
            derive_dice(seed, "g", (), 0, 1)  # type: ignore[arg-type]
    for game in ("", "a:b", "x" * 65, True):
        with pytest.raises(FairnessError):
            derive_dice(SEED, game, (), 0, 1)
    for text in ("", "7", "6-", "0-1", "6-1-2", "a"):
        with pytest.raises(FairnessError):
            parse_rolls(text)
    assert parse_rolls("4 4,5 2  6-1") == [4, 4, 5, 2, 6, 1]


def play_out(variant: str, dice: FairDice, stop_after: int | None = None) -> Game:
    """A game with the first legal move each turn; optionally save and resume the dice."""
    game = Game.new(variant, dice)
    turns = 0
    while game.result is None:
        if turns == stop_after:
            dice = FairDice.from_dict(dice.to_dict())  # the bot restarted: saved, loaded
        if game.phase is Phase.ROLL:
            game.roll(game.seat, dice)
        if game.phase is Phase.MOVE:
            plays = game.legal_plays()
            game.play(game.seat, plays[turns % len(plays)])
        turns += 1
    return game


@pytest.mark.parametrize("variant", ["short", "long"])
def test_a_game_with_fair_dice_logs_every_die_and_verifies(variant: str) -> None:
    fair = FairDice(SEED, "g-" + variant, SEEDS)
    game = play_out(variant, fair)
    drawn = dice_of_history(game.history)
    assert len(drawn) == fair.counter  # every die drawn is in the log, none twice
    assert drawn == derive_dice(SEED, "g-" + variant, SEEDS, 0, fair.counter)
    assert parse_rolls(rolls_text(game.history)) == drawn
    assert verify(SEED, "g-" + variant, drawn, SEEDS, commitment(SEED)).ok


def test_a_restart_continues_the_same_sequence() -> None:
    straight = play_out("short", FairDice(SEED, "resume", SEEDS))
    resumed = play_out("short", FairDice(SEED, "resume", SEEDS), stop_after=17)
    assert resumed.history == straight.history


def test_tied_opening_throws_are_numbered_and_logged() -> None:
    game_id = next(f"tie{i}" for i in range(1000)
                   if len(set(derive_dice(SEED, f"tie{i}", (), 0, 2))) == 1)
    fair = FairDice(SEED, game_id)
    game = Game.new("long", fair)
    opening = game.history[0]
    assert opening["type"] == "opening" and opening["ties"]
    drawn = dice_of_history(game.history)
    assert drawn == derive_dice(SEED, game_id, (), 0, fair.counter)
    assert drawn[0] == drawn[1] and opening["dice"] == drawn[2 * len(opening["ties"]):][:2]


def test_verify_names_the_first_altered_die_and_a_wrong_commitment() -> None:
    dice = derive_dice(SEED, "v", SEEDS, 0, 40)
    altered = list(dice)
    altered[13] = altered[13] % 6 + 1
    verdict = verify(SEED, "v", altered, SEEDS)
    assert not verdict.ok and verdict.first_mismatch == 13
    assert "die 13" in str(verdict)
    assert not verify(SEED, "v", dice, SEEDS, "00" * 32).ok
    assert verify(SEED, "v", dice, SEEDS, commitment(SEED).upper()).ok


def test_verify_command(capsys) -> None:
    dice = derive_dice(SEED, "cli", SEEDS, 0, 10)
    rolls = " ".join(map(str, dice[:2])) + " " + " ".join(
        f"{a}-{b}" for a, b in zip(dice[2::2], dice[3::2], strict=True))
    base = ["verify", "--seed", SEED, "--game", "cli", "--client-seed", "ali",
            "--client-seed", ""]
    assert main([*base, "--rolls", rolls, "--commitment", commitment(SEED)]) == 0
    assert "OK: all 10 dice match" in capsys.readouterr().out
    wrong = rolls[:-1] + str(dice[-1] % 6 + 1)
    assert main([*base, "--rolls", wrong]) == 1
    assert "MISMATCH at die 9" in capsys.readouterr().out
    assert main([*base, "--rolls", "6-9"]) == 2
    assert main(["commitment", "--seed", SEED]) == 0
    assert capsys.readouterr().out.strip() == commitment(SEED)


def test_verify_as_a_process() -> None:
    dice = derive_dice(SEED, "proc", (), 0, 6)
    rolls = " ".join(map(str, dice))
    ok = subprocess.run([sys.executable, "-m", "engine.fairness", "verify", "--seed", SEED,
                         "--game", "proc", "--rolls", rolls], capture_output=True, text=True,
                        cwd=ROOT, timeout=60)
    assert ok.returncode == 0 and "OK" in ok.stdout, ok.stderr
    bad = subprocess.run([sys.executable, "-m", "engine.fairness", "verify", "--seed", SEED,
                          "--game", "proc", "--rolls", rolls[:-1] + str(dice[-1] % 6 + 1)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert bad.returncode == 1 and "MISMATCH" in bad.stdout


@pytest.mark.parametrize("seeds", [[SEED], [ALI_SEED, VALI_SEED]])
def test_the_readme_snippet_checks_a_game(seeds: list[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Provably fair dice", 1)[1]
    snippet = section.split("```python\n", 1)[1].split("```", 1)[0]
    fair = FairDice.of(seeds, ("ali", ""))
    dice = derive_dice(fair.seed, fair.game, ("ali", ""), 0, 14)
    rolls = " ".join(map(str, dice[:4])) + " " + " ".join(
        f"{a}-{b}" for a, b in zip(dice[4::2], dice[5::2], strict=True))

    def run(rolls_text: str, commitments: list[str]) -> str:
        code = (snippet.replace('SEEDS = ["..."]', f"SEEDS = {seeds!r}")
                .replace('COMMITMENTS = ["..."]', f"COMMITMENTS = {commitments!r}")
                .replace('PLAYER_SEEDS = ["", ""]', 'PLAYER_SEEDS = ["ali", ""]')
                .replace('ROLLS = "4 4 5 2 6-1"', f'ROLLS = "{rolls_text}"'))
        printed: list[str] = []
        exec(code, {"print": lambda *args: printed.append(" ".join(map(str, args)))})
        return "\n".join(printed)

    assert run(rolls, [commitment(s) for s in seeds]) == "commitments OK\ndice OK"
    altered = rolls[:-1] + str(dice[-1] % 6 + 1)
    assert run(altered, ["00" * 32] * len(seeds)) == "commitments WRONG\ndice WRONG"


# -- the seats' server seeds ("server seed pair" model) ---------------------------------


def test_two_seats_seeds_combine_as_documented() -> None:
    # Recomputed from the module's description: SHA-256(bytes(seed 0) || bytes(seed 1)).
    both = hashlib.sha256(bytes.fromhex(ALI_SEED) + bytes.fromhex(VALI_SEED)).hexdigest()
    assert dice_seed([ALI_SEED, VALI_SEED]) == both
    assert dice_seed([VALI_SEED, ALI_SEED]) != both  # seat order matters
    assert dice_seed([ALI_SEED, ""]) == dice_seed(["", ALI_SEED]) == ALI_SEED  # vs computer
    for wrong in ([], ["", ""], [ALI_SEED] * 3, ["zz" * 32]):
        with pytest.raises(FairnessError):
            dice_seed(wrong)
    assert game_key(both) == hashlib.sha256(bytes.fromhex(both)).hexdigest()[:16]


def test_dice_of_two_seeds_are_the_v1_dice_of_the_combined_seed() -> None:
    fair = FairDice.of([ALI_SEED, VALI_SEED], ("ali", ""))
    seed = dice_seed([ALI_SEED, VALI_SEED])
    assert (fair.seed, fair.game) == (seed, game_key(seed))
    assert fair.commitments == (commitment(ALI_SEED), commitment(VALI_SEED))
    game = play_out("short", fair, stop_after=9)  # saved and loaded midway, seeds and all
    drawn = dice_of_history(game.history)
    assert drawn == derive_dice(seed, game_key(seed), ("ali", ""), 0, len(drawn))
    shown = [commitment(ALI_SEED), commitment(VALI_SEED)]
    assert verify([ALI_SEED, VALI_SEED], None, drawn, ("ali", ""), shown).ok
    assert not verify([VALI_SEED, ALI_SEED], None, drawn, ("ali", "")).ok
    assert not verify(ALI_SEED, None, drawn, ("ali", "")).ok  # one seat's seed alone
    wrong = verify([ALI_SEED, VALI_SEED], None, drawn, ("ali", ""), shown[::-1])
    assert not wrong.ok and wrong.wrong_commitment == 0
    with pytest.raises(FairnessError):
        verify([ALI_SEED, VALI_SEED], None, drawn, ("ali", ""), shown[:1])
    versus = FairDice.of([ALI_SEED, ""], ("", ""))  # against the computer: the seed itself
    assert versus.seed == ALI_SEED and versus.commitments == (commitment(ALI_SEED), "")


def test_saved_dice_of_either_kind_load() -> None:
    older = {"seed": SEED, "game": "7bd5d47e446fcec2", "client_seeds": ["", ""], "counter": 5}
    loaded = FairDice.from_dict(older)  # a game saved before the seats' seeds
    assert loaded.server_seeds == () and loaded.commitments == (commitment(SEED),)
    assert loaded.to_dict() == older
    paired = FairDice.of([ALI_SEED, VALI_SEED])
    assert FairDice.from_dict(paired.to_dict()) == paired
    forged = dict(paired.to_dict(), seed=SEED)  # a dice seed not made of the seats' seeds
    with pytest.raises(FairnessError):
        FairDice.from_dict(forged)


def test_verify_command_with_two_seeds(capsys) -> None:
    seed = dice_seed([ALI_SEED, VALI_SEED])
    dice = derive_dice(seed, game_key(seed), ("", "vali"), 0, 10)
    rolls = " ".join(map(str, dice[:2])) + " " + " ".join(
        f"{a}-{b}" for a, b in zip(dice[2::2], dice[3::2], strict=True))
    base = ["verify", "--seed", ALI_SEED, "--seed", VALI_SEED, "--rolls", rolls,
            "--client-seed", "", "--client-seed", "vali"]
    shown = ["--commitment", commitment(ALI_SEED), "--commitment", commitment(VALI_SEED)]
    assert main([*base, *shown]) == 0  # --game defaults to the key the seeds give
    assert "OK: all 10 dice match" in capsys.readouterr().out
    assert main([*base, "--game", game_key(seed)]) == 0
    capsys.readouterr()
    assert main([*base, "--commitment", commitment(ALI_SEED), "--commitment", "00" * 32]) == 1
    assert "seed 2 does not match its commitment" in capsys.readouterr().out
    swapped = ["verify", "--seed", VALI_SEED, "--seed", ALI_SEED, *base[5:]]
    assert main(swapped) == 1
    assert main([*base, "--commitment", commitment(ALI_SEED)]) == 2  # one per seed
    assert main([*base, "--seed", SEED]) == 2  # three seeds
