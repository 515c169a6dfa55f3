## Qruplarda turnirlər
cmd-tournament = Bu qrupda turnir başlat
tournament-private = Turnirlər qruplarda oynanılır: botu qrupa əlavə edin və orada /tournament göndərin.
tm-ask-format = 🏆 Bu qrupda turnir. Hansı növ?
    Olimpiya sistemi: reytinqə görə sıralanır, hər matçın qalibi bir nəfər qalana qədər davam edir.
    Arena: müəyyən vaxt ərzində boş oyunçular dərhal cütləşdirilir; qələbə 2 xal, mars 3 xal, ardıcıl iki qələbədən sonra hər qələbə iki qat sayılır.
btn-tm-knockout = 🏆 Olimpiya sistemi
btn-tm-arena = ⏱ Arena
tm-ask-minutes = Arena nə qədər davam edir?
btn-tm-minutes = { $minutes } dəq
tm-ask-capacity = Ən çoxu neçə oyunçu?
btn-tm-capacity = { $count }
tm-ask-start = Nə vaxt başlayır?
btn-tm-when-full = Dolanda
btn-tm-start-in = { $minutes } dəqiqədən sonra
tm-bad-option = Bu seçim mövcud deyil. /tournament ilə yenidən başlayın.
tm-title-knockout = 🏆 Olimpiya sistemli turnir: { $variant }
tm-title-arena = ⏱ Arena, { $minutes } dəqiqə: { $variant }
tm-matches = { $points ->
    [one] Matçlar bir oyundan
   *[other] Matçlar { $points } xala qədər
}
tm-with-cube = ikiqatlama kubu ilə
tm-starts-full = { $total } oyunçu toplananda başlayır.
tm-starts-at = Başlanğıc: { $time } (ən azı { $count } oyunçu).
tm-running = Turnir davam edir.
tm-running-arena = Arena { $time } qədər davam edir.
tm-finished = Turnir bitdi.
tm-finished-winner = Turnir bitdi: 🏆 qalib — { $name }.
tm-cancelled = Turnir ləğv edildi.
tm-players = Oyunçular ({ $count }/{ $total }): { $name }
tm-no-players = Hələ heç kim yazılmayıb.
btn-tm-join = ✅ Qatıl
btn-tm-leave = 🚪 Çıx
btn-tm-start = ▶ İndi başlat
btn-tm-cancel = ✖ Ləğv et
tm-joined = Siz turnirdəsiniz! Oyunlarınız botla şəxsi çata gələcək.
tm-left = Siz turnirdən çıxdınız.
tm-left-running = Siz turnirdən çıxdınız: oynadığınız matç uduzuldu.
tm-started = Turnir başlayır!
tm-called-off = Turnir ləğv edildi.
tm-open-bot = Əvvəlcə botu açın: turnir oyunları onunla şəxsi çatda oynanılır. Sonra yenidən «Qatıl» düyməsini basın.
tm-opened = İndi turnirlərə qatıla bilərsiniz: qrupa qayıdın və «Qatıl» düyməsini basın.
tm-refused-exists = Bu qrupda artıq turnir var. Əvvəlcə onu bitirin və ya ləğv edin.
tm-refused-not-open = Turnir artıq başlayıb.
tm-refused-started = Turnir başladı: yazılış bağlıdır.
tm-refused-over = Bu turnir bitib.
tm-refused-full = Turnirdə boş yer qalmayıb.
tm-refused-entered = Siz artıq yazılmısınız.
tm-refused-elsewhere = Siz artıq başqa turnirdə oynayırsınız.
tm-refused-busy = Siz indi oyun oynayırsınız: onu bitirin, sonra yazılın.
tm-refused-not-entered = Siz bu turnirdə iştirak etmirsiniz.
tm-refused-too-few = Başlamaq üçün ən azı { $count } oyunçu lazımdır.
tm-refused-admins = Bunu yalnız turnirin yaradıcısı və ya qrupun admini edə bilər.
tm-refused-other-chat = Bu düymə başqa qrupun turnirinə aiddir.
tm-caption-knockout = 🏆 { $variant }: { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur
tm-caption-arena = ⏱ { $variant }: { $minutes } dəqiqə qalıb
tm-caption-over = 🏆 { $variant }: turnir bitdi
tm-paired-knockout = 🏆 Turnir, { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur: rəqibiniz { $name }. Uğurlar!
tm-paired-arena = ⏱ Arena: növbəti oyununuz { $name } ilədir. Uğurlar!
tm-news-round-start = 🏆 { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur:
tm-news-round-over = 🏁 { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur bitdi:
tm-news-final = 🏆 Final: { $first } – { $second }!
tm-news-arena-start = ⏱ Arena başladı: { $count } oyunçu, { $time } qədər. İlk oyunlar:
tm-through = 🏆 Siz növbəti tura keçdiniz: { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur!
tm-through-final = 🏆 Siz finala çıxdınız!
tm-wait-match = Rəqibiniz: { $first } – { $second } matçının qalibi.
tm-wait-playing = Bu matç indi oynanılır; o bitən kimi sizinki başlayacaq.
tm-wait-waiting = Bu matç hələ başlamayıb (oyunçulardan biri başqa oyunu bitirir); nəticəsi bəlli olan kimi sizinki başlayacaq.
tm-wait-unknown = Rəqibiniz hələ davam edən { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} turdan çıxacaq. Matçınız başlayanda bot sizə xəbər verəcək.
tm-due-free = 🏆 { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} turda { $name } ilə matçınız o, başqa oyununu bitirən kimi başlayacaq. { $time } qədər boşalmasa, siz növbəti tura keçirsiniz.
tm-due-busy = 🏆 { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} turda { $name } ilə matçınız sizi gözləyir: indiki oyununuzu { $time } qədər bitirin, yoxsa matçı uduzacaqsınız.
tm-winner = 🏆 Turnirin qalibi { $name }! Təbrik edirik!
tm-runner-up = 🥈 İkinci yer: { $name }
tm-final-line = Final: { $line }
tm-news-pair = { $first } – { $second }
tm-news-bye = { $name }: rəqibsiz, birbaşa növbəti tura
tm-news-beat = { $winner } { $loser } üzərində qələbə qazandı: { $won }–{ $lost }
tm-news-forfeit = { $winner } növbəti tura keçdi: { $loser } matçı başa vurmadı
tm-arena-over = ⏱ Arena bitdi. Qaliblər:
tm-podium-1 = 🥇 { $name }: { $points } xal
tm-podium-2 = 🥈 { $name }: { $points } xal
tm-podium-3 = 🥉 { $name }: { $points } xal
tm-board-knockout = 🏆 Turnir · { $total } turdan { $number ->
    [one] { $number }-ci
    [3] 3-cü
    [4] 4-cü
    [6] 6-cı
   *[other] { $number }-ci
} tur
tm-board-final = 🏆 Turnir · final
tm-board-arena = ⏱ Arena · yeriniz: { $rank } ({ $count } oyunçu arasında), { $points } xal
tm-board-arena-group = ⏱ Arena oyunu
tm-place-won = 🏆 Siz turnirin qalibisiniz! { $count } oyunçu arasında birinci yer. Təbrik edirik!
tm-place = 🏆 Turnir bitdi. Yeriniz: { $place } ({ $count } oyunçu arasında). Qalib — { $winner }.
tm-place-arena = ⏱ Arena bitdi. Yeriniz: { $place } ({ $count } oyunçu arasında), { $points } xal. Qalib — { $winner }.
tm-forfeit-line = Turnirdə oyundan çıxmaq və ya vaxtın bitməsi bütün matçı uduzdurur.
me-tournaments = 🏆 Turnirlər: oynanılıb { $count }, qazanılıb { $won }
tm-no-rematch = Turnir davam edərkən yenidən oynamaq olmaz: o bitəndən sonra yenə oynayın.

## İsveçrə sistemi (core/swiss.py)
btn-tm-swiss = ♟ İsveçrə
tm-title-swiss = ♟ İsveçrə sistemli turnir: { $variant }
tm-caption-swiss = ♟ { $variant }: tur { $number } / { $total }
tm-paired-swiss = ♟ İsveçrə sistemi, tur { $number } / { $total }: rəqibiniz — { $name }. Uğurlar!
tm-board-swiss = ♟ İsveçrə · tur { $number } / { $total }
tm-news-swiss-bye = { $name }: bu turda rəqibsiz (bir xal)
tm-news-swiss-forfeit = { $winner } qalib gəldi: { $loser } matçı başa vurmadı
tm-news-swiss-leaders = Liderdir: { $name }, { $points } xal
tm-swiss-over = ♟ İsveçrə turniri bitdi. İlk üçlük:
tm-buchholz = (Buxhols { $points })
tm-place-swiss = ♟ İsveçrə turniri bitdi. Yeriniz: { $place } ({ $count } oyunçu arasında), { $points } xal. Qalib — { $winner }.

## Cədvəl üzrə turnirlər (core/schedules.py)
tm-reminder = ⏰ Turnir saat { $time }-da başlayır: hələlik { $total } yerdən { $count }-i tutulub. Yuxarıdakı mesajda «Qatıl» düyməsini basın!
tm-ask-schedule = 📅 Bu turniri seçilmiş vaxta təyin edək?
btn-tm-schedule = 📅 Təyin et
tm-schedule-set = 📅 Turnir təyin olundu:
tm-schedule-daily = { $kind }, { $variant }: hər gün saat { $time } ({ $zone })
tm-schedule-once = { $kind }, { $variant }: { $date } saat { $time } ({ $zone })
tm-schedule-lobby = Qeydiyyat başlanğıcdan { $minutes } dəqiqə əvvəl burada yeni mesajla açılır.
tm-schedule-cancelled = ✖ Cədvəl ləğv olundu: { $line }
btn-tm-schedule-cancel = ✖ Cədvəli ləğv et
btn-tm-schedule-cancel-n = ✖ { $number } nömrəlini ləğv et
tm-schedule-none = Bu qrupda cədvəl üzrə turnir yoxdur. Admin belə təyin edir: /tournament 20:00 və ya /tournament daily 20:00.
tm-schedule-list = 📅 Qrupun cədvəl üzrə turnirləri:
tm-schedule-admins = Turnirləri yalnız qrupun adminləri təyin edə və cədvəli ləğv edə bilər.
tm-schedule-too-many = Qrupda ən çox { $count } cədvəl üzrə turnir ola bilər. Əvvəlcə birini ləğv edin (/tournament schedule).
tm-schedule-gone = Bu cədvəl artıq ləğv olunub və ya bitib.
tm-schedule-cancelled-answer = Cədvəl ləğv olundu.
tm-schedule-usage = Turnir təyin etmək üçün: /tournament 20:00 (bir dəfə) və ya /tournament daily 20:00 (hər gün), qrupun vaxtı ilə. Siyahı: /tournament schedule.
