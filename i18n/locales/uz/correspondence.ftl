## Clocks on the board's caption
clock-side = { $name } { $delay } + { $bank }
clock-line = ⏱ { $sides }
corr-deadline = ⏳ Yurish muddati: { $when } ({ $zone }), { $left } qoldi
span-days = { $days } kun { $hours } soat
span-whole-days = { $days } kun
span-hours = { $hours } soat { $minutes } daq
span-minutes = { $minutes } daq

## Correspondence games: a new message at each turn, one reminder
corr-your-turn = ✉️ Navbat sizda: { $variant }, raqib { $name }. { $when } ({ $zone }) gacha yuring.
corr-group-turn = ✉️ { $name }, navbat sizda: { $variant }. { $when } ({ $zone }) gacha yuring.
corr-reminder = ⏰ Eslatma: { $variant } oʻyinida { $name }ga qarshi yurishingiz { $when } ({ $zone }) gacha, { $left } qoldi. Keyin oʻyin vaqt tugagani uchun yutqaziladi.
corr-group-reminder = ⏰ { $name }, { $variant } oʻyinida yurishingiz { $when } ({ $zone }) gacha, { $left } qoldi. Keyin oʻyin vaqt tugagani uchun yutqaziladi.
btn-corr-board = 🎲 Taxtani ochish

## /games
games-title = Oʻyinlaringiz:
games-line = { $number }. { $variant }, raqib { $name } · { $control } · { $turn } · { $left }
games-kind-live = jonli
games-kind-corr = yozishma
games-your-turn = navbat sizda
games-their-turn = navbat raqibda
games-left = { $left } qoldi
btn-games-open = { $number }. { $name }
resign-which = Sizda bir nechta oʻyin bor. Qaysi birida taslim boʻlasiz?

## Correspondence rating
me-corr = ✉️ Yozishma: reyting { $rating } (reytingli oʻyinlar: { $games })
top-title-corr = 🏆 { $variant } · yozishma · { $period }
btn-top-live = ⚡ Jonli oʻyinlar
btn-top-corr = ✉️ Yozishma
rating-change-corr = Yozishma reytingi: { $delta } → { $rating }
group-rating-corr = { $name }: yozishma reytingi { $delta } → { $rating }
