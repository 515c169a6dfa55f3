"""Provably fair dice: every die of a game derived from committed secrets.

Each player has a pending secret **server seed** (32 random bytes, shown as 64 hex digits)
whose **commitment**, `SHA-256(seed bytes)` in hex, is published before the seed is used;
players may add **client seeds** (any text, in seat order; `""` for none), best set after
seeing the commitment. A game takes its human players' pending seeds; its **dice seed** is

    one seed (a game against the computer): that seed itself;
    two seeds (seat 0's, seat 1's):         SHA-256(bytes(seed 0) || bytes(seed 1)), in hex

(`dice_seed`), so neither player's dice depend only on a seed committed to the other. The
game's key (the `game` input below) is `game_key(dice seed)`: the first 16 hex digits of the
dice seed's SHA-256; it follows from the seeds, so nobody picks it after the players' own
seeds are known. When the game ends the seeds are revealed; anyone can then recompute every
die and check each commitment. (Games before per-player seeds had one server seed drawn for
the game and a random key: their records and saved states still verify the same way.)

Die number `k` (0, 1, 2, ... in the order the game draws them) is:

    client = ",".join(SHA-256(seed.encode("utf-8")).hexdigest() for seed in client seeds)
    for block j = 0, 1, 2, ...:
        mac = HMAC-SHA256(key = seed bytes,
                          message = f"nard-dice:v1:{game}:{k}:{j}:{client}" in UTF-8)
        for each byte b of mac, in order: if b < 252, the die is b % 6 + 1 (stop).

252 = 6 × 42, so every face has exactly 42 of the accepted byte values: no modulo bias (a
byte of 252..255 is skipped; all 32 bytes of a block are skipped with probability 2^-192).
`game` is the game's id as text (letters, digits, `_`, `-`, `.`).

**Numbering.** The game draws dice one at a time and `k` counts them all: the opening throw
is seat 0's die then seat 1's; a tied throw is thrown again with the next two numbers; each
later roll is its two dice, first die first. Short nard's first move uses the opening
throw's dice (no new dice); long nard's starter then rolls two new dice. A log written as
the opening throws (ties included) and the rolls in order, flattened, is `dice(0..n-1)`.

`FairDice` is the `DiceSource` the bot uses: its state (seed, game, client seeds, counter)
is plain data for the saved game, so a restarted bot continues the same sequence.

    python -m engine.fairness verify --seed HEX [--seed HEX] --rolls "4 4 5 2 6-1 3-3 ..."
        [--game KEY] [--client-seed TEXT ...] [--commitment HEX ...]

recomputes the dice (from the seats' seeds, combined as above; `--game` defaults to the key
the seeds give) and exits 0 when they all match and every commitment (one per seed, in the
same order) is the SHA-256 of its seed (1 when not, 2 for bad input).
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import re
import secrets
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import EngineError
from engine.events import Event

VERSION_TAG = "nard-dice:v1"
SEED_BYTES = 32
ACCEPT_BELOW = 252  # 6 * 42: the largest multiple of 6 a byte can hold
_GAME_ID = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
_TOKEN = re.compile(r"^[1-6](?:-[1-6])?$")


class FairnessError(EngineError):
    """A malformed seed, game id or dice log."""


def new_seed() -> str:
    """A fresh secret server seed, as 64 hex digits."""
    return secrets.token_hex(SEED_BYTES)


def seed_bytes(seed: str) -> bytes:
    try:
        raw = bytes.fromhex(seed)
    except (TypeError, ValueError):
        raise FairnessError("a server seed is 64 hex digits") from None
    if len(raw) != SEED_BYTES:
        raise FairnessError("a server seed is 64 hex digits")
    return raw


def commitment(seed: str) -> str:
    """What is shown before the first die: the SHA-256 of the seed's bytes, in hex."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def dice_seed(server_seeds: Sequence[str]) -> str:
    """The dice's seed (the HMAC key) from the seats' server seeds, in seat order ("" for the
    computer's seat): one seed is itself, two are `SHA-256(bytes(seed 0) || bytes(seed 1))`."""
    seeds = [seed_bytes(s) for s in server_seeds if s]
    if len(seeds) == 1:
        return seeds[0].hex()
    if len(seeds) == 2:
        return hashlib.sha256(seeds[0] + seeds[1]).hexdigest()
    raise FairnessError("a game's dice come from one or two server seeds")


def game_key(seed: str) -> str:
    """A game's key (its `game` input) from its dice seed: 16 hex digits of SHA-256."""
    return commitment(seed)[:16]


def client_mix(client_seeds: Sequence[str]) -> str:
    """The players' seeds as they enter every message: their SHA-256s, comma-joined."""
    return ",".join(hashlib.sha256(s.encode("utf-8")).hexdigest() for s in client_seeds)


def check_game_id(game: object) -> str:
    text = str(game)
    if isinstance(game, bool) or not _GAME_ID.match(text):
        raise FairnessError("a game id is 1 to 64 letters, digits, '_', '-' or '.'")
    return text


def derive_die(seed: str, game: object, client_seeds: Sequence[str], number: int) -> int:
    """Die number `number` (0-based) of the game."""
    return next(iter(derive_dice(seed, game, client_seeds, number, 1)))


def derive_dice(seed: str, game: object, client_seeds: Sequence[str], start: int = 0,
                count: int = 1) -> list[int]:
    """Dice number `start` .. `start + count - 1` of the game."""
    key, game_id, client = seed_bytes(seed), check_game_id(game), client_mix(client_seeds)
    if isinstance(start, bool) or not isinstance(start, int) or start < 0 or count < 0:
        raise FairnessError("die numbers start at 0")
    prefix = f"{VERSION_TAG}:{game_id}:"
    digest = hmac.digest
    out = []
    for k in range(start, start + count):
        j = 0
        while True:
            mac = digest(key, f"{prefix}{k}:{j}:{client}".encode(), "sha256")
            die = next((b % 6 + 1 for b in mac if b < ACCEPT_BELOW), 0)
            if die:
                out.append(die)
                break
            j += 1
    return out


@dataclass
class FairDice:
    """A `DiceSource` whose dice follow from committed seeds (see the module docstring).

    `seed` is the dice seed; `server_seeds` the seats' seeds it was made of ("" for the
    computer's seat; empty for dice whose one seed was drawn for the game itself).
    `counter` is how many dice the game has drawn; save `to_dict()` with the game and
    `from_dict` continues where it stopped.
    """

    seed: str
    game: str
    client_seeds: tuple[str, ...] = ()
    counter: int = 0
    server_seeds: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        seed_bytes(self.seed)
        self.game = check_game_id(self.game)
        self.client_seeds = tuple(self.client_seeds)
        self.server_seeds = tuple(self.server_seeds)
        if not all(isinstance(s, str) for s in self.client_seeds):
            raise FairnessError("client seeds are text")
        if self.server_seeds and dice_seed(self.server_seeds) != self.seed:
            raise FairnessError("the dice seed is not made of the server seeds")

    @classmethod
    def new(cls, game: object, client_seeds: Sequence[str] = ()) -> FairDice:
        """Dice for a new game, with a fresh secret seed of its own."""
        return cls(new_seed(), str(game), tuple(client_seeds))

    @classmethod
    def of(cls, server_seeds: Sequence[str], client_seeds: Sequence[str] = ()) -> FairDice:
        """A game's dice from its seats' server seeds ("" for the computer's seat): the
        dice seed `dice_seed(server_seeds)`, the key `game_key` of it."""
        seed = dice_seed(server_seeds)
        return cls(seed, game_key(seed), tuple(client_seeds), 0, tuple(server_seeds))

    @property
    def commitment(self) -> str:
        """The SHA-256 of the dice seed (what was shown for dice of one seed of their own)."""
        return commitment(self.seed)

    @property
    def commitments(self) -> tuple[str, ...]:
        """What was published before the game: each seat's seed's SHA-256, by seat ("" for
        the computer's seat); the dice seed's for dice of one seed of their own."""
        if not self.server_seeds:
            return (self.commitment,)
        return tuple(commitment(s) if s else "" for s in self.server_seeds)

    def roll_die(self) -> int:
        die = derive_die(self.seed, self.game, self.client_seeds, self.counter)
        self.counter += 1
        return die

    def to_dict(self) -> dict[str, Any]:
        data = {"seed": self.seed, "game": self.game, "client_seeds": list(self.client_seeds),
                "counter": self.counter}
        if self.server_seeds:
            data["server_seeds"] = list(self.server_seeds)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FairDice:
        try:
            return cls(data["seed"], data["game"], tuple(data.get("client_seeds", ())),
                       int(data.get("counter", 0)), tuple(data.get("server_seeds", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise FairnessError(f"not saved fair dice: {exc}") from None


# -- the log of a game's dice -------------------------------------------------------------


def dice_of_history(history: Iterable[Event]) -> list[int]:
    """The dice a game drew, in order, from its `Game.history` events.

    Opening throws (the ties, then the deciding throw) and every roll, except the roll
    that short nard's first move takes from the opening throw (marked `"opening": true`).
    """
    out: list[int] = []
    for event in history:
        if event["type"] == "opening":
            for throw in event.get("ties", []):
                out.extend(throw)
            out.extend(event["dice"])
        elif event["type"] == "roll" and not event.get("opening"):
            out.extend(event["dice"])
    return out


def rolls_text(history: Iterable[Event]) -> str:
    """The dice log in the form `verify --rolls` reads: opening throws as single dice,
    rolls as `6-1`."""
    parts: list[str] = []
    for event in history:
        if event["type"] == "opening":
            for throw in [*event.get("ties", []), event["dice"]]:
                parts.extend(str(d) for d in throw)
        elif event["type"] == "roll" and not event.get("opening"):
            parts.append("-".join(str(d) for d in event["dice"]))
    return " ".join(parts)


def parse_rolls(text: str) -> list[int]:
    """Dice from text: tokens `5` (one die) or `6-1` (a roll), spaces or commas between."""
    out: list[int] = []
    for token in text.replace(",", " ").split():
        if not _TOKEN.match(token):
            raise FairnessError(f"cannot read {token!r}: write dice as 5 or 6-1")
        out.extend(int(d) for d in token.split("-"))
    if not out:
        raise FairnessError("no dice to check")
    return out


@dataclass(frozen=True)
class Verdict:
    ok: bool
    checked: int
    first_mismatch: int | None = None  # die number
    logged: int | None = None
    derived: int | None = None
    commitment_ok: bool | None = None  # None when no commitment was given
    wrong_commitment: int | None = None  # which seed (0-based) its commitment does not fit

    def __str__(self) -> str:
        if self.commitment_ok is False:
            which = "" if self.wrong_commitment is None else f" {self.wrong_commitment + 1}"
            return f"MISMATCH: seed{which} does not match its commitment"
        if self.ok:
            return f"OK: all {self.checked} dice match"
        return (f"MISMATCH at die {self.first_mismatch} (0-based): the log says "
                f"{self.logged}, the seed gives {self.derived}")


def verify(seeds: str | Sequence[str], game: object | None, dice: Sequence[int],
           client_seeds: Sequence[str] = (),
           expected_commitment: str | Sequence[str] | None = None) -> Verdict:
    """Do `dice` (the game's dice in drawing order) follow from the seats' server seeds
    (one, or two in seat order: `dice_seed`)? `game` None: the key the seeds give.
    `expected_commitment`: the SHA-256 shown for each seed, in the same order."""
    seeds = [seeds] if isinstance(seeds, str) else list(seeds)
    seed = dice_seed(seeds)
    commitment_ok, wrong = None, None
    if expected_commitment is not None:
        shown = ([expected_commitment] if isinstance(expected_commitment, str)
                 else list(expected_commitment))
        if len(shown) != len(seeds):
            raise FairnessError("give one commitment per seed")
        wrong = next((i for i, (s, c) in enumerate(zip(seeds, shown, strict=True))
                      if not hmac.compare_digest(commitment(s), c.lower())), None)
        commitment_ok = wrong is None
    key = game_key(seed) if game is None else game
    derived = derive_dice(seed, key, client_seeds, 0, len(dice))
    for k, (logged, made) in enumerate(zip(dice, derived, strict=True)):
        if logged != made:
            return Verdict(False, len(dice), k, logged, made, commitment_ok, wrong)
    return Verdict(commitment_ok is not False, len(dice), commitment_ok=commitment_ok,
                   wrong_commitment=wrong)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.fairness",
        description="Check a game's dice against its revealed server seeds.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("verify", help="recompute the dice of a game and compare")
    check.add_argument("--seed", required=True, action="append",
                       help="a revealed server seed (64 hex); twice for a game of two "
                            "players, in seat order")
    check.add_argument("--game", help="the game key (default: the one the seeds give)")
    check.add_argument("--rolls", required=True,
                       help='the dice in order, e.g. "4 4 5 2 6-1 3-3" (opening throws, '
                            'ties included, then the rolls)')
    check.add_argument("--client-seed", action="append", default=[],
                       help="a player's seed, in seat order (repeat for each; '' for none)")
    check.add_argument("--commitment", action="append",
                       help="the SHA-256 shown before the game, once per --seed, same order")
    show = sub.add_parser("commitment", help="print the commitment of a seed")
    show.add_argument("--seed", required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "commitment":
            print(commitment(args.seed))
            return 0
        verdict = verify(args.seed, args.game, parse_rolls(args.rolls), args.client_seed,
                         args.commitment)
    except FairnessError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(verdict)
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main())
