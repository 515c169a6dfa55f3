## Taxta ostidagi yozuv
variant-short = Qisqa nard
variant-long = Uzun nard
match-score = Match { $length } ochkogacha: { $me }–{ $them }
crawford-game = Krouford partiyasi: ikkilash mumkin emas.
your-roll = Navbat sizda: zar tashlang yoki ikkilang.
your-move = Yurishingiz: { $d1 }-{ $d2 }. Toshni tanlang.
your-move-listed = Yurishingiz: { $d1 }-{ $d2 }. Yurishni tanlang.
your-move-partial = Yurishingiz: { $d1 }-{ $d2 }. Hozircha: { $move }
your-move-pending = Yurishingiz: { $move }. U bir necha soniyada yuboriladi; «↶ Bekor» uni qaytaradi.
waiting-for = { $name } yurishi kutilmoqda…
double-answer = { $name } ikkilashni taklif qildi (ikkilash kubigi: { $value }). Qabul qilasizmi yoki rad etasizmi?
double-wait = { $name } ikkilashni taklif qildi (ikkilash kubigi: { $value }). Javob kutilmoqda…
game-over = Oʻyin tugadi.
match-over = 🏆 Match tugadi: { $winner } { $won }–{ $lost } hisobida gʻolib chiqdi.
time-left = ⏱ Yurish uchun { $minutes }:{ $seconds } qoldi
point-bar = bar
point-off = chiqarish

## Tugmalar
btn-roll = 🎲 Zar tashlash
btn-roll-always = 🎲 Bu oʻyinda ikkilashsiz
btn-double = Ikkilash: { $value }
btn-take = ✅ Qabul
btn-drop = ❌ Rad etish
btn-back = ← Orqaga
btn-undo = ↶ Bekor
btn-done = ✔ Tayyor
btn-resign = 🏳 Taslim boʻlish
btn-resign-yes = Ha, taslimman
btn-resign-no = Yoʻq, oʻynayman
btn-rematch = 🔁 Yana oʻynash

## Ogohlantirishlar
alert-not-player = Bu sizning oʻyiningiz emas.
alert-not-your-turn = Hozir sizning navbatingiz emas.
alert-stale = Bu taxta eskirgan: eng soʻnggisidan foydalaning.
alert-finished = Bu oʻyin tugagan.
alert-illegal = Bu yurish hozir mumkin emas.
alert-unavailable = Hech narsa saqlanmadi: bot maʼlumotlar bazasiga ulana olmadi. Birozdan keyin yana bosing.
no-game = Sizda davom etayotgan oʻyin yoʻq. /new bilan yangisini boshlang.
timer-warning = ⏱ Shoshiling: yurish uchun { $seconds } soniya qoldi, aks holda vaqt tugagani uchun yutqazasiz.

## Natijalar
kind-plain = oddiy
kind-mars = mars
kind-koks = koks
kind-home_mars = uyga yigʻilgan mars
reason-borne_off = gʻolib hamma toshlarini chiqardi
reason-resign = taslim boʻlish
reason-timeout = vaqt tugadi
reason-drop = ikkilash rad etildi
result-win = 🏆 Siz { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} yutdingiz ({ $kind }, { $reason }).
result-loss = Siz { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} yutqazdingiz ({ $kind }, { $reason }).
match-won = 🏆 Siz matchda gʻolib chiqdingiz!
match-lost = Siz matchda yutqazdingiz.
match-next = Matchning { $number }-partiyasi boshlanadi.
rating-change = Reyting: { $delta } → { $rating }
rating-pair-limit = Reyting oʻzgarmadi: bir xil ikki oʻyinchi oʻrtasida kuniga faqat { $limit } ta reytingli oʻyin hisobga olinadi.
btn-hint = 💡 Maslahat
hint-title = 💡 { $d1 }-{ $d2 } uchun eng yaxshi yurishlar:
hint-best = { $rank }. { $move } (ekviti { $equity })
hint-line = { $rank }. { $move } ({ $equity })
hint-rated = Maslahatlar faqat kompyuter bilan reytingsiz oʻyinlarda beriladi.
hint-not-now = Maslahat oʻz yurishingiz uchun, zarlar tashlangandan keyin.
