"""What happened in a game (`core.history`), worded for the people who play or watch it.

* `recap_lines`: the caption's lines about what happened since the reader last acted,
  shortened by `fit` to Telegram's caption size.
* `log_lines`: the whole game as a move list numbered by turn, for `/log`.
"""

from __future__ import annotations

from core.history import Event, event_at
from core.live import Live
from engine.numbering import line_numbers
from engine.passes import PassKind, PassReason, Why
from i18n import Translator
from i18n.notation import local_notation

MAX_CAPTION = 1024  # Telegram's limit, in UTF-16 code units



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
                 d1=d1, d2=d2, move=local_notation(t, event.move))
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
        dice = sorted((entry.die for entry in reason.closed), reverse=True)
        return t(WHY[("bar", min(len(dice), 2))], d1=dice[0], d2=dice[-1])
    dice = sorted((block.die for block in reason.blocks), reverse=True)
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
    (the starter's turn and the reply, cube actions where they happened), the result. The
    numbers are `engine.numbering`'s, which the analysis uses too."""
    lines = [f"{SEAT_MARKS[0]} {names[0]} · {SEAT_MARKS[1]} {names[1]}"]
    numbers = line_numbers(live.game.history)
    number: int | None = None
    items: list[str] = []

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
            lines.append(describe(event, names, t))
            continue
        if numbers[index] != number:
            close()
            number = numbers[index]
        items.append(f"{SEAT_MARKS[event.seat or 0]} {_log_item(event, t)}")
    close()
    return lines


def _log_item(event: Event, t: Translator) -> str:
    d1, d2 = event.thrown()
    if event.kind == "move":
        return f"{d1}-{d2}: {local_notation(t, event.move)}"
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
