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
group-match-score = Match to { $length }: { $a } { $me }–{ $them } { $b }
group-no-board = The bot may not post pictures in this group, so the game is called off. Give it the right to send photos and try again.
