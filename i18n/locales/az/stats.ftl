## Liderlər cədvəli və statistika
cmd-top = Liderlər cədvəli
cmd-me = Statistikam və reytinqim
top-title = 🏆 { $variant } · { $period }
top-period-day = Bu gün
top-period-week = Bu həftə
top-period-all = Bütün zamanlar
top-line = { $rank }. { $name } — { $value }
top-empty = Hələ reytinq oyunu yoxdur. Cədvələ düşmək üçün dostunuzla oynayın (/new) və ya /play ilə rəqib tapın!
me-title = 📊 { $name }
me-stats =
    { $variant }: ⚡ canlı oyunların reytinqi { $rating }
    Bütün oyunlar: { $games } · qələbələr: { $wins } · məğlubiyyətlər: { $losses }
    Mars: etdiniz { $mars_given } · oldunuz { $mars_taken }
me-koks = Koks: etdiniz { $koks_given } · oldunuz { $koks_taken }
me-streak = Ən uzun qələbə seriyası: { $best_streak }
me-no-rated = Reytinq qrafiki ilk reytinq oyununuzdan sonra görünəcək: dostunuzla (/new) və ya /play ilə tapılan rəqiblə.
me-sent-privately = 📬 Statistikanızı mənimlə şəxsi çata göndərdim.
me-open-private = Statistika mənimlə şəxsi çata göndərilir, siz isə onu hələ açmamısınız: düymə ilə açın, statistika orada olacaq.
btn-open-bot = Şəxsi çatı açmaq
# The /me chart's axes
chart-rating = Reytinq
chart-games = Reytinqli oyunlar
chart-errors = Səhv dərəcəsi
chart-analysed = Təhlil edilmiş oyunlar
top-period-pr = 🎯 Ən yaxşı PR
top-title-pr = 🎯 { $variant } · həftənin ən yaxşı PR-ı
top-pr-rule = Həftənin reytinq oyunları, nə qədər aşağı, o qədər yaxşı; cədvəl üçün ən azı { $least } qərar lazımdır.
top-pr-line = { $rank }. { $name } — PR { $pr } ({ $count } qərar)
top-pr-empty = Bu həftə hələ heç kimin kifayət qədər təhlil olunmuş qərarı yoxdur.
top-pr-mine = Siz bu həftə: lazım olan { $least } qərardan { $count }.
