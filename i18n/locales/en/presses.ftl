## /resign
resign-ask = 🏳 Resign this game? You lose { $points ->
    [one] 1 point
   *[other] { $points } points
}: { $kind }.
resign-ask-plain = 🏳 Resign this game? You lose { $points ->
    [one] 1 point
   *[other] { $points } points
}.
resign-asking = { $name } is thinking of resigning:
resign-score-after = Match to { $length }: the score would become { $a } { $me }–{ $them } { $b }.
resign-ends-match = That ends the match: you lose it.
resign-match-goes-on = The match goes on with its next game.
resign-cancelled = Play on!
resign-changed = The game has moved on: here is what resigning costs now.
resign-done = You resigned.

## /new while playing
new-busy = You are already playing { $variant } against { $name }. Finish that game or /resign first.
btn-show-game = 🎲 Show the game

## Challenges and /nard
challenge-own-posted = This is your own challenge: wait for someone else to accept it.
challenge-with-cube = With the doubling cube.
nard-bad-length = Matches are played to 1, 3, 5 or 7 points, not { $word }. For example: /nard short 5
nard-bad-word = “{ $word }” is not an option. Write /nard, then short or long, a match length (1, 3, 5 or 7) and cube for the doubling cube, in any order. For example: /nard short 5 cube
nard-long-cube = Long nard is played without the doubling cube. For example: /nard long 3

## Inline cards: a player who has never opened the bot
card-open-bot = Game on! Open the bot to see your board: the game waits for you.
game-called-off = { $name } did not open the bot within { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}, so the game is called off. It is not rated.
card-called-off = 🎲 The game is called off: { $name } did not open the bot in time.

## Sharing a challenge
btn-copy-link = 📋 Copy the link
challenge-card = 🎲 { $name } challenges you to { $variant } ({ $points ->
    [one] 1 game
   *[other] to { $points } points
}). Press Accept to play in a private chat with the bot.

## The bot's profile (set at start-up)
bot-description = Play nard in Telegram: short nard (backgammon, with mars, koks and the doubling cube) and long nard (the head rule, home mars). Play the computer at five levels, a friend by a link or a card, or anyone in your group. Ratings, daily leaderboards and your statistics.
bot-short-description = Short and long nard: play the computer or your friends and climb the daily leaderboard.
bot-name = Nard — short and long
