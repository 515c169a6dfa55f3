## Rəqib tapmaq
cmd-play = Rəqib tap
btn-find-opponent = 🔎 Rəqib tap
mm-ask-variant = Hansı oyun üçün rəqib axtaraq?
mm-ask-length = Hansı uzunluqda matç sizə uyğundur?
mm-ask-cube = İkiqatlama kubu ilə?
btn-mm-any-length = İstənilən uzunluq
btn-mm-any-cube = Fərqi yoxdur
mm-any = istənilən
mm-waiting =
    🔎 { $variant } üçün rəqib axtarılır (matç: { $lengths })…
    Gözləmə { $minutes }:{ $seconds } · { $searching } oyunçu axtarır
btn-mm-cancel = Axtarışı ləğv et
mm-cancelled = Axtarış ləğv edildi.
mm-not-searching = Siz hazırda rəqib axtarmırsınız.
mm-found =
    🎲 Rəqib tapıldı: { $name } (reytinq { $rating }).
    { $variant }, { $length ->
        [one] 1 oyun
       *[other] { $length } xala qədər matç
    }, { $cube }. Reytinqli oyun: uğurlar!
mm-with-cube = kubla
mm-without-cube = kubsuz
mm-expired = { $minutes } dəqiqə ərzində boş rəqib tapılmadı. Kompüterlə oynayırsınız, yoxsa yenidən axtarırsınız?
btn-mm-computer = 🤖 Kompüterlə
btn-mm-again = 🔎 Yenidən axtar
top-activity = 🔎 İndi axtarır: { $searching } · bu gün reytinqli oyunlar: { $games }
top-activity-group = 🔎 İndi axtarır: { $searching } · bu qrupun oyunçularının bu günkü reytinq oyunları: { $games }
btn-mm-play = 🎲 Oyna
mm-notice = 🔎 Kimsə rəqib axtarır: { $variant } (reytinq { $rating }). Oynayaq?
