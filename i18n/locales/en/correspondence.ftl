## Clocks on the board's caption
clock-side = { $name } { $delay } + { $bank }
clock-line = ⏱ { $sides }
corr-deadline = ⏳ This turn ends { $when } ({ $zone }), in { $left }
span-days = { $days } d { $hours } h
span-whole-days = { $days } d
span-hours = { $hours } h { $minutes } min
span-minutes = { $minutes } min

## Correspondence games: a new message at each turn, one reminder
corr-your-turn = ✉️ Your turn in { $variant } against { $name }. Move by { $when } ({ $zone }).
corr-group-turn = ✉️ { $name }, your turn in { $variant }. Move by { $when } ({ $zone }).
corr-reminder = ⏰ Reminder: your move in { $variant } against { $name } is due by { $when } ({ $zone }), in { $left }. After that the game is lost on time.
corr-group-reminder = ⏰ { $name }, your move in { $variant } is due by { $when } ({ $zone }), in { $left }. After that the game is lost on time.
btn-corr-board = 🎲 Open the board

## /games
games-title = Your games:
games-line = { $number }. { $variant } vs { $name } · { $control } · { $turn } · { $left }
games-kind-live = live
games-kind-corr = correspondence
games-your-turn = your turn
games-their-turn = their turn
games-left = { $left } left
btn-games-open = { $number }. { $name }
resign-which = You have several games. Which one do you want to resign?

## Correspondence rating
me-corr = ✉️ Correspondence: rating { $rating } ({ $games ->
    [one] 1 rated game
   *[other] { $games } rated games
})
top-title-corr = 🏆 { $variant } · correspondence · { $period }
btn-top-live = ⚡ Live games
btn-top-corr = ✉️ Correspondence
rating-change-corr = Correspondence rating: { $delta } → { $rating }
group-rating-corr = { $name }: correspondence rating { $delta } → { $rating }
