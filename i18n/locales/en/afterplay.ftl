## After the game: replay, match file, provably fair dice
cmd-seed = Your own seed for the dice
btn-replay = 🎞 Replay
btn-match-file = 📄 File
btn-dice-proof = 🎲 Dice
after-preparing = Preparing…
after-not-player = Only the players of this game can ask for it.
after-unavailable = This game no longer exists.
after-not-over = This game is not over yet.
after-failed = Sorry, this game could not be rebuilt from its record.
replay-caption = 🎞 Game #{ $game }: every move, one frame each.
replay-caption-match = 🎞 Game #{ $game }, game { $number } of the match: every move, one frame each.
match-file-caption = 📄 Game #{ $game } as a match file (Jellyfish .mat, { $games ->
    [one] 1 finished game
   *[other] { $games } finished games
}): GNU Backgammon and eXtreme Gammon import short nard; long nard is named in the header.
fair-commitment = 🔒 Dice: SHA-256 { $hash }
fair-client-seeds = Players' seeds: { $seeds }
fair-revealed = 🔓 The dice's secret seed: { $seed } (game key { $game }).
fair-verify = Check every die of the game (--rolls lists them in the order drawn: the opening throws one die at a time, then each roll's first die first; a board writes a roll's higher die first):
fair-proof-title = 🎲 Game #{ $game }: the proof of its dice
fair-proof-title-match = 🎲 Game #{ $game }, game { $number } of the match: the proof of its dice
fair-committed-of = 🔒 Dice seed ({ $name }): SHA-256 { $hash }
fair-revealed-of = 🔓 Dice seed ({ $name }): { $seed }
fair-next = 🔒 Your seed for the next game that begins: SHA-256 { $hash }
seed-set = 🌱 Your seed “{ $seed }” is mixed into the dice of your next games. /seed alone shows it; /seed - removes it.
seed-current = 🌱 Your seed: “{ $seed }”. It is mixed into the dice of your next games. Change it with /seed text, remove it with /seed -.
seed-next = 🔒 Your next game's dice: SHA-256 { $hash }
seed-why = Set /seed text after seeing this line: that seed was fixed before yours, so nobody, not even the bot, could have chosen your next game's dice.
seed-this-game = 🎲 Your current game's dice were committed to before it began:
seed-none = 🌱 You have no seed of your own. Set one with /seed text: it is mixed into the dice of your next games and shown with them.
seed-cleared = 🌱 Your seed is removed.
seed-too-long = A seed is at most { $limit } characters.
me-dice = 🎲 Your dice in all games: { $rolls } rolls, { $doubles } doubles ({ $doubles_share }%; fair dice give { $doubles_expected }%), { $pips } pips per roll on average (fair dice: { $pips_expected }).
me-dice-none = 🎲 Your dice statistics appear after your first roll.
