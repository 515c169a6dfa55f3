## Топтордогу турнирлер
cmd-tournament = Ушул топто турнир баштоо
tournament-private = Турнирлер топтордо ойнолот: ботту топко кошуп, ошол жерден /tournament жөнөтүңүз.
tm-ask-format = 🏆 Ушул топтогу турнир. Кайсы түрү?
    Чыгып калуу: рейтинг боюнча иреттелет, ар бир матчтын жеңүүчүсү бирөө калганга чейин улантат.
    Арена: белгиленген убакыт ичинде бош оюнчулар дароо жупташат; жеңиш 2 упай, марс 3 упай, катары менен эки жеңиштен кийин ар бир жеңиш эки эсе эсептелет.
btn-tm-knockout = 🏆 Чыгып калуу
btn-tm-arena = ⏱ Арена
tm-ask-minutes = Арена канча убакытка созулат?
btn-tm-minutes = { $minutes } мүн
tm-ask-capacity = Эң көп дегенде канча оюнчу?
btn-tm-capacity = { $count }
tm-ask-start = Качан башталат?
btn-tm-when-full = Толгондо
btn-tm-start-in = { $minutes } мүнөттөн кийин
tm-bad-option = Бул тандоо жеткиликсиз. /tournament менен кайра баштаңыз.
tm-title-knockout = 🏆 Чыгып калуу турнири: { $variant }
tm-title-arena = ⏱ Арена, { $minutes } мүнөт: { $variant }
tm-matches = { $points ->
    [one] Матчтар бир оюндан
   *[other] Матчтар { $points } упайга чейин
}
tm-with-cube = эки эселөө кубу менен
tm-starts-full = { $total } оюнчу чогулганда башталат.
tm-starts-at = { $time } башталат (кеминде { $count } оюнчу).
tm-running = Турнир жүрүп жатат.
tm-running-arena = Арена { $time } чейин уланат.
tm-finished = Турнир аяктады.
tm-cancelled = Турнир жокко чыгарылды.
tm-players = Оюнчулар ({ $count }/{ $total }): { $name }
tm-no-players = Азырынча эч ким жазыла элек.
btn-tm-join = ✅ Катышуу
btn-tm-leave = 🚪 Чыгуу
btn-tm-start = ▶ Азыр баштоо
btn-tm-cancel = ✖ Жокко чыгаруу
tm-joined = Сиз турнирдесиз! Оюндарыңыз бот менен жеке чатка келет.
tm-left = Сиз турнирден чыктыңыз.
tm-left-running = Сиз турнирден чыктыңыз: ойноп жаткан матчыңыз уттурулду.
tm-started = Турнир башталат!
tm-called-off = Турнир жокко чыгарылды.
tm-open-bot = Адегенде ботту ачыңыз: турнирдин оюндары аны менен жеке чатта ойнолот. Андан кийин кайра «Катышуу» баскычын басыңыз.
tm-opened = Эми турнирлерге катыша аласыз: топко кайтып, «Катышуу» баскычын басыңыз.
tm-refused-exists = Бул топто турнир бар. Адегенде аны аяктаңыз же жокко чыгарыңыз.
tm-refused-not-open = Турнир башталып калган.
tm-refused-started = Турнир башталды: жазылуу жабык.
tm-refused-over = Бул турнир аяктаган.
tm-refused-full = Турнирде бош орун калган жок.
tm-refused-entered = Сиз мурунтан эле жазылгансыз.
tm-refused-elsewhere = Сиз башка турнирде ойноп жатасыз.
tm-refused-busy = Сиз азыр оюн ойноп жатасыз: аны бүтүрүп, анан жазылыңыз.
tm-refused-not-entered = Сиз бул турнирге катышпайсыз.
tm-refused-too-few = Баштоо үчүн кеминде { $count } оюнчу керек.
tm-refused-admins = Муну турнирдин түзүүчүсү же топтун администратору гана жасай алат.
tm-refused-other-chat = Бул баскыч башка топтун турнирине тиешелүү.
tm-caption-knockout = 🏆 { $variant }: { $total } айлампанын { $number }-айлампасы
tm-caption-arena = ⏱ { $variant }: { $minutes } мүнөт калды
tm-caption-over = 🏆 { $variant }: турнир аяктады
tm-paired-knockout = 🏆 Турнир, { $total } айлампанын { $number }-айлампасы: атаандашыңыз { $name }. Ийгилик!
tm-paired-arena = ⏱ Арена: кийинки оюнуңуз { $name } менен. Ийгилик!
tm-winner = 🏆 Турнирдин жеңүүчүсү { $name }! Куттуктайбыз!
tm-arena-over = ⏱ Арена аяктады. Жеңүүчүлөр:
tm-podium-1 = 🥇 { $name }: { $points } упай
tm-podium-2 = 🥈 { $name }: { $points } упай
tm-podium-3 = 🥉 { $name }: { $points } упай
tm-forfeit-line = Турнирде оюндан чыгуу же убакыттын бүтүшү бүт матчты уттурат.
me-tournaments = 🏆 Турнирлер: ойнолгон { $count }, утулган { $won }
