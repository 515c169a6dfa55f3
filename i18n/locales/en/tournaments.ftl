## Tournaments in groups
cmd-tournament = Start a tournament in this group
tournament-private = Tournaments are played in groups: add the bot to a group and send /tournament there.
tm-ask-format = 🏆 A tournament in this group. Which kind?
    Knock-out: seeded by rating, each match's winner goes on until one is left.
    Arena: for a set time, everyone free is paired at once; a win is 2 points, a mars 3, and after two wins in a row each win counts double.
btn-tm-knockout = 🏆 Knock-out
btn-tm-arena = ⏱ Arena
tm-ask-minutes = How long does the arena last?
btn-tm-minutes = { $minutes } min
tm-ask-capacity = How many players at most?
btn-tm-capacity = { $count }
tm-ask-start = When does it start?
btn-tm-when-full = When full
btn-tm-start-in = In { $minutes } min
tm-bad-option = That choice is not available. Start again with /tournament.
tm-title-knockout = 🏆 Knock-out tournament: { $variant }
tm-title-arena = ⏱ Arena, { $minutes } min: { $variant }
tm-matches = { $points ->
    [one] Matches of 1 game
   *[other] Matches to { $points } points
}
tm-with-cube = with the cube
tm-starts-full = Starts when { $total } players have joined.
tm-starts-at = Starts at { $time } (at least { $count } players).
tm-running = The tournament is under way.
tm-running-arena = Under way until { $time }.
tm-finished = The tournament is over.
tm-finished-winner = The tournament is over: 🏆 { $name } won.
tm-cancelled = The tournament was called off.
tm-players = Players ({ $count }/{ $total }): { $name }
tm-no-players = Nobody has joined yet.
btn-tm-join = ✅ Join
btn-tm-leave = 🚪 Leave
btn-tm-start = ▶ Start now
btn-tm-cancel = ✖ Call off
tm-joined = You are in! Your games will come to your private chat with the bot.
tm-left = You have left the tournament.
tm-left-running = You have left the tournament: a match you were playing is lost.
tm-started = The tournament begins!
tm-called-off = The tournament is called off.
tm-open-bot = Open the bot first: tournament games are played in your private chat with it. Then press Join again.
tm-opened = You can now join tournaments: go back to the group and press Join.
tm-refused-exists = This group already has a tournament. Finish or call it off first.
tm-refused-not-open = The tournament has already started.
tm-refused-started = The tournament has started: joining is closed.
tm-refused-over = This tournament is over.
tm-refused-full = The tournament is full.
tm-refused-entered = You have joined already.
tm-refused-elsewhere = You are already playing in another tournament.
tm-refused-busy = You are playing a game: finish it, then join.
tm-refused-not-entered = You are not in this tournament.
tm-refused-too-few = At least { $count } players are needed to start.
tm-refused-admins = Only the tournament's creator or a group admin can do this.
tm-refused-other-chat = This button belongs to another group's tournament.
tm-caption-knockout = 🏆 { $variant }: round { $number } of { $total }
tm-caption-arena = ⏱ { $variant }: { $minutes } min left
tm-caption-over = 🏆 { $variant }: the tournament is over
tm-paired-knockout = 🏆 Tournament, round { $number } of { $total }: you play { $name }. Good luck!
tm-paired-arena = ⏱ Arena: your next game is against { $name }. Good luck!
tm-news-round-start = 🏆 Round { $number } of { $total }:
tm-news-round-over = 🏁 Round { $number } of { $total } is over:
tm-news-final = 🏆 The final: { $first } – { $second }!
tm-news-arena-start = ⏱ The arena has begun: { $count } players, until { $time }. The first games:
tm-through = 🏆 You are through to round { $number } of { $total }!
tm-through-final = 🏆 You are through to the final!
tm-wait-match = Your opponent: the winner of { $first } – { $second }.
tm-wait-playing = That match is being played now; yours begins as soon as it is over.
tm-wait-waiting = That match has not begun yet (a player is finishing another game); yours begins as soon as it is decided.
tm-wait-unknown = Your opponent comes from round { $number }, which is still being played. The bot will tell you when your match begins.
tm-due-free = 🏆 Your round { $number } match against { $name } begins as soon as they finish another game. If they are not free by { $time }, you go through.
tm-due-busy = 🏆 Your round { $number } match against { $name } is waiting for you: finish the game you are playing by { $time }, or you lose the match.
tm-winner = 🏆 { $name } wins the tournament! Congratulations!
tm-runner-up = 🥈 Runner-up: { $name }
tm-final-line = The final: { $line }
tm-news-pair = { $first } – { $second }
tm-news-bye = { $name }: a bye, straight to the next round
tm-news-beat = { $winner } beat { $loser } { $won }–{ $lost }
tm-news-forfeit = { $winner } goes through: { $loser } did not finish the match
tm-arena-over = ⏱ The arena is over. The winners:
tm-podium-1 = 🥇 { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
}
tm-podium-2 = 🥈 { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
}
tm-podium-3 = 🥉 { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
}
tm-board-knockout = 🏆 Tournament · round { $number } of { $total }
tm-board-final = 🏆 Tournament · the final
tm-board-arena = ⏱ Arena · you are #{ $rank } of { $count }, { $points ->
    [one] 1 point
   *[other] { $points } points
}
tm-board-arena-group = ⏱ Arena game
tm-place-won = 🏆 You won the tournament! First of { $count }. Congratulations!
tm-place = 🏆 The tournament is over. Your place: { $place } of { $count }. { $winner } won it.
tm-place-arena = ⏱ The arena is over. Your place: { $place } of { $count }, with { $points ->
    [one] 1 point
   *[other] { $points } points
}. { $winner } won it.
tm-forfeit-line = In a tournament, leaving or running out of time loses the whole match.
me-tournaments = 🏆 Tournaments: played { $count }, won { $won }
tm-no-rematch = Not while the tournament runs: play again once it is over.

## Swiss tournaments (core/swiss.py)
btn-tm-swiss = ♟ Swiss
tm-title-swiss = ♟ Swiss tournament: { $variant }
tm-caption-swiss = ♟ { $variant }: round { $number } of { $total }
tm-paired-swiss = ♟ Swiss, round { $number } of { $total }: you play { $name }. Good luck!
tm-board-swiss = ♟ Swiss · round { $number } of { $total }
tm-news-swiss-bye = { $name }: a bye this round (a point)
tm-news-swiss-forfeit = { $winner } wins: { $loser } did not finish the match
tm-news-swiss-leaders = Leading: { $name } with { $points ->
    [one] 1 point
   *[other] { $points } points
}
tm-swiss-over = ♟ The Swiss is over. The top three:
tm-buchholz = (Buchholz { $points })
tm-place-swiss = ♟ The Swiss is over. Your place: { $place } of { $count }, with { $points ->
    [one] 1 point
   *[other] { $points } points
}. { $winner } won it.

## Scheduled tournaments (core/schedules.py)
tm-reminder = ⏰ The tournament starts at { $time }: { $count } of { $total } players so far. Press Join in its message above to play!
tm-ask-schedule = 📅 Set this tournament up for its time?
btn-tm-schedule = 📅 Set it up
tm-schedule-set = 📅 Tournament scheduled:
tm-schedule-daily = { $kind }, { $variant }: every day at { $time } ({ $zone })
tm-schedule-once = { $kind }, { $variant }: on { $date } at { $time } ({ $zone })
tm-schedule-lobby = Joining opens { $minutes } min before the start, in a new message here.
tm-schedule-cancelled = ✖ Schedule cancelled: { $line }
btn-tm-schedule-cancel = ✖ Cancel the schedule
btn-tm-schedule-cancel-n = ✖ Cancel no. { $number }
tm-schedule-none = This group has no scheduled tournaments. An admin sets one with /tournament 20:00 or /tournament daily 20:00.
tm-schedule-list = 📅 This group's scheduled tournaments:
tm-schedule-admins = Only the group's admins can schedule tournaments or cancel a schedule.
tm-schedule-too-many = A group can have at most { $count } scheduled tournaments. Cancel one first (/tournament schedule).
tm-schedule-gone = This schedule was already cancelled or is over.
tm-schedule-cancelled-answer = The schedule is cancelled.
tm-schedule-usage = To schedule a tournament: /tournament 20:00 (once) or /tournament daily 20:00 (every day), in the group's time. /tournament schedule lists them.
