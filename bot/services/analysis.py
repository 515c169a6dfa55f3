"""The "📊 Analysis" button of a result message: a game analysed in the background, once.

A press by one of the game's two players (checked here: the callback only names the game)
answers at once when the analysis is stored. Otherwise the player gets a progress message
("Analysing: 24/61 moves", edited at most every `core.analysis.EDIT_EVERY`) and waits for
the game's one job: a second press, the other player's press, or another process's press
join the same job (`storage.analysis.claim` decides who runs it). When it is done each
waiter's progress message becomes the answer: both players' figures, then the asking
player's worst mistakes as pictures.

The job itself is the core's (`core.analysis.AnalysisJobs`: claimed, resumed after a
crash, run in a worker process); this service hears what becomes of it (`AnalysisNews`:
progress, done, failed) and keeps the waiters' messages. Waiters left by a process that
stopped after the job was done are answered on the timer's beat (`resume`).

The answer (the summary, then the mistake pictures) is sent where it is ready: in a press's
handling, or in a job started by one, whose 2 s allowance for Telegram it shares
(`bot/plumbing/retry.py`). What Telegram refuses for now (a `retry_after` longer than that,
a failing Telegram) is not given up: the parts not sent yet go out after the wait Telegram
asked for, from a task of its own outside the press (Telegram's usual allowance), up to
`DELIVERY_TRIES` times, then given up with a warning.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from functools import partial
from typing import Any, TypeVar

from aiogram import Bot
from aiogram.exceptions import TelegramRetryAfter
from aiogram.types import InlineKeyboardButton

from ai import review
from ai.luck import MIN_DECISIONS
from ai.review import CHECKER, Decision
from bot.plumbing.retry import FAULTS, LATER
from bot.plumbing.telegram_io import Board, edit_text, send_board, send_text
from bot.views.callbacks import AnalysisCb
from core.analysis import AnalysisJobs, Skill, game_skills, match_skill, stored_decision
from core.history import thrown
from engine.codes import position_id
from engine.game import MatchState
from engine.position import Variant
from i18n import Translator
from i18n.figures import local_notation, points_text, pr_text
from i18n.people import People
from render import Scene, render_board, render_mistake
from render.trend import render_pr_trend
from storage import analysis, boards, games, hints
from storage.analysis import FigureRow, Waiter
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import Game as Row

log = logging.getLogger(__name__)
T = TypeVar("T")
MISTAKES = 3  # the asking player's worst mistakes shown
ME_MATCHES = 5  # /me lists the PR of the player's last matches
TREND_MATCHES = 20  # and draws the last this many
DELIVERY_TRIES = 5  # sending an answer Telegram keeps refusing (each after its wait)
Answer = Callable[[str | None, bool], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]


def analysis_button(t: Translator, game_id: int, number: int) -> InlineKeyboardButton:
    """The button under a result message."""
    return InlineKeyboardButton(text=t("btn-analysis"),
                                callback_data=AnalysisCb(game=game_id, n=number).pack())


class AnalysisService:
    """The Analysis button in the chat: `core.analysis.AnalysisNews` for Telegram."""

    def __init__(self, bot: Bot, db: Database, people: People, jobs: AnalysisJobs, *,
                 clock: Callable[[], datetime], sleep: Sleep = asyncio.sleep) -> None:
        self.bot, self.db, self.people, self.jobs = bot, db, people, jobs
        self.clock, self.sleep = clock, sleep  # sleep: waiting before an answer's next try
        self._deliveries: set[asyncio.Task[None]] = set()  # answers being sent

    # -- a press ------------------------------------------------------------------------

    async def press(self, player_id: int, chat_id: int, data: AnalysisCb,
                    answer: Answer) -> None:
        t = await self.people.translator(player_id)
        try:
            row = await games.load_game(self.db, data.game)
        except GameNotFound:  # a made-up game id: the same refusal
            row = None
        if row is None or player_id not in row.players:
            await answer(t("analysis-not-yours"), True)
            return
        if await self.jobs.history(row, data.n) is None:
            await answer(t("analysis-not-over"), True)
            return
        key = (row.id, data.n)
        if await analysis.status(self.db, *key) == "done":
            await answer(None, False)
            await self._send_answer(row, data.n, player_id, chat_id, None)
            return
        if await analysis.waiting(self.db, *key, player_id=player_id, chat_id=chat_id):
            await answer(t("analysis-already"), False)
            return
        await answer(None, False)
        t = await self._reader(player_id, chat_id, row)  # the alerts were the presser's
        message = await send_text(self.bot, chat_id, t("analysis-queued"))
        if message is None:
            return
        await self.jobs.ensure(row.id, data.n)
        waiter = Waiter(row.id, data.n, player_id, chat_id, message)
        await analysis.add_waiter(self.db, waiter, self.clock())
        if await analysis.status(self.db, *key) == "done":  # finished meanwhile
            await self._serve(row, waiter)

    async def resume(self) -> None:
        """Answer whoever a stopped process left waiting for a finished job: at start-up
        and on the timer's beat."""
        for waiter in await analysis.stranded(self.db):
            if not self.jobs.running(waiter.game_id, waiter.game_number):
                await self._serve(await games.load_game(self.db, waiter.game_id), waiter)

    async def drain(self) -> None:
        """Wait for the jobs running in this process and the answers being sent (tests, a
        graceful stop)."""
        while self.jobs.active() or self._deliveries:
            await self.jobs.drain()
            await asyncio.gather(*self._deliveries, return_exceptions=True)

    async def stop(self) -> None:
        """Stop sending answers (the jobs are the core's: `AnalysisJobs.stop`)."""
        deliveries = list(self._deliveries)
        for task in deliveries:
            task.cancel()
        await asyncio.gather(*deliveries, return_exceptions=True)

    # -- what becomes of a job (`core.analysis.AnalysisNews`) ----------------------------

    async def progress(self, game_id: int, number: int, done: int, total: int) -> None:
        for waiter in await analysis.waiting(self.db, game_id, number):
            t = await self._reader(waiter.player_id, waiter.chat_id)
            await edit_text(self.bot, waiter.chat_id, waiter.message_id,
                            t("analysis-progress", done=done, total=total))

    async def done(self, row: Row, number: int) -> None:
        for waiter in await analysis.waiting(self.db, row.id, number):
            await self._serve(row, waiter)

    async def failed(self, game_id: int, number: int) -> None:
        """Tell the waiters (the core forgets the job, so that a new press starts it
        afresh)."""
        for waiter in await analysis.waiting(self.db, game_id, number):
            if await analysis.remove_waiter(self.db, waiter):
                t = await self._reader(waiter.player_id, waiter.chat_id)
                await edit_text(self.bot, waiter.chat_id, waiter.message_id,
                                t("analysis-failed"))

    # -- a finished match analysed unasked (`core.reviews.ReviewNews`) --------------------

    async def reviewed(self, row: Row, skills: dict[int, Skill]) -> None:
        """Both players' PR and luck over the match, where its result went: the group of a
        group game, else each player's private chat (a chat that cannot be reached is
        skipped)."""
        shared = [m.chat_id for m in await boards.board_messages(self.db, row.id)
                  if m.player_id is None]
        for chat in shared or [p for p in row.players if p is not None]:
            t = await (self.people.chat_translator(chat, row) if shared
                       else self.people.translator(chat))
            names = await self.people.names(row, t)
            await send_text(self.bot, chat, review_text(t, row, names, skills))

    async def _serve(self, row: Row, waiter: Waiter) -> None:
        """Turn a waiter's progress message into the answer (exactly once: whoever removes
        the waiter serves it)."""
        if await analysis.remove_waiter(self.db, waiter):
            await self._send_answer(row, waiter.game_number, waiter.player_id, waiter.chat_id,
                                    waiter.message_id)

    # -- the answer ---------------------------------------------------------------------

    async def _reader(self, player_id: int, chat_id: int, row: Row | None = None
                      ) -> Translator:
        """The language of what is posted in `chat_id`: the asking player's in their own
        chat, the group's in a group (its replies never follow whoever pressed)."""
        if chat_id == player_id:
            return await self.people.translator(player_id)
        return await self.people.chat_translator(chat_id, row)

    async def _send_answer(self, row: Row, number: int, player_id: int, chat_id: int,
                           message_id: int | None) -> None:
        t = await self._reader(player_id, chat_id, row)
        names = await self.people.names(row, t)
        seat = row.seat_of(player_id)
        assert seat is not None
        figures = await analysis.figures(self.db, row.id, number)
        engine = await analysis.engine_of(self.db, row.id, number)
        mine = [stored_decision(d) for d in
                await analysis.decisions(self.db, row.id, number, seat=seat)]
        worst = review.worst(mine, seat, MISTAKES)
        so_far = ({seat: match_skill(m) for seat, m in
                   (await analysis.match_figures(self.db, row.id)).items()}
                  if row.match_length > 1 else {})
        text = summary_text(t, row, number, names, figures, engine, bool(worst), so_far,
                            await hints.used(self.db, row.id, number),
                            None if chat_id == player_id else names[seat])
        pictures = []
        if worst:
            found = await self.jobs.history(row, number)
            match = found[1] if found else MatchState(row.match_length)
            for decision in worst:
                photo = await asyncio.to_thread(_picture, decision, row, match, names, t)
                pictures.append(Board(photo, mistake_caption(t, decision, row.variant), None))
        sent, wait = await self._send_parts(chat_id, message_id, text, pictures, 0)
        if wait is not None:  # later, in a task of its own with Telegram's usual allowance
            task = asyncio.create_task(
                self._later(chat_id, message_id, text, pictures, sent, wait),
                context=contextvars.Context())
            self._deliveries.add(task)
            task.add_done_callback(self._deliveries.discard)

    async def _send_parts(self, chat_id: int, message_id: int | None, text: str,
                          pictures: list[Board], sent: int) -> tuple[int, float | None]:
        """Send the summary (into the progress message when there is one), then the
        pictures, from part `sent` on: (parts sent, None), or (parts sent, the seconds to
        wait) when Telegram refused one for now."""
        try:
            if sent == 0:
                if message_id is None or await edit_text(
                        self.bot, chat_id, message_id, text) is None:
                    await send_text(self.bot, chat_id, text, strict=True)
                sent = 1
            while sent <= len(pictures):
                await send_board(self.bot, chat_id, pictures[sent - 1])
                sent += 1
        except TelegramRetryAfter as exc:
            return sent, float(exc.retry_after)
        except FAULTS:
            return sent, LATER
        return sent, None

    async def _later(self, chat_id: int, message_id: int | None, text: str,
                     pictures: list[Board], sent: int, wait: float) -> None:
        for _ in range(DELIVERY_TRIES):
            log.info("the analysis answer to chat %s goes on in %.0f s", chat_id, wait)
            await self.sleep(wait)
            sent, again = await self._send_parts(chat_id, message_id, text, pictures, sent)
            if again is None:
                return
            wait = again
        log.warning("the analysis answer to chat %s given up: Telegram kept failing", chat_id)


# -- texts and pictures ----------------------------------------------------------------------


async def me_line(db: Database, player_id: int, t: Translator) -> str | None:
    """/me's line: the player's average error rate over their analysed games (None before
    the first)."""
    rate, count = await analysis.average_error_rate(db, player_id)
    return t("me-analysis", rate=_rate(t, rate), games=count) if count else None


async def me_pr(db: Database, player_id: int, t: Translator
                ) -> tuple[str | None, bytes | None]:
    """/me's PR line (the last `ME_MATCHES` matches with an analysed game; "—" for one too
    short to judge) and the trend picture of the last `TREND_MATCHES` PRs (None with fewer
    than two); (None, None) before the first analysis."""
    matches = [match_skill(m) for m in await analysis.player_matches(
        db, player_id, limit=TREND_MATCHES)]
    if not matches:
        return None, None
    shown = [pr_text(t, m.pr) if m.pr is not None else "—" for m in matches[-ME_MATCHES:]]
    line = t("me-pr", list=" · ".join(shown))
    values = [m.pr for m in matches if m.pr is not None]
    trend = await asyncio.to_thread(render_pr_trend, values) if len(values) > 1 else None
    return line, trend


def skill_lines(t: Translator, s: Skill) -> list[str]:
    """A player's PR line, and their luck line when the rolls were judged."""
    lines = [t("analysis-pr", pr=pr_text(t, s.pr)) if s.pr is not None
             else t("analysis-pr-short", count=s.decisions, least=MIN_DECISIONS)]
    if s.luck is not None:
        lines.append(t("analysis-luck", luck=points_text(t, s.luck),
                       result=t.decimal(s.result, "+0;−0"),
                       adjusted=points_text(t, s.adjusted)))
    return lines


def review_text(t: Translator, row: Row, names: tuple[str, str],
                skills: Mapping[int, Skill]) -> str:
    """The message after a match: each player's PR and luck over it (or that it was too
    short to judge)."""
    lines = [t("review-title", variant=t(f"variant-{row.variant}"))]
    for seat, s in sorted(skills.items()):
        lines.append(t("analysis-match-player", name=names[seat], pr=pr_text(t, s.pr),
                       luck=points_text(t, s.luck)) if s.pr is not None else
                     t("review-player-short", name=names[seat], count=s.decisions,
                       least=MIN_DECISIONS, luck=points_text(t, s.luck)))
    lines.append(t("review-more"))
    return "\n".join(lines)


def _rate(t: Translator, value: float) -> str:
    return t.decimal(value, "0.0")


def _equity(t: Translator, value: float) -> str:
    return t.decimal(value, "+0.000;−0.000")


def summary_text(t: Translator, row: Row, number: int, names: tuple[str, str],
                 figures: list[FigureRow], engine: str, has_mistakes: bool,
                 match: Mapping[int, Skill] | None = None,
                 hints: Mapping[int, int] | None = None, whose: str | None = None) -> str:
    """Both players' figures, PR and luck (and the hints each used, `hints` by seat), and
    in a longer match both players' PR and luck over its analysed games so far (the asking
    player reads them in their language). `whose`: the asking player's name when the
    answer goes to a group, where "your mistakes" would not say whose."""
    title = (t("analysis-title-match", variant=t(f"variant-{row.variant}"), number=number)
             if row.match_length > 1 else t("analysis-title", variant=t(f"variant-{row.variant}")))
    ply = engine.rpartition("-")[2].removesuffix("ply") or "2"
    lines = [title, t("analysis-engine-bgsage" if engine.startswith("bgsage")
                      else "analysis-engine-network", ply=ply), ""]
    skills = game_skills(figures)
    for f in figures:
        lines.append(t("analysis-player", name=names[f.seat],
                       rate=_rate(t, review.error_rate(f.total_loss, f.decisions)),
                       count=f.decisions))
        lines.append(t("analysis-grades", inaccuracies=f.inaccuracies, errors=f.errors,
                       blunders=f.blunders))
        if hints and hints.get(f.seat):
            lines.append(t("analysis-hints", count=hints[f.seat]))
        if row.cube and not (f.missed_doubles + f.wrong_doubles + f.wrong_takes
                             + f.wrong_drops):
            lines.append(t("analysis-cube-none"))
        elif row.cube:
            lines.append(t("analysis-cube", missed=f.missed_doubles, doubles=f.wrong_doubles,
                           takes=f.wrong_takes, drops=f.wrong_drops))
        if f.seat in skills:
            lines += skill_lines(t, skills[f.seat])
    if match:
        games = max(m.games for m in match.values())
        lines += ["", t("analysis-match", games=games)]
        lines += [t("analysis-match-player", name=names[seat], pr=pr_text(t, s.pr),
                    luck=points_text(t, s.luck)) for seat, s in sorted(match.items())]
    lines += ["", t("analysis-explain"), t("analysis-pr-explain", least=MIN_DECISIONS),
              t("analysis-worst" if has_mistakes else "analysis-no-mistakes") if whose is None
              else t("analysis-worst-of" if has_mistakes else "analysis-no-mistakes-of",
                     name=whose)]
    return "\n".join(lines)


GRADES = {"inaccuracy": "analysis-grade-inaccuracy", "error": "analysis-grade-error",
          "blunder": "analysis-grade-blunder"}
ACTIONS = {"no_double": "analysis-action-no-double", "double": "analysis-action-double",
           "take": "analysis-action-take", "drop": "analysis-action-drop"}


def _action(t: Translator, action: str) -> str:
    return t(ACTIONS[action])


def mistake_caption(t: Translator, d: Decision, variant: str) -> str:
    """Dice, the move played and its equity, the best and its equity, the equity lost, and
    in short nard the position's GNU Backgammon Position ID."""
    grade = t(GRADES[d.grade or "inaccuracy"])
    if d.kind == CHECKER:
        assert d.dice is not None
        d1, d2 = thrown(d.dice)  # the larger first, as every text writes a roll
        lines = [t("mistake-title", turn=d.turn, d1=d1, d2=d2, grade=grade),
                 t("mistake-played", move=local_notation(t, d.played),
                   equity=_equity(t, d.played_equity)),
                 t("mistake-best", move=local_notation(t, d.best),
                   equity=_equity(t, d.best_equity))]
    else:
        lines = [t("mistake-title-cube", turn=d.turn, grade=grade),
                 t("mistake-played", move=_action(t, d.played), equity=_equity(t, d.played_equity)),
                 t("mistake-best", move=_action(t, d.best), equity=_equity(t, d.best_equity))]
    lines.append(t("mistake-lost", equity=t.decimal(d.loss, "0.000")))
    if variant == Variant.SHORT.value:
        # The doubler's position is the one on roll; for a take that is the opponent's.
        on_roll = d.position if d.kind != "take" else d.position.swapped()
        lines.append(t("mistake-position-id", pid=position_id(on_roll)))
    return "\n".join(lines)


def _picture(d: Decision, row: Row, match: MatchState, names: tuple[str, str],
             t: Translator) -> bytes:
    """The position before the decision as its player saw it: a checker mistake with the
    played and the best move drawn, a cube mistake as the board with its cube."""
    seat = d.seat
    cube: Any = None
    if row.cube:
        owner = ("center" if d.cube_owner is None
                 else "viewer" if d.cube_owner == seat else "opponent")
        if d.kind == "take":
            cube = (d.cube_value * 2, "viewer", "offered")
        elif match.crawford:
            cube = (1, "center", "crawford")
        else:
            cube = (d.cube_value, owner)
    score = ((match.score[seat], match.score[1 - seat], match.length) if match.length > 1
             else None)
    scene = Scene(position=d.position, viewer_color="white" if seat == 0 else "black",
                  viewer_to_move=True, dice=d.dice if d.kind == CHECKER else None,
                  names=(names[seat], names[1 - seat]), score=score, cube=cube)
    if d.kind == CHECKER:
        return render_mistake(scene, played=d.played, best=d.best,
                              notation=partial(local_notation, t))
    return render_board(scene)

