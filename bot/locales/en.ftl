# English: the reference locale. Every key here exists in every language.

## Commands (the menu Telegram shows)
cmd-start = Start the bot
cmd-new = New game
cmd-games = Show my current game
cmd-resign = Resign the current game
cmd-rules = Rules of short and long nard
cmd-help = Help
cmd-lang = Change language

## Welcome and help
welcome =
    Welcome to Nard, { $name }!
    Play short nard (backgammon) or long nard against the computer or a friend.
help =
    /new – start a game: short or long nard, against the computer or a friend
    /games – show the board of your current game again
    /top – leaderboards: today, this week, all time
    /me – your statistics and rating chart
    /resign – give up the current game
    /rules – the rules of both games
    /lang – change the language
    Tap a point to choose a checker, then tap where it goes. Undo takes a step back; Done ends your turn.
btn-new-game = 🎲 New game
btn-rules = 📖 Rules
choose-language = Choose your language:
language-set = Language: English

## New game menu
new-variant = Which game?
new-opponent = Who do you want to play?
new-level = How strong should the computer be?
new-length = How long a match?
new-cube = Play with the doubling cube?
btn-short = Short nard
btn-long = Long nard
btn-vs-computer = 🤖 Computer
btn-vs-friend = 👥 A friend
btn-length = { $points ->
    [one] 1 game
   *[other] To { $points } points
}
btn-cube-on = With the cube
btn-cube-off = Without the cube
level-beginner = Beginner
level-casual = Casual
level-intermediate = Intermediate
level-strong = Strong
level-master = Master
computer-name = Computer ({ $level })
busy = You are already playing a game. Finish it or /resign first.
bad-option = That choice is not available. Start again with /new.

## Challenges
challenge-created =
    Send this link to a friend. The first person to open it plays you:
    { $link }
    It stays open for { $hours ->
        [one] 1 hour
       *[other] { $hours } hours
    }.
btn-share = 📨 Share the challenge
btn-cancel = Cancel the challenge
share-text = Play nard with me!
challenge-cancelled = The challenge is cancelled.
challenge-not-found = This challenge link is not valid.
challenge-expired = This challenge has expired. Ask for a new link.
challenge-accepted = Someone has already accepted this challenge.
challenge-cancelled-by-creator = This challenge was cancelled.
challenge-own = This is your own challenge: send the link to a friend.
challenge-busy = One of you is already playing a game. Try again when it is over.
game-started = The game begins: { $variant } against { $name }.
rematch-sent = A new challenge is ready. Your opponent has the link; you can share it too:
    { $link }
rematch-offer = { $name } wants a rematch! Open this link to play: { $link }

## The board caption
variant-short = Short nard
variant-long = Long nard
match-score = Match to { $length }: { $me }–{ $them }
crawford-game = Crawford game: no doubling.
last-move = { $name }: { $move }
last-pass = { $name } could not move.
your-roll = Your turn: roll the dice or double.
your-move = Your move: { $d1 }-{ $d2 }. Choose a checker.
your-move-partial = Your move: { $d1 }-{ $d2 }. So far: { $move }
waiting-for = Waiting for { $name }…
double-answer = Your opponent doubles to { $value }. Take or drop?
double-wait = { $name } doubles to { $value }. Waiting for the answer…
game-over = The game is over.
time-left = ⏱ { $minutes }:{ $seconds } left for this turn
point-bar = bar
point-off = off

## Buttons
btn-roll = 🎲 Roll
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
reason-borne_off = all checkers borne off
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

## Rules
rules-short =
    Short nard (backgammon)
    • 15 checkers each; you move from your 24-point to your 1-point and bear off. The opponent moves the other way.
    • Each die is a separate move; a double is played four times. Use both dice if you can; if only one can be played, play the larger.
    • A point with two or more enemy checkers is closed. Landing on a single enemy checker hits it to the bar.
    • A checker on the bar must enter the opponent's home before anything else moves.
    • Bear off once all 15 are in your home. Win 1 point; mars 2 (the loser bore off nothing); koks 3 (and still has a checker on the bar or in your home).
rules-long =
    Long nard
    • All 15 checkers start on your head (the 24-point); both players move the same way round the board and never hit.
    • You may not land on a point holding any enemy checker.
    • Only one checker may leave the head per turn; on your very first roll 6-6, 4-4 or 3-3 lets two leave.
    • You may not build six points in a row unless an enemy checker is already past them.
    • Bear off once all 15 are in your home. Win 1 point; mars or home mars (the loser bore off nothing) 3 points.

## Leaderboards and statistics
cmd-top = Leaderboards
cmd-me = My statistics and rating
top-title = 🏆 { $variant } · { $period }
top-period-day = Today
top-period-week = This week
top-period-all = All time
top-line = { $rank }. { $name } — { $value }
top-empty = No rated games yet. Play a friend to get on the board!
me-title = 📊 { $name }
me-stats =
    { $variant }: rating { $rating }
    Games { $games } · wins { $wins } · losses { $losses }
    Mars given { $mars_given } · taken { $mars_taken }
    Koks given { $koks_given } · taken { $koks_taken }
    Best winning streak { $best_streak }
me-no-rated = Your rating chart appears after your first rated game against a friend.

## Groups and inline cards
cmd-nard = Play nard in this group
group-challenge = { $name } wants to play { $variant } ({ $points ->
    [one] 1 game
   *[other] to { $points } points
}). Who's in?
group-challenge-taken = { $name } accepted: the game is on!
group-sides = ⚪ { $bottom } (bottom) vs ⚫ { $top } (top)
group-turn = { $name } to move: { $d1 }-{ $d2 }
btn-join = 🎲 Join
lang-admins-only = Only the group's admins can change its language.
card-description = Send a challenge card: the first to accept plays you.
card-text = 🎲 { $name } challenges you to { $variant }! Press Accept to play in a private chat with the bot.
btn-accept = ✅ Accept
card-accepted = Game on! Your board is in your private chat with the bot.
card-playing = 🎲 { $a } vs { $b }: { $variant } is being played.
btn-open-board = Open my board
card-result = 🏆 { $winner } beat { $loser }: { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $kind }).
group-result = 🏆 { $winner } beat { $loser }: { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $kind }, { $reason }).
group-rating = { $name }: rating { $delta } → { $rating }
group-no-board = The bot may not post pictures in this group, so the game is called off. Give it the right to send photos and try again.
