## The web board (a Telegram Mini App)
web-title = Nard
web-lobby = Nard
web-no-game = You have no game in progress.
web-open = Open
web-watching = 👀 Watching
web-you = You
web-pips = Pips
web-level = Level
web-length = Match to
web-start = ▶ Start
web-searching = 🔎 Looking for an opponent… You will get a message in the chat when one is found.
web-won = 🏆 You won
web-lost = You lost
web-match-won = 🏆 You won the match!
web-match-lost = You lost the match.
web-sent-to-chat = Sent to your chat with the bot.
web-stale = The game moved on: this is the board as it is now.
web-offline = No connection. Trying again…
web-reconnecting = Reconnecting…
web-close-confirm = Leave the game? It goes on without you, and your clock keeps running.
web-busy = You are in a game already.
web-back = ← Back
web-time-left = ⏱ Your time is running out.
web-double-offered = A double is offered: take or drop?
web-your-turn = Your turn
web-drag-hint = Drag a checker to a highlighted point, or tap the checker, then the point.
web-not-found = There is no such game.
web-signin-failed = Could not sign you in. Close the board and open it again from the chat with the bot.
web-unavailable = The bot cannot reach its database right now. Try again in a moment.
web-saved-unavailable = Saved. The board will show it once the bot reaches its database again.
web-status-over = The game is over.
web-status-waiting = { $name } is playing…
web-status-roll = Your turn: roll, or double.
web-status-doubled = You are offered a double: take or drop?
web-status-roll-only = Your turn: roll.
web-status-done = Press Done to end your turn.
web-status-move-more = Your move: { $count ->
    [one] one more checker to move.
   *[other] { $count } more checkers to move.
    }
web-moves = Moves
web-full-moves = Whole moves:
btn-web-board = 🎯 Open board
btn-web-lobby = 🎲 Play
web-skill-title = 📊 PR and luck ({ $games ->
    [one] { $games } analysed game
   *[other] { $games } analysed games
    })
web-skill-player = { $name }: PR { $pr } · luck { $luck } · luck-adjusted { $adjusted }
## Time controls on the web board
web-time-control = Time
web-control-unknown = This time control is not offered here. Choose one from the list.
web-control-not-for-computer = Correspondence is for games with people: to play the computer, choose a control for a live game.
web-clock-warning = ⏱ Less than { $seconds } seconds left!
web-clock-delay = delay
web-clock-bank = bank
web-deadline = Move by { $when }
web-my-games = Your games
web-turn-yours = Your turn
web-turn-theirs = Their turn
