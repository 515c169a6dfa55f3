## Time controls: their names, and choosing one
tc-seconds = { $seconds } s
tc-minutes = { $minutes } min
tc-hours = { $hours } h
tc-move = { $span } a move
tc-clock = { $delay } + { $bank }/point
tc-correspondence = { $days ->
    [one] 1 day
   *[other] { $days } days
} a move
btn-tc-correspondence = 📬 Correspondence game
tc-line = ⏱ Time: { $control }
tc-choose = ⏱ Time: { $control }. The buttons below change it.
tc-not-offered = This challenge asks for a time control this bot does not offer, so no game was started. Ask your friend for a new one.
tc-card-title = { $variant } · { $control }
tc-nard-unknown = "{ $word }" is not a time control here. Offered: { $controls }.
