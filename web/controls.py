"""Time controls on the web board: their names in the reader's language, and the control a
request chose (`core.timecontrol.Offer`: only what the host offers)."""

from __future__ import annotations

from typing import Any

from core.clockface import ClockFace
from core.timecontrol import CLOCK_WARNING, Offer, TimeControl, UnknownControl
from i18n import Translator
from i18n.controls import control_name


class NotOffered(ValueError):
    """A control a request may not choose; `computer`: offered, but not against the
    computer (correspondence)."""

    def __init__(self, reason: str, *, computer: bool = False) -> None:
        super().__init__(reason)
        self.computer = computer


def control_json(control: TimeControl, t: Translator) -> dict[str, Any]:
    return {"token": control.token, "kind": control.kind.value, "text": control_name(t, control)}


def offered_json(offer: Offer, t: Translator) -> dict[str, Any]:
    """The host's controls for the new-game form: all of them (a game with a person), and
    the default of each kind of game (the computer plays live controls only)."""
    live = offer.live()
    return {"all": [control_json(c, t) for c in offer.controls],
            "default": offer.default.token,
            "computer_default": (offer.default if not offer.default.correspondence
                                 else live[0] if live else offer.default).token}


def chosen(offer: Offer, token: object, *, computer: bool) -> TimeControl | None:
    """The control a request names (`token`; None: the host's default for such a game,
    as None to the core when there is none). `NotOffered` for a token the host does not
    offer, or correspondence against the computer."""
    if token is None:
        if not computer or not offer.default.correspondence:
            return offer.default
        live = offer.live()
        return live[0] if live else None
    if not isinstance(token, str):
        raise NotOffered("`control` is a time control's token")
    try:
        control = offer.get(token)
    except UnknownControl as exc:
        raise NotOffered(str(exc)) from None
    if computer and control.correspondence:
        raise NotOffered("correspondence is for games with people", computer=True)
    return control


def clock_json(face: ClockFace, side: int, t: Translator) -> dict[str, Any]:
    """The clocks as the viewer on `side` sees them: seconds left from the server's now
    (the page counts down from the moment it receives them), whose time runs, a match
    clock's delay and banks, and when the page warns (live controls only)."""
    def whose(seat: int | None) -> str | None:
        return None if seat is None else "viewer" if seat == side else "opponent"

    clock: dict[str, Any] = {
        **control_json(face.control, t),
        "deadline": face.deadline.isoformat() if face.deadline else None,
        "remaining": face.remaining,
        "mover": whose(face.mover),
        "warn": None if face.control.correspondence else CLOCK_WARNING,
    }
    if face.banks is not None:
        clock["delay"] = face.delay
        clock["banks"] = {"viewer": face.banks[side], "opponent": face.banks[1 - side]}
    return clock
