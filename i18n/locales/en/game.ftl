## The board caption
variant-short = Short nard
variant-long = Long nard
match-score = Match to { $length }: { $me }–{ $them }
crawford-game = Crawford game: no doubling.
your-roll = Your turn: roll the dice or double.
your-move = Your move: { $d1 }-{ $d2 }. Choose a checker.
your-move-listed = Your move: { $d1 }-{ $d2 }. Choose a move.
your-move-partial = Your move: { $d1 }-{ $d2 }. So far: { $move }
your-move-pending = Your move: { $move }. It goes in a few seconds; ↶ Undo takes it back.
waiting-for = Waiting for { $name }…
double-answer = { $name } doubles to { $value }. Take or drop?
double-wait = { $name } doubles to { $value }. Waiting for the answer…
game-over = The game is over.
match-over = 🏆 The match is over: { $winner } wins { $won }–{ $lost }.
time-left = ⏱ { $minutes }:{ $seconds } left for this turn
point-bar = bar
point-off = off

## Buttons
btn-roll = 🎲 Roll
btn-roll-always = 🎲 Roll · no doubling this game
btn-double = Double to { $value }
btn-take = ✅ Take
btn-drop = ❌ Drop
btn-back = ← Back
btn-undo = ↶ Undo
btn-done = ✔ Done
btn-resign = 🏳 Resign
btn-resign-yes = Yes, resign
btn-resign-no = No, play on
btn-rematch = 🔁 Play again

## Alerts
alert-not-player = This is not your game.
alert-not-your-turn = It is not your turn.
alert-stale = This board is out of date: use the latest one.
alert-finished = This game is over.
alert-illegal = That move is not possible now.
alert-unavailable = Nothing was saved: the bot could not reach its database. Press again in a moment.
no-game = You have no game in progress. Start one with /new.
timer-warning = ⏱ Hurry: { $seconds ->
    [one] 1 second
   *[other] { $seconds } seconds
} left to move, or you lose on time.

## Results
kind-plain = plain
kind-mars = mars
kind-koks = koks
kind-home_mars = home mars
reason-borne_off = the winner bore off all checkers
reason-resign = resignation
reason-timeout = time ran out
reason-drop = the double was dropped
result-win = 🏆 You won { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $kind }, { $reason }).
result-loss = You lost { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $kind }, { $reason }).
match-won = 🏆 You won the match!
match-lost = You lost the match.
match-next = Game { $number } of the match begins.
rating-change = Rating: { $delta } → { $rating }
rating-pair-limit = Rating unchanged: only { $limit } rated games a day count between the same two players.
btn-hint = 💡 Hint
hint-title = 💡 Best moves for { $d1 }-{ $d2 }:
hint-best = { $rank }. { $move } (equity { $equity })
hint-line = { $rank }. { $move } ({ $equity })
hint-rated = Hints are for unrated games against the computer only.
hint-not-now = A hint is for your own move, once the dice are rolled.
