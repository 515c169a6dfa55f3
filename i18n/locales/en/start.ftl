## Commands (the menu Telegram shows)
cmd-start = Start the bot
cmd-new = New game
cmd-games = My games in progress
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
    /play – find an opponent for a rated game
    /nard – in a group: a game anyone there can join (/nard long, /nard short 3 cube)
    /games – your games in progress (correspondence too), each board a tap away
    /top – leaderboards: today, this week, all time
    /me – your statistics and rating chart
    /resign – give up the current game
    /rules – the rules of both games
    /settings – your settings, such as confirming moves with Done
    /seed – your own seed for the dice (the dice are provably fair: checked after every game)
    /lang – change the language
    A button with a whole move (8/5 6/5) plays it at once; 13→7 moves one checker; a point number chooses a checker, then tap where it goes. Undo takes a step back; Done ends your turn.
btn-new-game = 🎲 New game
btn-rules = 📖 Rules
choose-language = Choose your language:
language-set = Language: English

## Commands the bot cannot do here
command-unknown = I don't know { $command }. /help lists what I can do.
command-group-only-nard = /nard posts a game in a group for anyone there to join: add me to a group and send /nard there. Here, /new starts a game against the computer or a friend.
command-private-only-play = /play finds you a rated opponent in the private chat with me: open it and send /play there. Here, /nard posts a game anyone can join.
btn-add-to-group = ➕ Add me to a group
group-welcome = Hello, everyone! /nard posts a game of nard that anyone here can join; /top is this group's leaderboard; /help lists the rest.
