## Leaderboards and statistics
cmd-top = Leaderboards
cmd-me = My statistics and rating
top-title = 🏆 { $variant } · { $period }
top-period-day = Today
top-period-week = This week
top-period-all = All time
top-line = { $rank }. { $name } — { $value }
top-empty = No rated games yet. Play a friend (/new) or find an opponent with /play to get on the board!
me-title = 📊 { $name }
me-stats =
    { $variant }: ⚡ live-game rating { $rating }
    All games { $games } · wins { $wins } · losses { $losses }
    Mars given { $mars_given } · taken { $mars_taken }
me-koks = Koks given { $koks_given } · taken { $koks_taken }
me-streak = Best winning streak { $best_streak }
me-no-rated = Your rating chart appears after your first rated game: against a friend (/new) or an opponent found with /play.
me-sent-privately = 📬 I sent your statistics to our private chat.
me-open-private = Your statistics go to our private chat, which you have not opened yet: open it with the button and they are there.
btn-open-bot = Open the private chat
# The /me chart's axes
chart-rating = Rating
chart-games = Rated games
chart-errors = Error rate
chart-analysed = Analysed games
top-period-pr = 🎯 Best PR
top-title-pr = 🎯 { $variant } · best PR of the week
top-pr-rule = Rated games of the week, lower is better; at least { $least } decisions to be ranked.
top-pr-line = { $rank }. { $name } — PR { $pr } ({ $count } decisions)
top-pr-empty = Nobody has enough analysed decisions this week yet.
top-pr-mine = You this week: { $count } of the { $least } decisions needed.
