## Taxtanın altındakı yazı
variant-short = Qısa nərd
variant-long = Uzun nərd
match-score = Matç { $length } xala qədər: { $me }–{ $them }
crawford-game = Krouford oyunu: ikiqatlamaq olmaz.
your-roll = Növbə sizindir: zərləri atın və ya ikiqatlayın.
your-move = Gedişiniz: { $d1 }-{ $d2 }. Daşı seçin.
your-move-listed = Gedişiniz: { $d1 }-{ $d2 }. Gedişi seçin.
your-move-partial = Gedişiniz: { $d1 }-{ $d2 }. Hələlik: { $move }
your-move-pending = Gedişiniz: { $move }. Bir neçə saniyəyə göndəriləcək; «↶ Geri al» onu geri qaytarır.
waiting-for = { $name } gözlənilir…
double-answer = { $name } dəyəri ikiqat artırmağı təklif edir (kub: { $value }). Qəbul edirsiniz, yoxsa imtina edirsiniz?
double-wait = { $name } dəyəri ikiqat artırmağı təklif edir (kub: { $value }). Cavab gözlənilir…
game-over = Oyun bitdi.
match-over = 🏆 Matç bitdi: { $winner } { $won }–{ $lost } hesabı ilə qalib gəldi.
time-left = ⏱ Gediş üçün { $minutes }:{ $seconds } qalıb
point-bar = bar
point-off = yığ

## Düymələr
btn-roll = 🎲 Zər at
btn-roll-always = 🎲 Bu oyunda ikiqatlamadan
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
alert-illegal = Bu gediş indi mümkün deyil.
alert-unavailable = Heç nə yadda saxlanmadı: bot verilənlər bazasına qoşula bilmədi. Bir azdan yenidən basın.
no-game = Davam edən oyununuz yoxdur. /new ilə yenisini başlayın.
timer-warning = ⏱ Tələsin: gediş üçün { $seconds } saniyə qalıb, yoxsa vaxta görə uduzacaqsınız.

## Nəticələr
kind-plain = adi
kind-mars = mars
kind-koks = koks
kind-home_mars = ev marsı
reason-borne_off = qalib bütün daşlarını yığdı
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
rating-pair-limit = Reytinq dəyişmədi: eyni iki oyunçu arasında gündə yalnız { $limit } reytinq oyunu hesablanır.
btn-hint = 💡 İpucu
hint-title = 💡 { $d1 }-{ $d2 } üçün ən yaxşı gedişlər:
hint-best = { $rank }. { $move } (ekviti { $equity })
hint-line = { $rank }. { $move } ({ $equity })
hint-rated = İpucları yalnız kompüterlə reytinqsiz oyunlarda verilir.
hint-not-now = İpucu öz gedişiniz üçündür, zərlər atıldıqdan sonra.
