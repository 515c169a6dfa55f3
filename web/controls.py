"""Time controls on the web board: their names in the reader's language, and the control a
request chose (`core.timecontrol.Offer`: only what the host offers)."""

from __future__ import annotations

from core.clockface import ClockFace
from core.timecontrol import CLOCK_WARNING, NotLive, Offer, TimeControl, UnknownControl
from i18n import Translator
from i18n.controls import control_name
from web.schema import Clock, Control, Offered, Side


class NotOffered(ValueError):
    """A control a request may not choose; `computer`: offered, but not against the
    computer (correspondence)."""

    def __init__(self, reason: str, *, computer: bool = False) -> None:
        super().__init__(reason)
        self.computer = computer


def control_json(control: TimeControl, t: Translator) -> Control:
    return {"token": control.token, "kind": control.kind.value, "text": control_name(t, control)}


def offered_json(offer: Offer, t: Translator) -> Offered:
    """The host's controls for the new-game form: all of them (a game with a person), and
    the default of each kind of game (the computer plays live controls only)."""
    live = offer.live()
    return {"all": [control_json(c, t) for c in offer.controls],
            "default": offer.default.token,
            "computer_default": (offer.default if not offer.default.correspondence
                                 else live[0] if live else offer.default).token}


def chosen(offer: Offer, token: object, *, computer: bool) -> TimeControl | None:
    """The control a request names (`token`; None: the host's default for such a game,
    as None to the core when there is none: `Offer.choose`). `NotOffered` for a token the
    host does not offer, or correspondence against the computer."""
    if token is None and computer and not offer.live():
        return None
    if token is not None and not isinstance(token, str):
        raise NotOffered("`control` is a time control's token")
    if token == "":  # the chat's menus read none as the default; a request names one
        raise NotOffered("time control not offered: ''")
    try:
        return offer.choose(token, live_only=computer)
    except NotLive as exc:
        raise NotOffered(str(exc), computer=True) from None
    except UnknownControl as exc:
        raise NotOffered(str(exc)) from None


def clock_json(face: ClockFace, side: int, t: Translator) -> Clock:
    """The clocks as the viewer on `side` sees them: seconds left from the server's now
    (the page counts down from the moment it receives them), whose time runs, a match
    clock's delay and banks, and when the page warns (live controls only)."""
    def whose(seat: int | None) -> Side | None:
        return None if seat is None else "viewer" if seat == side else "opponent"

    clock: Clock = {
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
