"""After a game asked for from another door (the web board's Play again, Analysis and
Replay, through `core.aftergame.AfterGame`): the Telegram door sends it into the player's
chat, as its own buttons would (a rematch with a person is a challenge in the chat; the
analysis and the replay are sent to the player's chat with the bot).
`core.aftergame.AfterGameNews` for Telegram."""

from __future__ import annotations

from bot.services.afterplay import Afterplay
from bot.services.analysis import AnalysisService
from bot.services.challenges import ChallengeService
from bot.views.callbacks import AnalysisCb
from i18n.people import People
from storage import games
from storage.db import Database


async def _unanswered(text: str | None, alert: bool) -> None:
    """The answer a chat button would get: the asking door shows its own."""


class SentToChat:
    def __init__(self, db: Database, people: People, challenges: ChallengeService,
                 analysis: AnalysisService, afterplay: Afterplay) -> None:
        self.db, self.people, self.challenges = db, people, challenges
        self.analysis_service, self.afterplay = analysis, afterplay

    async def rematch(self, player_id: int, game_id: int) -> None:
        await self.challenges.rematch(player_id, game_id, _unanswered)

    async def analysis(self, player_id: int, game_id: int, number: int) -> None:
        await self.analysis_service.press(player_id, player_id,
                                          AnalysisCb(game=game_id, n=number), _unanswered)

    async def replay(self, player_id: int, game_id: int, number: int) -> None:
        row = await games.load_game(self.db, game_id)
        seat = row.seat_of(player_id)
        if seat is not None:
            t = await self.people.translator(player_id)
            await self.afterplay.send_replay(player_id, row, number, seat, t)
