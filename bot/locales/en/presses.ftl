## /resign
resign-ask = 🏳 Resign this game? You lose { $points ->
    [one] 1 point
   *[other] { $points } points
}: { $kind }.
resign-ends-match = That ends the match: you lose it.
resign-match-goes-on = The match goes on with its next game.
resign-cancelled = Play on!
resign-changed = The game has moved on: here is what resigning costs now.
resign-done = You resigned.

## /new while playing
new-busy = You are already playing { $variant } against { $name }. Finish that game or /resign first.
btn-show-game = 🎲 Show the game
