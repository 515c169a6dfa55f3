## Clocks on the board's caption
clock-side = { $name } { $delay } + { $bank }
clock-line = ⏱ { $sides }
corr-deadline = ⏳ Ход нужно сделать до { $when } ({ $zone }), осталось { $left }
span-days = { $days } д { $hours } ч
span-whole-days = { $days } д
span-hours = { $hours } ч { $minutes } мин
span-minutes = { $minutes } мин

## Correspondence games: a new message at each turn, one reminder
corr-your-turn = ✉️ Ваш ход: { $variant } против { $name }. Сделайте ход до { $when } ({ $zone }).
corr-group-turn = ✉️ { $name }, ваш ход: { $variant }. Сделайте ход до { $when } ({ $zone }).
corr-reminder = ⏰ Напоминание: ваш ход ({ $variant } против { $name }) нужно сделать до { $when } ({ $zone }), осталось { $left }. Потом партия будет проиграна по времени.
corr-group-reminder = ⏰ { $name }, ваш ход ({ $variant }) нужно сделать до { $when } ({ $zone }), осталось { $left }. Потом партия будет проиграна по времени.
btn-corr-board = 🎲 Открыть доску

## /games
games-title = Ваши партии:
games-line = { $number }. { $variant } против { $name } · { $control } · { $turn } · { $left }
games-kind-live = живая
games-kind-corr = по переписке
games-your-turn = ваш ход
games-their-turn = ход соперника
games-left = осталось { $left }
btn-games-open = { $number }. { $name }
resign-which = У вас несколько партий. В какой вы сдаётесь?

## Correspondence rating
me-corr = ✉️ По переписке: рейтинг { $rating } ({ $games ->
    [one] { $games } рейтинговая партия
    [few] { $games } рейтинговые партии
    [many] { $games } рейтинговых партий
   *[other] { $games } рейтинговой партии
})
top-title-corr = 🏆 { $variant } · по переписке · { $period }
btn-top-live = ⚡ Живые партии
btn-top-corr = ✉️ По переписке
rating-change-corr = Рейтинг по переписке: { $delta } → { $rating }
group-rating-corr = { $name }: рейтинг по переписке { $delta } → { $rating }
