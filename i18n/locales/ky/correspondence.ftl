## Clocks on the board's caption
clock-side = { $name } { $delay } + { $bank }
clock-line = ⏱ { $sides }
corr-deadline = ⏳ Жүрүш мөөнөтү: { $when } ({ $zone }), { $left } калды
span-days = { $days } күн { $hours } саат
span-whole-days = { $days } күн
span-hours = { $hours } саат { $minutes } мүн
span-minutes = { $minutes } мүн

## Correspondence games: a new message at each turn, one reminder
corr-your-turn = ✉️ Сиздин кезек: { $variant }, атаандаш { $name }. { $when } ({ $zone }) чейин жүрүңүз.
corr-group-turn = ✉️ { $name }, сиздин кезек: { $variant }. { $when } ({ $zone }) чейин жүрүңүз.
corr-reminder = ⏰ Эскертүү: { $variant } оюнунда { $name } менен жүрүшүңүз { $when } ({ $zone }) чейин, { $left } калды. Андан кийин оюн убакыт бүткөндүктөн утулат.
corr-group-reminder = ⏰ { $name }, { $variant } оюнунда жүрүшүңүз { $when } ({ $zone }) чейин, { $left } калды. Андан кийин оюн убакыт бүткөндүктөн утулат.
btn-corr-board = 🎲 Тактаны ачуу

## /games
games-title = Сиздин оюндар:
games-line = { $number }. { $variant }, атаандаш { $name } · { $control } · { $turn } · { $left }
games-kind-live = жандуу
games-kind-corr = кат аркылуу
games-your-turn = сиздин кезек
games-their-turn = атаандаштын кезеги
games-left = { $left } калды
btn-games-open = { $number }. { $name }
resign-which = Сизде бир нече оюн бар. Кайсынысында багынасыз?

## Correspondence rating
me-corr = ✉️ Кат аркылуу: рейтинг { $rating } (рейтингдик оюндар: { $games })
top-title-corr = 🏆 { $variant } · кат аркылуу · { $period }
btn-top-live = ⚡ Жандуу оюндар
btn-top-corr = ✉️ Кат аркылуу
rating-change-corr = Кат аркылуу рейтинг: { $delta } → { $rating }
group-rating-corr = { $name }: кат аркылуу рейтинг { $delta } → { $rating }
