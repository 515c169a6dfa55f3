## Clocks on the board's caption
clock-side = { $name } { $delay } + { $bank }
clock-line = ⏱ { $sides }
corr-deadline = ⏳ Gediş müddəti: { $when } ({ $zone }), { $left } qalıb
span-days = { $days } gün { $hours } saat
span-whole-days = { $days } gün
span-hours = { $hours } saat { $minutes } dəq
span-minutes = { $minutes } dəq

## Correspondence games: a new message at each turn, one reminder
corr-your-turn = ✉️ Növbə sizindir: { $variant }, rəqib { $name }. { $when } ({ $zone }) qədər gediş edin.
corr-group-turn = ✉️ { $name }, növbə sizindir: { $variant }. { $when } ({ $zone }) qədər gediş edin.
corr-reminder = ⏰ Xatırlatma: { $variant } oyununda { $name } ilə gedişiniz { $when } ({ $zone }) qədərdir, { $left } qalıb. Sonra oyun vaxta görə uduzulur.
corr-group-reminder = ⏰ { $name }, { $variant } oyununda gedişiniz { $when } ({ $zone }) qədərdir, { $left } qalıb. Sonra oyun vaxta görə uduzulur.
btn-corr-board = 🎲 Taxtanı aç

## /games
games-title = Oyunlarınız:
games-line = { $number }. { $variant }, rəqib { $name } · { $control } · { $turn } · { $left }
games-kind-live = canlı
games-kind-corr = yazışma
games-your-turn = növbə sizindir
games-their-turn = növbə rəqibindir
games-left = { $left } qalıb
btn-games-open = { $number }. { $name }
resign-which = Sizin bir neçə oyununuz var. Hansında təslim olursunuz?

## Correspondence rating
me-corr = ✉️ Yazışma: reytinq { $rating } (reytinqli oyunlar: { $games })
top-title-corr = 🏆 { $variant } · yazışma · { $period }
btn-top-live = ⚡ Canlı oyunlar
btn-top-corr = ✉️ Yazışma
rating-change-corr = Yazışma reytinqi: { $delta } → { $rating }
group-rating-corr = { $name }: yazışma reytinqi { $delta } → { $rating }
