"""What resigning costs now, charged exactly as the game service will charge it."""

from __future__ import annotations

from core import computer
from engine.game import Game, GameResult, MatchState
from i18n import Translator


def resign_cost(game: Game, seat: int) -> tuple[GameResult, MatchState]:
    """The result `seat` would get by resigning now, and the match state after it.

    A copy of the game resigns with the same estimate `GameService` passes to
    `Game.resign` (the position as it stands), so the prompt says what the button does.
    """
    copy = Game.from_dict(game.to_dict())
    result = copy.resign(seat, computer.expected_loss)
    return result, copy.match.after(result)


def resign_question(t: Translator, game: Game, seat: int) -> str:
    """"Resign this game? You lose 2 points: mars" (and, in a match, the score and whether
    that ends it), as the position stands: what /resign and the board's 🏳 both ask."""
    result, match = resign_cost(game, seat)
    plain = result.kind.value == "plain"  # "You lose 1 point"; else "…: mars"
    lines = [t("resign-ask-plain" if plain else "resign-ask", points=result.points,
               kind=t(f"kind-{result.kind.value}"))]
    if match.length > 1:
        lines.append(t("match-score", length=match.length, me=match.score[seat],
                       them=match.score[1 - seat]))
        lines.append(t("resign-ends-match") if match.winner is not None
                     else t("resign-match-goes-on"))
    return "\n".join(lines)
