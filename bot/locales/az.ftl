# Azərbaycanca. Açarlar və yer tutucular əsas dildəki — en.ftl ilə eynidir.

## Əmrlər (Telegram-ın göstərdiyi menyu)
cmd-start = Botu başlat
cmd-new = Yeni oyun
cmd-games = Cari oyunumu göstər
cmd-resign = Cari oyunda təslim ol
cmd-rules = Qısa və uzun nərdin qaydaları
cmd-help = Kömək
cmd-lang = Dili dəyiş

## Salamlama və kömək
welcome =
    Nərd botuna xoş gəlmisiniz, { $name }!
    Kompüterlə və ya dostunuzla qısa nərd (backgammon) və ya uzun nərd oynayın.
help =
    /new – yeni oyun: qısa və ya uzun nərd, kompüterlə və ya dostla
    /games – cari oyunun taxtasını yenidən göstər
    /top – liderlər cədvəli: bu gün, bu həftə, bütün zamanlar
    /me – statistikanız və reytinq qrafiki
    /resign – cari oyunda təslim ol
    /rules – hər iki oyunun qaydaları
    /lang – dili dəyiş
    Daşı seçmək üçün xanaya toxunun, sonra onun gedəcəyi xanaya toxunun. «Geri al» bir addım geri qaytarır, «Hazır» gedişi bitirir.
btn-new-game = 🎲 Yeni oyun
btn-rules = 📖 Qaydalar
choose-language = Dili seçin:
language-set = Dil: azərbaycanca

## Yeni oyun menyusu
new-variant = Hansı oyun?
new-opponent = Kimlə oynamaq istəyirsiniz?
new-level = Kompüter nə qədər güclü olsun?
new-length = Matç neçə xala qədər?
new-cube = İkiqatlama kubu ilə oynayaq?
btn-short = Qısa nərd
btn-long = Uzun nərd
btn-vs-computer = 🤖 Kompüter
btn-vs-friend = 👥 Dost
btn-length = { $points ->
    [one] 1 oyun
   *[other] { $points } xala qədər
}
btn-cube-on = Kubla
btn-cube-off = Kubsuz
level-beginner = Başlanğıc
level-casual = Həvəskar
level-intermediate = Orta
level-strong = Güclü
level-master = Usta
computer-name = Kompüter ({ $level })
busy = Siz artıq oynayırsınız. Əvvəlcə oyunu bitirin və ya /resign ilə təslim olun.
bad-option = Bu seçim mövcud deyil. /new ilə yenidən başlayın.

## Çağırışlar
challenge-created =
    Bu linki dostunuza göndərin. Onu ilk açan sizinlə oynayacaq:
    { $link }
    Link { $hours } saat ərzində qüvvədədir.
btn-share = 📨 Çağırışı paylaş
btn-cancel = Çağırışı ləğv et
share-text = Mənimlə nərd oyna!
challenge-cancelled = Çağırış ləğv edildi.
challenge-not-found = Bu çağırış linki etibarsızdır.
challenge-expired = Bu çağırışın vaxtı bitib. Yeni link istəyin.
challenge-accepted = Bu çağırışı artıq kimsə qəbul edib.
challenge-cancelled-by-creator = Bu çağırış ləğv edilib.
challenge-own = Bu sizin öz çağırışınızdır: linki dostunuza göndərin.
challenge-busy = Sizdən biri artıq oynayır. Oyun bitəndə yenidən cəhd edin.
game-started = Oyun başladı: { $variant }, rəqib — { $name }.
rematch-sent = Yeni çağırış hazırdır. Link rəqibinizə göndərildi, siz də onu paylaşa bilərsiniz:
    { $link }
rematch-offer = { $name } revanş istəyir! Oynamaq üçün bu linki açın: { $link }

## Taxtanın altındakı yazı
variant-short = Qısa nərd
variant-long = Uzun nərd
match-score = Matç { $length } xala qədər: { $me }–{ $them }
crawford-game = Krouford oyunu: ikiqatlamaq olmaz.
last-move = { $name }: { $move }
last-pass = { $name }: gediş yoxdur.
your-roll = Növbə sizindir: zərləri atın və ya ikiqatlayın.
your-move = Gedişiniz: { $d1 }-{ $d2 }. Daşı seçin.
your-move-partial = Gedişiniz: { $d1 }-{ $d2 }. Hələlik: { $move }
waiting-for = { $name } gözlənilir…
double-answer = Rəqib dəyəri ikiqat artırmağı təklif edir (kub: { $value }). Qəbul edirsiniz, yoxsa imtina edirsiniz?
double-wait = { $name } dəyəri ikiqat artırmağı təklif edir (kub: { $value }). Cavab gözlənilir…
game-over = Oyun bitdi.
time-left = ⏱ Gediş üçün { $minutes }:{ $seconds } qalıb
point-bar = bar
point-off = yığ

## Düymələr
btn-roll = 🎲 Zər at
btn-double = İkiqatla: { $value }
btn-take = ✅ Qəbul et
btn-drop = ❌ İmtina et
btn-back = ← Geri
btn-undo = ↶ Geri al
btn-done = ✔ Hazır
btn-resign = 🏳 Təslim ol
btn-resign-yes = Bəli, təslim
btn-resign-no = Xeyr, davam
btn-rematch = 🔁 Yenə oyna

## Xəbərdarlıqlar
alert-not-player = Bu sizin oyununuz deyil.
alert-not-your-turn = İndi sizin növbəniz deyil.
alert-stale = Bu taxta köhnəlib: ən sonuncusundan istifadə edin.
alert-finished = Bu oyun bitib.
no-game = Davam edən oyununuz yoxdur. /new ilə yenisini başlayın.
timer-warning = ⏱ Tələsin: gediş üçün { $seconds } saniyə qalıb, yoxsa vaxta görə uduzacaqsınız.

## Nəticələr
kind-plain = adi
kind-mars = mars
kind-koks = koks
kind-home_mars = ev marsı
reason-borne_off = bütün daşlar yığıldı
reason-resign = təslim olma
reason-timeout = vaxt bitdi
reason-drop = ikiqatlamadan imtina edildi
result-win = 🏆 Siz { $points ->
    [one] 1 xal
   *[other] { $points } xal
} qazandınız ({ $kind }, { $reason }).
result-loss = Siz { $points ->
    [one] 1 xal
   *[other] { $points } xal
} itirdiniz ({ $kind }, { $reason }).
match-won = 🏆 Siz matçı qazandınız!
match-lost = Siz matçı uduzdunuz.
match-next = Matçın { $number } nömrəli oyunu başlayır.
rating-change = Reytinq: { $delta } → { $rating }

## Qaydalar
rules-short =
    Qısa nərd (backgammon)
    • Hər oyunçunun 15 daşı var; siz onları öz 24-cü xananızdan 1-ci xanaya doğru aparıb taxtadan yığırsınız. Rəqib əks istiqamətdə gedir.
    • Hər zər ayrıca gedişdir; qoşa dörd dəfə oynanılır. Hər iki zəri oynamaq mümkündürsə, hər ikisi oynanılır; istənilən birini, amma yalnız birini oynamaq mümkündürsə, böyüyü oynanılır.
    • Rəqibin iki və ya daha çox daşı olan xana bağlıdır. Rəqibin tək daşı olan xanaya düşsəniz, onu vurursunuz — daş bara gedir.
    • Barda daşınız varsa, başqa daşlar oynamır: əvvəlcə o, rəqibin evinə daxil olmalıdır.
    • Bütün 15 daşınız evdə olanda yığmaq olar. Qələbə — 1 xal; mars — 2 (uduzan bir daş da yığmayıb); koks — 3 (üstəlik onun daşı hələ barda və ya sizin evinizdədir).
rules-long =
    Uzun nərd
    • Bütün 15 daş başda (24-cü xana) durur; hər iki oyunçu taxta boyu eyni istiqamətdə gedir və daş vurmaq yoxdur.
    • Rəqibin ən azı bir daşı olan xanaya keçmək olmaz.
    • Bir gedişdə başdan yalnız bir daş götürmək olar; oyunda ilk atışınızda 6-6, 4-4 və ya 3-3 düşəndə — iki daş.
    • Ardıcıl altı xanadan «hasar» qurmaq olmaz, əgər rəqibin heç bir daşı onu keçib irəli getməyibsə.
    • Bütün 15 daşınız evdə olanda yığmaq olar. Qələbə — 1 xal; mars və ya ev marsı (uduzan bir daş da yığmayıb) — 3 xal.

## Liderlər cədvəli və statistika
cmd-top = Liderlər cədvəli
cmd-me = Statistikam və reytinqim
top-title = 🏆 { $variant } · { $period }
top-period-day = Bu gün
top-period-week = Bu həftə
top-period-all = Bütün zamanlar
top-line = { $rank }. { $name } — { $value }
top-empty = Hələ reytinq oyunu yoxdur. Cədvələ düşmək üçün dostunuzla oynayın!
me-title = 📊 { $name }
me-stats =
    { $variant }: reytinq { $rating }
    Oyunlar: { $games } · qələbələr: { $wins } · məğlubiyyətlər: { $losses }
    Mars: etdiniz { $mars_given } · oldunuz { $mars_taken }
    Koks: etdiniz { $koks_given } · oldunuz { $koks_taken }
    Ən uzun qələbə seriyası: { $best_streak }
me-no-rated = Reytinq qrafiki dostunuzla ilk reytinq oyununuzdan sonra görünəcək.

## Qruplar və inline kartlar
cmd-nard = Bu qrupda nərd oyna
group-challenge = { $name } oynamağı təklif edir: { $variant } ({ $points ->
    [one] 1 oyun
   *[other] { $points } xala qədər
}). Kim qoşulur?
group-challenge-taken = { $name } çağırışı qəbul etdi: oyun başladı!
group-sides = ⚪ { $bottom } (aşağıda) — ⚫ { $top } (yuxarıda)
group-turn = Növbə: { $name }, zərlər { $d1 }-{ $d2 }
btn-join = 🎲 Qoşul
lang-admins-only = Qrupun dilini yalnız onun adminləri dəyişə bilər.
card-description = Çağırış kartı göndərin: onu ilk qəbul edən sizinlə oynayacaq.
card-text = 🎲 { $name } sizi oyuna çağırır: { $variant }! Botla şəxsi çatda oynamaq üçün «Qəbul et» düyməsini basın.
btn-accept = ✅ Qəbul et
card-accepted = Oyun başladı! Taxtanız botla şəxsi çatdadır.
card-playing = 🎲 { $a } — { $b }: { $variant } oynanılır.
btn-open-board = Taxtamı aç
card-result = 🏆 { $winner } { $loser } üzərində qələbə qazandı: { $points ->
    [one] 1 xal
   *[other] { $points } xal
} ({ $kind }).
group-result = 🏆 { $winner } { $loser } üzərində qələbə qazandı: { $points ->
    [one] 1 xal
   *[other] { $points } xal
} ({ $kind }, { $reason }).
group-rating = { $name }: reytinq { $delta } → { $rating }
group-no-board = Bot bu qrupda şəkil paylaşa bilmir, buna görə oyun ləğv edildi. Bota şəkil göndərmək icazəsi verin və yenidən cəhd edin.
