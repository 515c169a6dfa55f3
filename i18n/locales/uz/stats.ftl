## Reyting jadvallari va statistika
cmd-top = Reyting jadvallari
cmd-me = Statistikam va reytingim
top-title = 🏆 { $variant } · { $period }
top-period-day = Bugun
top-period-week = Shu hafta
top-period-all = Butun vaqt
top-line = { $rank }. { $name } — { $value }
top-empty = Hali reytingli oʻyinlar yoʻq. Jadvalga chiqish uchun doʻstingiz bilan oʻynang (/new) yoki /play orqali raqib toping!
me-title = 📊 { $name }
me-stats =
    { $variant }: ⚡ jonli oʻyinlar reytingi { $rating }
    Barcha oʻyinlar: { $games } · gʻalabalar: { $wins } · magʻlubiyatlar: { $losses }
    Mars: qildingiz { $mars_given } · boʻldingiz { $mars_taken }
me-koks = Koks: qildingiz { $koks_given } · boʻldingiz { $koks_taken }
me-streak = Eng uzun gʻalabalar seriyasi: { $best_streak }
me-no-rated = Reyting grafigi birinchi reytingli oʻyiningizdan keyin paydo boʻladi: doʻstingiz bilan (/new) yoki /play orqali topilgan raqib bilan.
me-sent-privately = 📬 Statistikangizni men bilan shaxsiy chatga yubordim.
me-open-private = Statistika men bilan shaxsiy chatga yuboriladi, siz uni hali ochmagansiz: tugma orqali oching, statistika oʻsha yerda boʻladi.
btn-open-bot = Shaxsiy chatni ochish
# The /me chart's axes
chart-rating = Reyting
chart-games = Reytingli oʻyinlar
chart-errors = Xato darajasi
chart-analysed = Tahlil qilingan oʻyinlar
top-period-pr = 🎯 Eng yaxshi PR
top-title-pr = 🎯 { $variant } · haftaning eng yaxshi PR
top-pr-rule = Haftaning reytingli oʻyinlari, qanchalik past boʻlsa, shuncha yaxshi; jadvalga kamida { $least } ta qaror kerak.
top-pr-line = { $rank }. { $name } — PR { $pr } ({ $count } ta qaror)
top-pr-empty = Bu hafta hali hech kimda yetarli tahlil qilingan qaror yoʻq.
top-pr-mine = Siz bu hafta: kerakli { $least } ta qarordan { $count } tasi.
