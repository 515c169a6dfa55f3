## Тактанын астындагы жазуу
variant-short = Кыска нарда
variant-long = Узун нарда
match-score = Матч { $length } упайга чейин: { $me }–{ $them }
crawford-game = Кроуфорд оюну: эки эселөөгө болбойт.
your-roll = Кезек сизде: сөөктөрдү ыргытыңыз же эки эселеңиз.
your-move = Жүрүшүңүз: { $d1 }-{ $d2 }. Ташты тандаңыз.
your-move-listed = Жүрүшүңүз: { $d1 }-{ $d2 }. Жүрүштү тандаңыз.
your-move-partial = Жүрүшүңүз: { $d1 }-{ $d2 }. Азырынча: { $move }
your-move-pending = Жүрүшүңүз: { $move }. Ал бир нече секунддан кийин жөнөтүлөт; «↶ Кайтаруу» аны кайтарат.
waiting-for = Күтүлүүдө: { $name }…
double-answer = { $name } коюмду { $value } кылып эки эселөөнү сунуштайт. Кабыл аласызбы же баш тартасызбы?
double-wait = { $name } коюмду { $value } кылып эки эселөөнү сунуштайт. Жооп күтүлүүдө…
game-over = Оюн бүттү.
match-over = 🏆 Матч бүттү: { $winner } { $won }–{ $lost } эсеби менен жеңди.
time-left = ⏱ Жүрүшкө { $minutes }:{ $seconds } калды
point-bar = бар
point-off = чыгаруу

## Баскычтар
btn-roll = 🎲 Ыргытуу
btn-roll-always = 🎲 Бул оюнда эки эселөөсүз
btn-double = Эки эселөө ({ $value })
btn-take = ✅ Кабыл алуу
btn-drop = ❌ Баш тартуу
btn-back = ← Артка
btn-undo = ↶ Кайтаруу
btn-done = ✔ Даяр
btn-resign = 🏳 Багынуу
btn-resign-yes = Ооба, багынам
btn-resign-no = Жок, ойнойм
btn-rematch = 🔁 Дагы ойноо

## Эскертүүлөр
alert-not-player = Бул сиздин оюнуңуз эмес.
alert-not-your-turn = Азыр сиздин кезегиңиз эмес.
alert-stale = Бул такта эскирген: эң акыркысын колдонуңуз.
alert-finished = Бул оюн бүттү.
alert-illegal = Мындай жүрүш азыр мүмкүн эмес.
alert-unavailable = Эч нерсе сакталган жок: бот маалымат базасына туташа алган жок. Бир аздан кийин кайра басыңыз.
no-game = Сизде азыр оюн жок. /new менен жаңысын баштаңыз.
timer-warning = ⏱ Шашылыңыз: жүрүшкө { $seconds } секунд калды, болбосо убакыт бүткөнү үчүн утулуп каласыз.

## Жыйынтыктар
kind-plain = жөнөкөй
kind-mars = марс
kind-koks = кокс
kind-home_mars = үй марсы
reason-borne_off = жеңүүчү бардык таштарын чыгарды
reason-resign = багынуу
reason-timeout = убакыт бүттү
reason-drop = эки эселөөдөн баш тартылды
result-win = 🏆 Сиз { $points ->
    [one] 1 упай
   *[other] { $points } упай
} утуп алдыңыз ({ $kind }, { $reason }).
result-loss = Сиз { $points ->
    [one] 1 упай
   *[other] { $points } упай
} уттурдуңуз ({ $kind }, { $reason }).
match-won = 🏆 Сиз матчты уттуңуз!
match-lost = Сиз матчты уттурдуңуз.
match-next = Матчтын { $number }-оюну башталат.
rating-change = Рейтинг: { $delta } → { $rating }
rating-pair-limit = Рейтинг өзгөргөн жок: бир эле эки оюнчунун ортосунда күнүнө { $limit } гана рейтингдик оюн эсептелет.
btn-hint = 💡 Кеңеш
hint-title = 💡 { $d1 }-{ $d2 } үчүн эң жакшы жүрүштөр:
hint-best = { $rank }. { $move } (эквити { $equity })
hint-line = { $rank }. { $move } ({ $equity })
hint-rated = Кеңештер компьютер менен рейтингсиз оюндарда гана берилет.
hint-not-now = Кеңеш өз жүрүшүңүз үчүн, сөөктөр ыргытылгандан кийин.
