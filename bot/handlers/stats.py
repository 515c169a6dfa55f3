"""/top (daily, weekly and all-time leaderboards) and /me (statistics and rating chart)."""

from __future__ import annotations

import asyncio

from aiogram import Bot, Router
from aiogram.filters import Command
from aiogram.types import (
    BufferedInputFile,
    CallbackQuery,
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
)
from aiogram.utils.deep_linking import create_start_link

from bot.plumbing.telegram_io import (
    GROUPS,
    UNREACHABLE,
    answer,
    bot_of,
    show,
    uploading_photo,
)
from bot.services import Services
from bot.services.analysis import me_line, me_pr
from bot.views.callbacks import TopCb
from bot.views.fairness import stats_line
from engine.position import VARIANTS, Variant
from engine.result import KIND_POINTS, ResultKind
from i18n import Translator
from i18n.figures import pr_text, rating_delta_text
from render.chart import ChartLabels, render_rating_chart
from storage import analysis, leaderboard, matchmaking, stats, tournaments
from storage.models import (
    CORRESPONDENCE,
    LIVE,
    POOLS,
    Leaderboard,
    Player,
    PrBoard,
    PrStanding,
    Standing,
)

PERIODS = ("day", "week", "all", "pr")  # pr: the week's best PR (both pools)
ME_START = "me"  # the start link /me in a group offers: the statistics in private


async def board_of(services: Services, data: TopCb, player_id: int,
                   chat_id: int | None) -> Leaderboard:
    """The leaderboard asked for; in a group (`chat_id`) only the group's players."""
    zone = services.settings.timezone
    today = leaderboard.local_date(services.clock(), zone)
    if data.period == "day":
        return await leaderboard.daily_leaderboard(services.db, data.variant, today, zone,
                                                   player_id=player_id, chat_id=chat_id,
                                                   pool=data.pool)
    if data.period == "week":
        return await leaderboard.weekly_leaderboard(services.db, data.variant, today, zone,
                                                    player_id=player_id, chat_id=chat_id,
                                                    pool=data.pool)
    return await leaderboard.alltime_leaderboard(services.db, data.variant,
                                                 player_id=player_id, chat_id=chat_id,
                                                 pool=data.pool)


def _group_of(chat: Chat | None) -> int | None:
    return chat.id if chat is not None and chat.type in GROUPS else None


async def activity(services: Services, variant: str, t: Translator,
                   chat_id: int | None = None) -> str:
    """Who is playing right now: players searching for an opponent, rated games today (in
    a group, `chat_id`, the games of the group's players, those its board ranks)."""
    zone = services.settings.timezone
    today = leaderboard.local_date(services.clock(), zone)
    searching = (await matchmaking.searching(services.db))[variant]
    played = await leaderboard.rated_games_played(services.db, variant, today, zone,
                                                  chat_id=chat_id)
    return t("top-activity" if chat_id is None else "top-activity-group",
             searching=searching, games=played)


async def top_message(services: Services, data: TopCb, t: Translator, player_id: int,
                      chat_id: int | None) -> str:
    """The board asked for, with who is playing now below it."""
    footer = await activity(services, data.variant, t, chat_id)
    if data.period == "pr":
        zone = services.settings.timezone
        board = await leaderboard.pr_leaderboard(
            services.db, data.variant, leaderboard.local_date(services.clock(), zone), zone,
            player_id=player_id, chat_id=chat_id)
        return pr_top_text(board, data, t, player_id, footer)
    return top_text(await board_of(services, data, player_id, chat_id), data, t, player_id,
                    footer)


def pr_top_text(board: PrBoard, data: TopCb, t: Translator, player_id: int,
                footer: str | None = None) -> str:
    """The week's best PR: lowest first, each with their decisions; the asking player's
    line, or how many decisions they still lack."""
    lines = [t("top-title-pr", variant=t(f"variant-{data.variant}")),
             t("top-pr-rule", least=board.least)]
    if not board.top:
        lines.append(t("top-pr-empty"))

    def line(s: PrStanding) -> str:
        mark = " ◀" if s.player_id == player_id else ""
        return t("top-pr-line", rank=s.rank, name=s.name, pr=pr_text(t, s.pr),
                 count=s.decisions) + mark

    lines.extend(line(s) for s in board.top)
    if board.me is not None and board.me not in board.top:
        lines += ["…", line(board.me)]
    elif board.me is None:
        lines.append(t("top-pr-mine", count=board.my_decisions, least=board.least))
    if footer:
        lines.extend(("", footer))
    return "\n".join(lines)


def top_text(board: Leaderboard, data: TopCb, t: Translator, player_id: int,
             footer: str | None = None) -> str:
    lines = [t("top-title" if data.pool == LIVE else "top-title-corr",
               variant=t(f"variant-{data.variant}"), period=t(f"top-period-{data.period}"))]
    if not board.top:
        lines.append(t("top-empty"))

    def line(standing: Standing) -> str:
        value = (str(standing.value) if data.period == "all"
                 else rating_delta_text(t, standing.value))
        mark = " ◀" if standing.player_id == player_id else ""
        return t("top-line", rank=standing.rank, name=standing.name, value=value) + mark

    lines.extend(line(s) for s in board.top)
    if board.me is not None and board.me not in board.top:
        lines.append("…")
        lines.append(line(board.me))
    if footer:
        lines.extend(("", footer))
    return "\n".join(lines)


def top_keyboard(data: TopCb, t: Translator) -> InlineKeyboardMarkup:
    def button(text: str, variant: str, period: str, pool: str) -> InlineKeyboardButton:
        chosen = (variant, period, pool) == (data.variant, data.period, data.pool)
        choice = TopCb.model_validate(  # checks all three
            {"variant": variant, "period": period, "pool": pool})
        return InlineKeyboardButton(text=("• " if chosen else "") + text,
                                    callback_data=choice.pack())

    pool_words = {LIVE: "btn-top-live", CORRESPONDENCE: "btn-top-corr"}
    rows = [[button(t(f"variant-{v}"), v, data.period, data.pool) for v in VARIANTS],
            [button(t(f"top-period-{p}"), data.variant, p, data.pool) for p in PERIODS]]
    if data.period != "pr":  # the PR board counts the games of both ratings
        rows.append([button(t(pool_words[p]), data.variant, data.period, p) for p in POOLS])
    return InlineKeyboardMarkup(inline_keyboard=rows)


async def top(message: Message, player: Player, t: Translator, services: Services) -> None:
    data = TopCb()
    text = await top_message(services, data, t, player.id, _group_of(message.chat))
    await message.answer(text, reply_markup=top_keyboard(data, t))


async def switch_top(query: CallbackQuery, callback_data: TopCb, player: Player, t: Translator,
                     services: Services) -> None:
    await answer(query)
    chat = query.message.chat if query.message is not None else None
    group = _group_of(chat)
    if group is not None:  # the group's message stays in the group's language
        t = await services.people.chat_translator(group)
    text = await top_message(services, callback_data, t, player.id, group)
    await show(query, text, top_keyboard(callback_data, t))


async def me(message: Message, player: Player, t: Translator, own_t: Translator,
             services: Services) -> None:
    """The player's statistics and rating chart: in a group, sent to their private chat
    (with a short note in the group, in its language), since they are no one else's."""
    bot = bot_of(message)
    if message.chat.type not in GROUPS:
        await send_me(bot, message.chat.id, player, t, services)
        return
    try:
        await send_me(bot, player.id, player, own_t, services)
    except UNREACHABLE:  # the player never opened the private chat: a bot cannot start it
        link = await create_start_link(bot, ME_START)
        await message.reply(t("me-open-private"), reply_markup=InlineKeyboardMarkup(
            inline_keyboard=[[InlineKeyboardButton(text=t("btn-open-bot"), url=link)]]))
        return
    await message.reply(t("me-sent-privately"))


async def send_me(bot: Bot, chat_id: int, player: Player, t: Translator,
                  services: Services) -> None:
    """/me's statistics and chart, sent to `chat_id`."""
    # The first chart takes about 1.5 s: "sending a photo…" shows meanwhile.
    async with uploading_photo(bot, chat_id):
        text, chart, trend = await me_report(player, t, services)
    if chart is None:
        await bot.send_message(chat_id, text)
    else:
        await bot.send_photo(chat_id, BufferedInputFile(chart, "rating.png"),
                             caption=text[:1024])
    if trend is not None:  # the PR of the last matches: numbers only, no caption
        await bot.send_photo(chat_id, BufferedInputFile(trend, "pr.png"))


async def me_report(player: Player, t: Translator, services: Services
                    ) -> tuple[str, bytes | None, bytes | None]:
    """/me's text, its rating chart (None before the first rated game) and the PR trend
    of the last matches (None before two matches with a PR)."""
    lines = [t("me-title", name=player.name)]
    histories = {}
    for variant in VARIANTS:
        s = await stats.player_stats(services.db, player.id, variant)
        block = [t("me-stats", variant=t(f"variant-{variant}"), rating=str(s.rating),
                   games=s.games, wins=s.wins, losses=s.losses,
                   mars_given=s.marses_given, mars_taken=s.marses_taken)]
        if ResultKind.KOKS in KIND_POINTS[Variant(variant)]:  # long nard has no koks
            block.append(t("me-koks", koks_given=s.koks_given, koks_taken=s.koks_taken))
        block.append(t("me-streak", best_streak=s.best_streak))
        rating, rated = await stats.correspondence_rating(services.db, player.id, variant)
        block.append(t("me-corr", rating=str(rating), games=rated))
        lines.append("\n".join(block))
        histories[variant] = await stats.rating_history(services.db, player.id, variant)
    analysed = await me_line(services.db, player.id, t)
    pr_line, trend = await me_pr(services.db, player.id, t)
    if analysed or pr_line:
        lines.append("\n".join(filter(None, (analysed, pr_line))))
    played, won = await tournaments.player_record(services.db, player.id)
    if played:
        lines.append(t("me-tournaments", count=played, won=won))
    lines.append(stats_line(t, await services.fairness.stats(player.id)))  # the dice, all games
    text = "\n\n".join(lines)
    variant = max(VARIANTS, key=lambda v: len(histories[v]))
    events = histories[variant]
    if not events:
        return text + "\n\n" + t("me-no-rated"), None, trend
    start = events[0].rating_after - events[0].delta
    rates = [p.error_rate for p in await analysis.error_rates(services.db, player.id)]
    chart = await asyncio.to_thread(render_rating_chart, [e.rating_after for e in events],
                                    start=start, title=f"{player.name} · {t(f'variant-{variant}')}",
                                    error_rates=rates, labels=ChartLabels(
                                        t("chart-rating"), t("chart-games"),
                                        t("chart-errors"), t("chart-analysed")))
    return text, chart, trend


def make_router() -> Router:
    router = Router(name="stats")
    router.message.register(top, Command("top"))
    router.callback_query.register(switch_top, TopCb.filter())
    router.message.register(me, Command("me"))
    return router

