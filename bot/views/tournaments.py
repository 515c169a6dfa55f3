"""Words, buttons and pictures of a tournament in its group: /tournament's menu, the lobby
(what it is, who joined, Join / Leave / Start now / Call off) and the values the bracket
and standings pictures are drawn from (render/bracket.py, render/standings.py)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.views.callbacks import TourneyCb, TourneyMenuCb
from bot.views.timecontrols import ask_control, time_line
from core.options import TOURNAMENT_LENGTHS, has_cube
from core.timecontrol import Offer, TimeControl
from core.tournaments import (
    ARENA_MINUTES,
    CAPACITIES,
    OPEN_FOR,
    START_IN_MINUTES,
    away_since,
    on_fire,
    rounds_of,
    standings,
    swiss_table,
    total_rounds,
)
from engine.position import VARIANTS
from i18n import Translator
from i18n.zones import offset_label
from render.bracket import Bracket, BracketMatch
from render.standings import Standing, Standings
from storage.tournaments import MIN_PLAYERS, Entrant, Pairing, Tournament


def _button(text: str, data: TourneyMenuCb | TourneyCb) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=data.pack())


def _rows(buttons: list[InlineKeyboardButton], per_row: int) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[buttons[i:i + per_row] for i in range(0, len(buttons), per_row)])


def menu_question(data: TourneyMenuCb, t: Translator, offer: Offer
                  ) -> tuple[str, InlineKeyboardMarkup] | None:
    """/tournament's next question and its buttons; None when everything is chosen. The
    last question (the start) also chooses the games' time control, a live one."""
    def choose(**update: object) -> TourneyMenuCb:
        return data.model_copy(update=update)

    if not data.f:
        return t("tm-ask-format"), _rows(
            [_button(t("btn-tm-knockout"), choose(f="knockout")),
             _button(t("btn-tm-swiss"), choose(f="swiss")),
             _button(t("btn-tm-arena"), choose(f="arena"))], 3)
    if not data.variant:
        return t("new-variant"), _rows(
            [_button(t("btn-short"), choose(variant="short")),
             _button(t("btn-long"), choose(variant="long"))], 2)
    if not data.length:
        return t("new-length"), _rows(
            [_button(t("btn-length", points=n), choose(length=n)) for n in TOURNAMENT_LENGTHS], 3)
    if data.cube < 0 and has_cube(data.variant):
        return t("new-cube"), _rows(
            [_button(t("btn-cube-off"), choose(cube=0)),
             _button(t("btn-cube-on"), choose(cube=1))], 2)
    if data.f == "arena" and not data.minutes:
        return t("tm-ask-minutes"), _rows(
            [_button(t("btn-tm-minutes", minutes=n), choose(minutes=n))
             for n in ARENA_MINUTES], 3)
    if not data.cap:
        return t("tm-ask-capacity"), _rows(
            [_button(t("btn-tm-capacity", count=n), choose(cap=n)) for n in CAPACITIES], 5)
    if data.start < 0 and data.at >= 0:  # a schedule: its time is chosen, confirm it
        return ask_control(t, (t("tm-ask-schedule"), _rows(
            [_button(t("btn-tm-schedule"), choose(start=0))], 1)), offer, data.tc,
            lambda token: choose(tc=token), live_only=True)
    if data.start < 0:
        return ask_control(t, (t("tm-ask-start"), _rows(
            [_button(t("btn-tm-when-full"), choose(start=0)),
             *(_button(t("btn-tm-start-in", minutes=n), choose(start=n))
               for n in START_IN_MINUTES)], 2)), offer, data.tc,
            lambda token: choose(tc=token), live_only=True)
    return None


def menu_complete(data: TourneyMenuCb) -> bool:
    """Every option chosen, each one this bot offers."""
    return (data.f in ("knockout", "arena", "swiss") and data.variant in VARIANTS
            and data.length in TOURNAMENT_LENGTHS
            # the cube asked for where there is one; never with long nard
            and (data.cube >= 0 if has_cube(data.variant) else data.cube <= 0)
            and (data.minutes in ARENA_MINUTES if data.f == "arena" else data.minutes == 0)
            and data.cap in CAPACITIES and data.start in (0, *START_IN_MINUTES)
            and (data.at < 0 or data.start == 0))


def clock_time(moment: datetime, zone: ZoneInfo) -> str:
    """A time of day as its reader reads it, in the zone of their language
    (`i18n.zones`): "18:30 UTC", "20:00 (Asia/Tashkent, UTC+5)"."""
    local = moment.astimezone(zone)
    if zone.key == "UTC":
        return f"{local:%H:%M} UTC"
    return f"{local:%H:%M} ({zone.key}, {offset_label(moment, zone)})"


def lobby_text(t: Translator, tournament: Tournament, entrants: Sequence[Entrant],
               zone: ZoneInfo, control: TimeControl) -> str:
    variant = t(f"variant-{tournament.variant}")
    if tournament.format == "arena":
        title = t("tm-title-arena", minutes=tournament.minutes or 0, variant=variant)
    elif tournament.format == "swiss":
        title = t("tm-title-swiss", variant=variant)
    else:
        title = t("tm-title-knockout", variant=variant)
    matches = t("tm-matches", points=tournament.match_length)
    if tournament.cube:
        matches += ", " + t("tm-with-cube")
    matches += "\n" + time_line(t, control)
    if tournament.status == "open":
        if tournament.starts_at is None:  # (called off when not full in a day)
            status = t("tm-starts-full", total=tournament.capacity) + " " + t(
                "tm-open-until", time=clock_time(tournament.created_at + OPEN_FOR, zone))
        else:
            status = t("tm-starts-at", time=clock_time(tournament.starts_at, zone),
                       count=MIN_PLAYERS)
    elif tournament.status == "running":
        status = (t("tm-running-arena", time=clock_time(tournament.ends_at, zone))
                  if tournament.ends_at is not None else t("tm-running"))
    elif tournament.status == "finished":
        winner = next((e.name for e in entrants if e.player_id == tournament.winner_id), None)
        status = t("tm-finished") if winner is None else t("tm-finished-winner", name=winner)
    else:
        status = t("tm-cancelled")
    present = [e for e in entrants if e.state == "in" or tournament.status != "open"]
    if present:
        people = t("tm-players", count=len(present), total=tournament.capacity,
                   name=", ".join(e.name for e in present))
    else:
        people = t("tm-no-players")
    return "\n".join((title, matches, status, "", people))


def lobby_keyboard(t: Translator, tournament: Tournament) -> InlineKeyboardMarkup | None:
    """Join and Leave while players may still come and go; Start now before the start;
    Call off until the end."""
    if not tournament.live:
        return None

    def press(a: str) -> TourneyCb:
        return TourneyCb.model_validate({"id": tournament.id, "a": a})

    rows = []
    if tournament.status == "open" or tournament.format == "arena":
        rows.append([_button(t("btn-tm-join"), press("join")),
                     _button(t("btn-tm-leave"), press("leave"))])
    else:
        rows.append([_button(t("btn-tm-leave"), press("leave"))])
    if tournament.status == "open":
        rows.append([_button(t("btn-tm-start"), press("start")),
                     _button(t("btn-tm-cancel"), press("cancel"))])
    else:
        rows.append([_button(t("btn-tm-cancel"), press("cancel"))])
    return InlineKeyboardMarkup(inline_keyboard=rows)


def current_round(pairings: Sequence[Pairing]) -> int:
    """A knock-out's round being played: the first with a pairing not done (the last one
    when all are)."""
    open_rounds = [p.round for p in pairings if p.status != "done"]
    return min(open_rounds) if open_rounds else max((p.round for p in pairings), default=1)


def picture_caption(t: Translator, tournament: Tournament, pairings: Sequence[Pairing],
                    now: datetime, entrants: Sequence[Entrant] = ()) -> str:
    variant = t(f"variant-{tournament.variant}")
    if not tournament.live:
        return t("tm-caption-over", variant=variant)
    if tournament.format == "arena":
        left = (tournament.ends_at - now).total_seconds() if tournament.ends_at else 0
        return t("tm-caption-arena", variant=variant, minutes=max(0, int(-(-left // 60))))
    if tournament.format == "swiss":
        return t("tm-caption-swiss", variant=variant, number=current_round(pairings),
                 total=total_rounds(tournament, entrants, pairings))
    total = max((p.round for p in pairings), default=1)
    return t("tm-caption-knockout", variant=variant, number=current_round(pairings),
             total=total)


def bracket_of(entrants: Sequence[Entrant], pairings: Sequence[Pairing],
               champion: int | None) -> Bracket:
    """The bracket picture's value: every round's pairings with names, seeds, results."""
    by_id = {e.player_id: e for e in entrants}
    total = max((p.round for p in pairings), default=1)
    rounds = []
    for round_ in range(1, total + 1):
        matches = []
        for pairing in sorted((p for p in pairings if p.round == round_), key=lambda p: p.slot):
            names = tuple(by_id[p].name if p in by_id else None for p in pairing.players)
            seeds = tuple(by_id[p].seed if p in by_id else None for p in pairing.players)
            winner = None  # not decided: neither place is the winner, an empty one least
            if pairing.status == "done" and pairing.winner_id is not None:
                winner = pairing.players.index(pairing.winner_id)
            score = None
            if pairing.outcome == "played" and None not in pairing.score:
                score = (pairing.score[0] or 0, pairing.score[1] or 0)
            matches.append(BracketMatch(
                (names[0], names[1]), (seeds[0], seeds[1]), winner=winner, score=score,
                playing=pairing.status == "playing", bye=pairing.outcome == "bye",
                forfeit=pairing.outcome in ("forfeit", "no_show")))
        rounds.append(tuple(matches))
    assert len(rounds) == rounds_of(2 ** total)
    name = by_id[champion].name if champion in by_id else None
    return Bracket(tuple(rounds), champion=name)


def standings_of(tournament: Tournament, entrants: Sequence[Entrant],
                 pairings: Sequence[Pairing], now: datetime) -> Standings:
    """The standings picture's value: the players in order, who is on fire and playing."""
    playing = {p for pairing in pairings if pairing.status == "playing"
               for p in pairing.players}
    if tournament.format == "swiss":
        return swiss_standings(tournament, entrants, pairings, playing)
    rows = tuple(Standing(e.name, e.score, e.results, fire=on_fire(e.streak),
                          playing=e.player_id in playing, left=e.state == "left")
                 for e in standings(entrants))
    left = None
    if tournament.status == "running" and tournament.ends_at is not None:
        left = max(0, int((tournament.ends_at - now).total_seconds()))
    return Standings(rows, seconds_left=left)


def swiss_standings(tournament: Tournament, entrants: Sequence[Entrant],
                    pairings: Sequence[Pairing], playing: set[int | None]) -> Standings:
    """A Swiss's standings picture: its table (points, then Buchholz beside them), each
    round's result, the round being played in the heading (the crown once over)."""
    by_id = {e.player_id: e for e in entrants}
    rows = tuple(Standing(by_id[line.player].name, line.points, line.results,
                          playing=line.player in playing,
                          left=by_id[line.player].state == "left", tiebreak=line.buchholz)
                 for line in swiss_table(entrants, pairings))
    heading = None
    if tournament.status == "running":
        heading = (current_round(pairings), total_rounds(tournament, entrants, pairings))
    return Standings(rows, seconds_left=None, round_of=heading)


# -- the news, as new messages (bot/services/tournaments.py posts them) ------------------


def standing_marks(minutes: int) -> list[int]:
    """The minutes into an arena at which the group is told the standing: every 10
    minutes (a 10-minute arena: at half time)."""
    step = 10 if minutes > 10 else 5
    return list(range(step, minutes, step))


def standings_due(tournament: Tournament, now: datetime | None) -> list[str]:
    """A running arena's standing news due by `now`: "standing-M" for each mark passed."""
    if (now is None or tournament.format != "arena" or tournament.status != "running"
            or tournament.started_at is None or tournament.minutes is None):
        return []
    return [f"standing-{mark}" for mark in standing_marks(tournament.minutes)
            if tournament.started_at + timedelta(minutes=mark) <= now]


def news_due(tournament: Tournament, entrants: Sequence[Entrant],
             pairings: Sequence[Pairing], now: datetime | None = None
             ) -> list[tuple[str, int]]:
    """Every piece of news the stored tournament has made so far, as (topic, chat), in the
    order it happened; worked out again at any time, it names the same news the same way
    (the door posts each topic once).

    In the group: "start" (the first pairings) and, in a knock-out, "round-N" when round N's
    players are all known and its matches begun or waiting for a busy player (the results
    of the round before, and who plays whom; the last round is the final); in a Swiss,
    "round-N" when round N is paired and its matches begun or waiting (a "reminder" before
    a start announced ahead is recorded by the door's sweep). To a player: "wait-N-P"
    while P is through to round N and waits for an opponent still to be decided; "due-N-P"
    while P's match of round N waits for a player busy in another game (the no-show rule);
    "place-P" at the end (their placing); in an arena, "away-M" to a player taken out after
    losing match M and the ones before it unfinished (`away_since`). In a running arena,
    by `now`: "standing-M" M minutes in (`standing_marks`)."""
    if tournament.started_at is None or tournament.status not in ("running", "finished"):
        return []
    group = tournament.chat_id
    items = [("start", group)]
    items.extend((topic, group) for topic in standings_due(tournament, now))
    if tournament.format == "knockout" and pairings:
        last = max(p.round for p in pairings)
        for number in range(2, last + 1):
            if all(p.ready and not _about_to_begin(p) for p in pairings
                   if p.round == number):
                items.append((f"round-{number}", group))
        if tournament.status == "running":
            for pairing in pairings:
                if pairing.round >= 2 and pairing.status == "waiting" and not pairing.ready:
                    player = pairing.players[0] or pairing.players[1]
                    if player is not None:
                        items.append((f"wait-{pairing.round}-{player}", player))
                if pairing.status == "waiting" and pairing.ready and pairing.due_at:
                    items.extend((f"due-{pairing.round}-{player}", player)
                                 for player in pairing.players if player is not None)
    if tournament.format == "arena" and tournament.status == "running":
        for entrant in entrants:  # taken out for not finishing their matches
            gone = away_since(pairings, entrant.player_id) if entrant.state == "left" else None
            if gone is not None:
                items.append((f"away-{gone.id}", entrant.player_id))
    if tournament.format == "swiss" and pairings:
        last = max(p.round for p in pairings)
        items.extend((f"round-{number}", group) for number in range(2, last + 1)
                     if not any(_about_to_begin(p) for p in pairings if p.round == number))
        if tournament.status == "running":
            for pairing in pairings:
                if pairing.status == "waiting" and pairing.ready and pairing.due_at:
                    items.extend((f"due-{pairing.round}-{player}", player)
                                 for player in pairing.players if player is not None)
    if tournament.status == "finished":
        places = placings(tournament, entrants, pairings)
        items.extend((f"place-{player}", player) for player in places)
    return items


def _about_to_begin(pairing: Pairing) -> bool:
    """A match whose players are known and that neither began nor waits for a busy
    player yet: the change after the one that made it ready begins it (the round's news
    waits for it, so it can link the game)."""
    return pairing.status == "waiting" and pairing.due_at is None


def placings(tournament: Tournament, entrants: Sequence[Entrant],
             pairings: Sequence[Pairing]) -> dict[int, tuple[int, int]]:
    """Each player's final placing, as (best, worst) place: 1 the winner; in a knock-out
    the runner-up 2, the semi-finals' losers 3–4, the quarter-finals' 5–8 and so on (never
    below the number of players); in an arena or a Swiss the place in the standings."""
    if tournament.format == "arena":
        order = [e for e in standings(entrants) if e.seed is not None or e.games]
        return {e.player_id: (rank, rank) for rank, e in enumerate(order, start=1)}
    if tournament.format == "swiss":
        return {line.player: (rank, rank)
                for rank, line in enumerate(swiss_table(entrants, pairings), start=1)}
    started = [e.player_id for e in entrants if e.seed is not None]
    if not pairings:
        return {}
    last = max(p.round for p in pairings)
    places = {}
    if tournament.winner_id is not None:
        places[tournament.winner_id] = (1, 1)
    for pairing in pairings:
        if pairing.status != "done" or pairing.outcome == "bye":
            continue
        for player in pairing.players:
            if player is not None and player != pairing.winner_id:
                best = 2 ** (last - pairing.round) + 1
                places[player] = (best, min(2 * best - 2 if best > 2 else 2, len(started)))
    return {player: places[player] for player in started if player in places}


def place_text(place: tuple[int, int]) -> str:
    """"3" or "3–4"."""
    best, worst = place
    return str(best) if worst <= best else f"{best}–{worst}"


def _pair_line(t: Translator, pairing: Pairing, names: dict[int, str],
               swiss: bool = False) -> str:
    """A pairing in the news: who plays whom, or how it ended (in a Swiss a bye is a
    point and a forfeit a win, nobody goes through)."""
    a, b = (names.get(p, "?") if p is not None else None for p in pairing.players)
    if pairing.outcome == "bye":
        return t("tm-news-swiss-bye" if swiss else "tm-news-bye", name=a or b or "?")
    if pairing.status != "done" or pairing.winner_id is None:
        return t("tm-news-pair", first=a or "?", second=b or "?")
    seat = pairing.players.index(pairing.winner_id)
    winner, loser = (a, b) if seat == 0 else (b, a)
    if pairing.outcome == "played" and None not in pairing.score:
        won, lost = pairing.score[seat] or 0, pairing.score[1 - seat] or 0
        return t("tm-news-beat", winner=winner or "?", loser=loser or "?", won=won,
                 lost=lost)
    return t("tm-news-swiss-forfeit" if swiss else "tm-news-forfeit", winner=winner or "?",
             loser=loser or "?")


def news_text(t: Translator, topic: str, tournament: Tournament,
              entrants: Sequence[Entrant], pairings: Sequence[Pairing],
              zone: ZoneInfo) -> str | None:
    """A group's news in its words, as the tournament stands now; None when it is no
    news any more. News with games to watch says so (their links go under it)."""
    if topic.startswith("standing-"):
        return standing_text(t, tournament, entrants, pairings, zone)
    if topic == "reminder":
        return reminder_text(t, tournament, entrants, zone)
    text = _news_body(t, topic, tournament, entrants, pairings, zone)
    if watchable(topic, tournament, pairings):
        text += "\n\n" + t("tm-news-watch")
    return text


def _news_body(t: Translator, topic: str, tournament: Tournament,
               entrants: Sequence[Entrant], pairings: Sequence[Pairing],
               zone: ZoneInfo) -> str:
    names = {e.player_id: e.name for e in entrants}
    if tournament.format == "swiss":
        return swiss_news(t, topic, tournament, entrants, pairings)
    if topic == "start":
        if tournament.format == "arena":
            first = [p for p in pairings if tournament.started_at is not None
                     and p.created_at <= tournament.started_at]
            lines = [t("tm-news-arena-start", count=len([e for e in entrants if e.seed]),
                       time=clock_time(tournament.ends_at, zone)
                       if tournament.ends_at else "")]
            lines += [_pair_line(t, p, names) for p in first]
            return "\n".join(lines)
        total = max((p.round for p in pairings), default=1)
        lines = [t("tm-news-round-start", number=1, total=total)]
        lines += [_pair_line(t, p, names) for p in pairings if p.round == 1]
        return "\n".join(lines)
    number = int(topic.removeprefix("round-"))
    total = max((p.round for p in pairings), default=1)
    lines = [t("tm-news-round-over", number=number - 1, total=total)]
    lines += [_pair_line(t, p, names) for p in pairings if p.round == number - 1]
    lines.append("")
    if number == total:
        [final] = [p for p in pairings if p.round == number]
        a, b = (names.get(p, "?") if p is not None else "?" for p in final.players)
        lines.append(t("tm-news-final", first=a, second=b))
        if final.status == "done":
            lines.append(_pair_line(t, final, names))
    else:
        lines.append(t("tm-news-round-start", number=number, total=total))
        lines += [_pair_line(t, p, names) for p in pairings if p.round == number]
    return "\n".join(lines)


STANDING_SHOWN = 5  # the arena's leaders a standing news names


def standing_text(t: Translator, tournament: Tournament, entrants: Sequence[Entrant],
                  pairings: Sequence[Pairing], zone: ZoneInfo) -> str | None:
    """An arena's standing as it runs: the time left, the leaders, the games being played
    (their watch links go under it). None once the arena is no longer running."""
    if tournament.status != "running" or tournament.ends_at is None:
        return None
    lines = [t("tm-news-standing", time=clock_time(tournament.ends_at, zone))]
    for rank, entrant in enumerate(standings(entrants)[:STANDING_SHOWN], start=1):
        line = t("tm-news-standing-line", rank=rank, name=entrant.name, points=entrant.score)
        lines.append(line + (" 🔥" if on_fire(entrant.streak) else ""))
    if watchable("standing", tournament, pairings):
        lines += ["", t("tm-news-watch")]
    return "\n".join(lines)


def watchable(topic: str, tournament: Tournament, pairings: Sequence[Pairing]
              ) -> list[Pairing]:
    """The games a group's news offers to watch: those of the round it announces (the
    arena's first games; at a standing, every game being played) still being played."""
    playing = [p for p in pairings if p.status == "playing" and p.game_id is not None]
    if topic.startswith("standing"):
        return playing
    if topic == "start":
        if tournament.format == "arena":
            return [p for p in playing if tournament.started_at is not None
                    and p.created_at <= tournament.started_at]
        return [p for p in playing if p.round == 1]
    if topic.startswith("round-"):
        number = int(topic.removeprefix("round-"))
        return [p for p in playing if p.round == number]
    return []


def swiss_news(t: Translator, topic: str, tournament: Tournament,
               entrants: Sequence[Entrant], pairings: Sequence[Pairing]) -> str:
    """A Swiss's round news: round 1's pairings; then each round's results, the leaders
    and the next round's pairings."""
    names = {e.player_id: e.name for e in entrants}
    total = total_rounds(tournament, entrants, pairings)
    number = 1 if topic == "start" else int(topic.removeprefix("round-"))
    lines = []
    if number > 1:
        lines.append(t("tm-news-round-over", number=number - 1, total=total))
        lines += [_pair_line(t, p, names, swiss=True) for p in pairings
                  if p.round == number - 1]
        before = [p for p in pairings if p.round < number]
        table = swiss_table(entrants, before)
        if table:
            top = [line for line in table if line.points == table[0].points]
            lines.append(t("tm-news-swiss-leaders", name=", ".join(
                names.get(line.player, "?") for line in top), points=table[0].points))
        lines.append("")
    lines.append(t("tm-news-round-start", number=number, total=total))
    lines += [_pair_line(t, p, names, swiss=True) for p in pairings if p.round == number]
    return "\n".join(lines)


def reminder_text(t: Translator, tournament: Tournament, entrants: Sequence[Entrant],
                  zone: ZoneInfo) -> str | None:
    """The group reminded shortly before a start (None: it is no news any more)."""
    if tournament.status != "open" or tournament.starts_at is None:
        return None
    present = sum(e.state == "in" for e in entrants)
    return t("tm-reminder", time=clock_time(tournament.starts_at, zone), count=present,
             total=tournament.capacity)


def wait_text(t: Translator, round_: int, player: int, entrants: Sequence[Entrant],
              pairings: Sequence[Pairing]) -> str | None:
    """What a player through to `round_` waits for: the match whose winner they meet.
    None when it is no news any more (their opponent is known)."""
    mine = next((p for p in pairings if p.round == round_ and player in p.players), None)
    if mine is None or mine.ready or mine.status != "waiting":
        return None
    names = {e.player_id: e.name for e in entrants}
    total = max(p.round for p in pairings)
    heading = (t("tm-through-final") if round_ == total
               else t("tm-through", number=round_, total=total))
    empty = 1 if mine.players[0] == player else 0  # the seat still to be filled
    feeder = next((p for p in pairings if p.round == round_ - 1
                   and p.slot == 2 * mine.slot - 1 + empty), None)
    if feeder is not None and feeder.ready:
        a, b = (names.get(p, "?") for p in feeder.players if p is not None)
        state = t("tm-wait-playing" if feeder.status == "playing" else "tm-wait-waiting")
        return "\n".join((heading, t("tm-wait-match", first=a, second=b), state))
    return "\n".join((heading, t("tm-wait-unknown", number=round_ - 1)))


def due_text(t: Translator, round_: int, player: int, busy: bool,
             entrants: Sequence[Entrant], pairings: Sequence[Pairing],
             zone: ZoneInfo) -> str | None:
    """A player whose match of `round_` waits because a player is in another game: until
    when (the no-show rule), from their side (`busy`: they are the one playing). None when
    the match waits no more."""
    mine = next((p for p in pairings if p.round == round_ and player in p.players), None)
    if mine is None or mine.status != "waiting" or not mine.ready or mine.due_at is None:
        return None
    other = mine.players[1] if mine.players[0] == player else mine.players[0]
    name = next((e.name for e in entrants if e.player_id == other), "?")
    return t("tm-due-busy" if busy else "tm-due-free", number=round_, name=name,
             time=clock_time(mine.due_at, zone))


def place_words(t: Translator, tournament: Tournament, player: int,
                entrants: Sequence[Entrant], pairings: Sequence[Pairing]) -> str | None:
    """A player's placing at the end, for their private chat."""
    places = placings(tournament, entrants, pairings)
    if player not in places:
        return None
    names = {e.player_id: e.name for e in entrants}
    count = len(places)
    winner = names.get(tournament.winner_id or 0, "?")
    if places[player] == (1, 1):
        return t("tm-place-won", count=count)
    if tournament.format in ("arena", "swiss"):
        me = next(e for e in entrants if e.player_id == player)
        return t("tm-place-swiss" if tournament.format == "swiss" else "tm-place-arena",
                 place=place_text(places[player]), count=count, points=me.score,
                 winner=winner)
    return t("tm-place", place=place_text(places[player]), count=count, winner=winner)


def result_text(t: Translator, tournament: Tournament, entrants: Sequence[Entrant],
                pairings: Sequence[Pairing]) -> str:
    """The announcement of the end: a knock-out's winner, runner-up and final; an arena's
    top three."""
    names = {e.player_id: e.name for e in entrants}
    if tournament.format == "arena":
        top = standings(entrants)[:3]
        return "\n".join([t("tm-arena-over")] + [
            t(PODIUM[rank], name=e.name, points=e.score) for rank, e in enumerate(top, 1)])
    if tournament.format == "swiss":
        table = swiss_table(entrants, pairings)
        last = max((p.round for p in pairings), default=0)
        return "\n".join(
            [t("tm-winner", name=names.get(tournament.winner_id or 0, "?")), "",
             t("tm-news-round-over", number=last,
               total=total_rounds(tournament, entrants, pairings))]
            + [_pair_line(t, p, names, swiss=True) for p in pairings if p.round == last]
            + ["", t("tm-swiss-over")]
            + [t(PODIUM[rank], name=names.get(line.player, "?"), points=line.points)
               + " " + t("tm-buchholz", points=line.buchholz)
               for rank, line in enumerate(table[:3], 1)])
    winner = tournament.winner_id
    lines = [t("tm-winner", name=names.get(winner or 0, "?"))]
    final = max(pairings, key=lambda p: p.round, default=None)
    if final is not None and final.status == "done" and final.winner_id is not None:
        seat = final.players.index(final.winner_id)
        runner = final.players[1 - seat]
        if runner is not None:
            lines.append(t("tm-runner-up", name=names.get(runner, "?")))
            lines.append(t("tm-final-line", line=_pair_line(t, final, names)))
    return "\n".join(lines)


PODIUM = {1: "tm-podium-1", 2: "tm-podium-2", 3: "tm-podium-3"}  # an arena's top three
