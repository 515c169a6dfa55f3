"""The game core: a game's life, without Telegram.

Starting games (against the computer, from challenges, from matchmaking), dealing their fair
dice, applying a player's actions under the game's lock with the version check, the
computer's turns, the turn clock and timeouts, results through the outbox. Every committed
change is announced to the subscribers (`core.events`): the Telegram door redraws its board
messages, the web door pushes the new state to open pages. The core speaks in facts and
reasons (`core.actions.Refusal`, `core.events.What`), never in sentences, and imports
`engine`, `ai` and `storage` only (docs/architecture.md).
"""
