"""The question /resign and the board's 🏳 ask: what resigning costs as the position stands."""

from __future__ import annotations

from core.resigning import resign_cost
from engine.game import Game
from i18n import Translator


def resign_question(t: Translator, game: Game, seat: int, names: tuple[str, str]) -> str:
    """"Resign this game? You lose 2 points: mars" (and, in a match, the score it would
    become and whether that ends the match), as the position stands: what /resign and the
    board's 🏳 both ask. `names` are the seats' names, as the reader sees them."""
    result, match = resign_cost(game, seat)
    plain = result.kind.value == "plain"  # "You lose 1 point"; else "…: mars"
    lines = [t("resign-ask-plain" if plain else "resign-ask", points=result.points,
               kind=t(f"kind-{result.kind.value}"))]
    if match.length > 1:  # the score resigning would make, not the score now
        lines.append(t("resign-score-after", length=match.length, a=names[seat],
                       me=match.score[seat], them=match.score[1 - seat], b=names[1 - seat]))
        lines.append(t("resign-ends-match") if match.winner is not None
                     else t("resign-match-goes-on"))
    return "\n".join(lines)
