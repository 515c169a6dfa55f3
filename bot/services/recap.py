"""What happened in a game, worded for the people who play or watch it.

* `since_last_action`: everything since a player last decided something (their last chosen
  move, double, take or drop): the opponent's moves with their hits (`13/7*`), passes with
  their dice and reason, moves that played themselves, cube actions, the opening throws and
  the result. The caption lists them (`recap_lines`, shortened by `fit`) and the board marks
  the moves among them (`marks`), so nothing the computer did in a quick run goes unseen.
* `log_lines`: the whole game as a move list numbered by turn, for `/log`.

Everything is read from the engine's history in the stored game (`Live`), so it is the same
after a restart. Rolls are not events of their own: a move or a pass shows its dice.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n import Translator
from bot.services.live import Live
from engine.game import Phase
from engine.movegen import is_forced
from engine.moves import Move
from engine.passes import PassKind, PassReason, Why, explain

Segments = tuple[tuple[int, int], ...]
SHOWN = frozenset({"opening", "move", "pass", "double", "take", "drop", "resign", "timeout",
                   "result"})
DECISIONS = frozenset({"double", "take", "drop", "resign"})  # besides a chosen move
MAX_CAPTION = 1024  # Telegram's limit, in UTF-16 code units


@dataclass(frozen=True)
class Event:
    """One thing that happened, from the engine's history (`index` is its place there)."""

    index: int
    kind: str  # one of SHOWN
    seat: int | None  # who did it (the starter for the opening, the winner for a result)
    dice: tuple[int, int] | None = None  # the roll of a move or pass; the opening's two dice
    move: str = ""  # a move's notation
    forced: bool = False  # the only legal move: it played itself
    why: PassReason | None = None
    value: int = 0  # the cube's new value (double, take); a result's points
    result: str = ""  # a result's kind: plain, mars, koks, home_mars

    def thrown(self) -> tuple[int, int]:
        """A roll's dice as backgammon writes them, the larger first (5-2, not 2-5)."""
        high, low = sorted(self.dice or (0, 0), reverse=True)
        return high, low

    def segments(self) -> Segments:
        return tuple((step.src, step.dst) for step in Move.parse(self.move).steps)


def event_at(live: Live, index: int) -> Event | None:
    """The history entry `index` as an event; None for what is shown elsewhere (rolls)."""
    length = len(live.game.history)
    if live.memo.get("events", (None,))[0] != length:
        live.memo["events"] = (length, {})
    memo = live.memo["events"][1]
    if index not in memo:
        memo[index] = _event(live, index)
    return memo[index]


def _event(live: Live, index: int) -> Event | None:
    raw = live.game.history[index]
    kind = raw["type"]
    if kind not in SHOWN:
        return None
    if kind == "opening":
        return Event(index, kind, raw["starter"], dice=_pair(raw["dice"]))
    if kind == "result":
        return Event(index, kind, raw["winner"], value=raw["points"], result=raw["kind"])
    seat = raw["seat"]
    if kind == "move":
        dice = _pair(raw["dice"])
        before = live.before(index)
        forced = before is not None and is_forced(before, dice,
                                                  first_turn=live.first_turn(index))
        return Event(index, kind, seat, dice=dice, move=raw["move"], forced=forced)
    if kind == "pass":
        dice = _pair(raw["dice"])
        return Event(index, kind, seat, dice=dice, why=_why_passed(live, index, dice))
    return Event(index, kind, seat, value=int(raw.get("value", 0)))


def _why_passed(live: Live, index: int, dice: tuple[int, int]) -> PassReason | None:
    """The reason logged with the pass, or worked out from the board before the roll (a
    game stored before reasons were logged)."""
    logged = live.game.history[index].get("why")
    if logged:
        return PassReason.from_dict(live.game.variant, logged)
    before = live.before(index)
    return explain(before, dice, live.first_turn(index)) if before is not None else None


def _pair(dice: list[int]) -> tuple[int, int]:
    return int(dice[0]), int(dice[1])


def _decided(event: Event, seat: int) -> bool:
    """Whether `seat` chose this itself (a forced move, a pass or a roll chooses nothing)."""
    if event.seat != seat:
        return False
    return event.kind in DECISIONS or (event.kind == "move" and not event.forced)


def since_last_action(live: Live, seat: int) -> list[Event]:
    """What happened since `seat` last decided something, oldest first.

    When nothing has moved since (the other player has not played yet), the player's own
    last move or double stays in the list, so the board never goes blank.
    """
    history = live.game.history
    found: list[Event] = []
    for index in range(len(history) - 1, -1, -1):
        event = event_at(live, index)
        if event is None:
            continue
        if _decided(event, seat):
            if event.kind in ("move", "double") and not any(
                    e.kind in ("move", "pass") for e in found):
                found.append(event)
            break
        found.append(event)
    found.reverse()
    if live.game.phase is Phase.DOUBLED and found and found[-1].kind == "double":
        found.pop()  # the caption's status line asks about it
    return found


def marks(events: list[Event], seat: int) -> tuple[tuple[Segments, bool], ...]:
    """The moves among `events` to mark on `seat`'s board, oldest first: (segments, whether
    `seat` made the move); segments are in the mover's numbering."""
    return tuple((event.segments(), event.seat == seat) for event in events
                 if event.kind == "move")


# -- wording -------------------------------------------------------------------------


def recap_lines(events: list[Event], names: tuple[str, str], t: Translator,
                computer_seat: int | None = None) -> list[str]:
    """One caption line per event (the computer's forced moves are not called forced:
    only a person needs to know a move was played for them)."""
    return [describe(event, names, t, forced_label=event.seat != computer_seat)
            for event in events]


def describe(event: Event, names: tuple[str, str], t: Translator,
             forced_label: bool = True) -> str:
    name = names[event.seat] if event.seat is not None else ""
    if event.kind == "opening":
        d0, d1 = event.dice or (0, 0)
        return t("seen-opening", first=names[0], d1=d0, second=names[1], d2=d1)
    if event.kind in ("move", "pass"):
        d1, d2 = event.thrown()
        if event.kind == "pass":
            return t("seen-pass", name=name, d1=d1, d2=d2, why=why(event.why, t))
        return t("seen-forced" if event.forced and forced_label else "seen-move", name=name,
                 d1=d1, d2=d2, move=event.move)
    if event.kind == "result":
        return t("seen-result", name=name, points=event.value, kind=t(f"kind-{event.result}"))
    return t(SAID[event.kind], name=name, value=event.value)


SAID = {"double": "seen-double", "take": "seen-take", "drop": "seen-drop",
        "resign": "seen-resign", "timeout": "seen-timeout"}
WHY = {("bar", 1): "seen-why-bar-one", ("bar", 2): "seen-why-bar-two",
       ("blocked", 1): "seen-why-blocked-one", ("blocked", 2): "seen-why-blocked-two"}


def why(reason: PassReason | None, t: Translator) -> str:
    """"no entry from the bar with 6 or 1, both points are closed", "no checker can move 5
    (bearing off needs all 15 at home)"."""
    if reason is None:
        return t("seen-why-unknown")
    if reason.kind is PassKind.BAR:
        dice = tuple(entry.die for entry in reason.closed)
        return t(WHY[("bar", min(len(dice), 2))], d1=dice[0], d2=dice[-1])
    dice = tuple(block.die for block in reason.blocks)
    text = t(WHY[("blocked", min(len(dice), 2))], d1=dice[0], d2=dice[-1])
    # A point held by the opponent goes without saying; the other rules are named.
    rules = [r for r in Why if r in HINT and any(r in b.reasons for b in reason.blocks)]
    return text + "".join(f" ({t(HINT[r])})" for r in rules)


HINT = {Why.SIX_BLOCK: "seen-why-six-block", Why.NOT_ALL_HOME: "seen-why-not-all-home",
        Why.HIGHER_CHECKER: "seen-why-higher-checker"}


def utf16_len(text: str) -> int:
    """Telegram measures texts in UTF-16 code units (an emoji can count as two)."""
    return len(text.encode("utf-16-le")) // 2


def fit(lines: list[str], room: int, t: Translator) -> list[str]:
    """The newest of `lines` that fit in `room` units (joined by newlines); the older ones
    are replaced by one line saying how many there were and where to read them (/log)."""
    def size(chosen: list[str]) -> int:
        return sum(utf16_len(line) for line in chosen) + max(0, len(chosen) - 1)

    if size(lines) <= room:
        return lines
    kept = list(lines)
    while kept:
        kept.pop(0)
        head = t("seen-earlier", count=len(lines) - len(kept))
        if size([head, *kept]) <= room:
            return [head, *kept]
    newest = lines[-1]
    return [_cut(newest, room)] if room > 0 else []


def _cut(text: str, room: int) -> str:
    while text and utf16_len(text) > room - 1:
        text = text[:-1]
    return text + "…"


# -- /log ----------------------------------------------------------------------------

SEAT_MARKS = ("⚪", "⚫")  # seat 0 plays white, seat 1 black (as the boards draw them)


def log_lines(live: Live, names: tuple[str, str], t: Translator) -> list[str]:
    """The game so far: the players, the opening throws, then one numbered line per turn
    (the starter's turn and the reply, cube actions where they happened), the result."""
    lines = [f"{SEAT_MARKS[0]} {names[0]} · {SEAT_MARKS[1]} {names[1]}"]
    starter, number = 0, 0
    items: list[str] = []
    last_play: int | None = None  # whose move or pass the current line holds last

    def close() -> None:
        if items:
            lines.append(f"{number}. " + "   ".join(items))
            items.clear()

    for index in range(len(live.game.history)):
        event = event_at(live, index)
        if event is None:
            continue
        if event.kind in ("opening", "result"):
            close()
            starter = event.seat if event.kind == "opening" else starter  # type: ignore[assignment]
            lines.append(describe(event, names, t))
            continue
        # The starter's double, move or pass after the reply (or at first) opens a turn.
        opens = event.kind in ("double", "move", "pass") and event.seat == starter
        if opens and (number == 0 or last_play == 1 - starter):
            close()
            number, last_play = number + 1, None
        if event.kind in ("move", "pass"):
            last_play = event.seat
        items.append(f"{SEAT_MARKS[event.seat or 0]} {_log_item(event, t)}")
    close()
    return lines


def _log_item(event: Event, t: Translator) -> str:
    d1, d2 = event.thrown()
    if event.kind == "move":
        return f"{d1}-{d2}: {event.move}"
    if event.kind == "pass":
        return t("log-pass", d1=d1, d2=d2)
    return t(LOGGED[event.kind], value=event.value)


LOGGED = {"double": "log-double", "take": "log-take", "drop": "log-drop",
          "resign": "log-resign", "timeout": "log-timeout"}


def split_messages(lines: list[str], limit: int = 3500) -> list[str]:
    """Lines joined into messages of at most `limit` units (Telegram allows 4096)."""
    messages: list[str] = []
    current: list[str] = []
    for line in lines:
        candidate = "\n".join([*current, line])
        if current and utf16_len(candidate) > limit:
            messages.append("\n".join(current))
            current = [line]
        else:
            current.append(line)
    if current:
        messages.append("\n".join(current))
    return messages
