## Лидерлер таблицасы жана статистика
cmd-top = Лидерлер таблицасы
cmd-me = Менин статистикам жана рейтингим
top-title = 🏆 { $variant } · { $period }
top-period-day = Бүгүн
top-period-week = Ушул жума
top-period-all = Бардык убакыт
top-line = { $rank }. { $name } — { $value }
top-empty = Азырынча рейтингдик оюндар жок. Таблицага чыгуу үчүн дос менен ойноңуз (/new) же /play аркылуу атаандаш табыңыз!
me-title = 📊 { $name }
me-stats =
    { $variant }: ⚡ жандуу оюндардын рейтинги { $rating }
    Бардык оюндар: { $games } · жеңиштер: { $wins } · жеңилүүлөр: { $losses }
    Марс: кылдыңыз { $mars_given } · болдуңуз { $mars_taken }
me-koks = Кокс: кылдыңыз { $koks_given } · болдуңуз { $koks_taken }
me-streak = Эң узун жеңиш сериясы: { $best_streak }
me-no-rated = Рейтинг графиги биринчи рейтингдик оюнуңуздан кийин пайда болот: дос менен (/new) же /play аркылуу табылган атаандаш менен.
me-sent-privately = 📬 Статистикаңызды мени менен жеке чатка жөнөттүм.
me-open-private = Статистика мени менен жеке чатка келет, а сиз аны али ача элексиз: баскыч менен ачыңыз, статистика ошол жерде болот.
btn-open-bot = Жеке чатты ачуу
# The /me chart's axes
chart-rating = Рейтинг
chart-games = Рейтингдик оюндар
chart-errors = Ката деңгээли
chart-analysed = Талданган оюндар
top-period-pr = 🎯 Мыкты PR
top-title-pr = 🎯 { $variant } · жуманын мыкты PR
top-pr-rule = Жуманын рейтингдик оюндары, канчалык төмөн болсо, ошончолук жакшы; таблицага кеминде { $least } чечим керек.
top-pr-line = { $rank }. { $name } — PR { $pr } ({ $count } чечим)
top-pr-empty = Бул жумада азырынча эч кимде жетиштүү талдалган чечим жок.
top-pr-mine = Сиз бул жумада: керектүү { $least } чечимдин { $count }.
