"""What the Telegram door does for the web board: after a game the page's Play again,
Analysis and Replay go through the chat services (a rematch with a person is a challenge
in the chat; the analysis and the replay are sent to the player's chat with the bot)."""

from __future__ import annotations

from bot.services.afterplay import Afterplay
from bot.services.analysis import AnalysisService
from bot.services.challenges import ChallengeService
from bot.views.callbacks import AnalysisCb
from i18n.people import People
from storage import games
from storage.db import Database


async def _unanswered(text: str | None, alert: bool) -> None:
    """A chat service's answer to a button press: the page shows its own."""


class ChatHooks:
    def __init__(self, db: Database, people: People, challenges: ChallengeService,
                 analysis: AnalysisService, afterplay: Afterplay) -> None:
        self.db, self.people, self.challenges = db, people, challenges
        self.analysis, self.afterplay = analysis, afterplay

    async def rematch(self, user_id: int, game_id: int) -> None:
        await self.challenges.rematch(user_id, game_id, _unanswered)

    async def analyse(self, user_id: int, game_id: int, number: int) -> None:
        await self.analysis.press(user_id, user_id, AnalysisCb(game=game_id, n=number),
                                  _unanswered)

    async def replay(self, user_id: int, game_id: int, number: int) -> None:
        row = await games.load_game(self.db, game_id)
        seat = row.seat_of(user_id)
        if seat is not None:
            t = await self.people.translator(user_id)
            await self.afterplay.send_replay(user_id, row, number, seat, t)
