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
new-level-pr = { $level } — plays like PR { $pr }
new-level-pr-explain = PR: the equity a player loses per decision × 500, lower is stronger (world class under 5, beginners 25 and more).
new-level-at-judge = { $level } — plays as our analysis does (PR { $pr }: the analysis cannot see its errors)
