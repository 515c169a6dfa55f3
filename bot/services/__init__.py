"""The Telegram door's services: what the bot says and shows, and how it keeps its
messages in step with the game core's games. Game state lives in `core`; Telegram I/O
plumbing in `bot.plumbing`; words and buttons in `bot.views`.

`Services` is everything a handler may ask for, as one typed object (the Dispatcher's
`services` key): handlers parse, call one method, answer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.config import Settings
    from bot.plumbing.once import Once
    from bot.plumbing.pacing import Coalescer
    from bot.services.afterplay import Afterplay
    from bot.services.analysis import AnalysisService
    from bot.services.boarding import Boarding
    from bot.services.boards import BoardPublisher
    from bot.services.challenges import ChallengeService
    from bot.services.correspondence import Correspondence
    from bot.services.hints import HintService
    from bot.services.presses import Presses
    from bot.services.results import ResultMessages
    from bot.services.tournaments import TournamentDoor
    from core.fairness import Fairness
    from core.games import GameService
    from core.locks import KeyedLocks
    from core.matchmaking import Matchmaking
    from core.people import Players
    from core.settings import PlayerSettings
    from core.timecontrol import Offer
    from i18n.people import People
    from storage.db import Database


@dataclass(frozen=True)
class Services:
    settings: Settings
    db: Database
    clock: Callable[[], datetime]
    games: GameService  # the game core: starting games, their state
    presses: Presses  # game buttons, through the core
    boards: BoardPublisher  # board messages
    results: ResultMessages  # result messages and inline cards
    boarding: Boarding  # showing a player their board, games waiting for players
    challenges: ChallengeService  # links, groups, cards, rematches
    matchmaking: Matchmaking  # find an opponent (the core's; its messages are the door's)
    people: People  # names and languages
    player_cache: Players  # the core's people: signed in, rows cached (forget on change)
    player_settings: PlayerSettings
    fairness: Fairness
    analysis: AnalysisService
    afterplay: Afterplay
    pacing: Coalescer  # each chat's pace of messages
    menus: Once  # finished new-game menus (one game per menu)
    starting: KeyedLocks  # one new game at a time per player
    tournaments: TournamentDoor  # tournaments in groups (the core's; their messages)
    controls: Offer  # the time controls this host offers (`Core.controls`)
    correspondence: Correspondence  # turn messages, reminders, /games
    hints: HintService  # the 💡 Hint button (unrated games against the computer)
