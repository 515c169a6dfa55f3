# Oʻzbekcha. Kalitlar va oʻrinbosarlar asosiy til — en.ftl bilan bir xil.

## Buyruqlar (Telegram koʻrsatadigan menyu)
cmd-start = Botni ishga tushirish
cmd-new = Yangi oʻyin
cmd-games = Joriy oʻyinimni koʻrsatish
cmd-resign = Joriy oʻyinda taslim boʻlish
cmd-rules = Qisqa va uzun nard qoidalari
cmd-help = Yordam
cmd-lang = Tilni oʻzgartirish

## Salomlashish va yordam
welcome =
    Nard botiga xush kelibsiz, { $name }!
    Kompyuter yoki doʻstingiz bilan qisqa nard (backgammon) yoki uzun nard oʻynang.
help =
    /new – yangi oʻyin: qisqa yoki uzun nard, kompyuter yoki doʻst bilan
    /games – joriy oʻyin taxtasini qayta koʻrsatish
    /top – reyting jadvali: bugun, shu hafta, barcha vaqt
    /me – statistikangiz va reyting grafigi
    /resign – joriy oʻyinda taslim boʻlish
    /rules – ikkala oʻyin qoidalari
    /lang – tilni oʻzgartirish
    Toshni tanlash uchun katakni bosing, soʻng u boradigan katakni bosing. «Bekor» bir qadam orqaga qaytaradi, «Tayyor» yurishni tugatadi.
btn-new-game = 🎲 Yangi oʻyin
btn-rules = 📖 Qoidalar
choose-language = Tilni tanlang:
language-set = Til: oʻzbekcha

## Yangi oʻyin menyusi
new-variant = Qaysi oʻyin?
new-opponent = Kim bilan oʻynaysiz?
new-level = Kompyuter qanchalik kuchli boʻlsin?
new-length = Match necha ochkogacha?
new-cube = Ikkilash kubigi bilan oʻynaymizmi?
btn-short = Qisqa nard
btn-long = Uzun nard
btn-vs-computer = 🤖 Kompyuter
btn-vs-friend = 👥 Doʻst
btn-length = { $points ->
    [one] 1 partiya
   *[other] { $points } ochkogacha
}
btn-cube-on = Kubik bilan
btn-cube-off = Kubiksiz
level-beginner = Boshlovchi
level-casual = Havaskor
level-intermediate = Oʻrta
level-strong = Kuchli
level-master = Usta
computer-name = Kompyuter ({ $level })
busy = Siz allaqachon oʻynayapsiz. Avval oʻyinni tugating yoki /resign bilan taslim boʻling.
bad-option = Bu tanlov mavjud emas. /new bilan qaytadan boshlang.

## Chaqiruvlar
challenge-created =
    Bu havolani doʻstingizga yuboring. Uni birinchi ochgan kishi siz bilan oʻynaydi:
    { $link }
    Havola { $hours } soat davomida amal qiladi.
btn-share = 📨 Chaqiruvni ulashish
btn-cancel = Chaqiruvni bekor qilish
share-text = Men bilan nard oʻyna!
challenge-cancelled = Chaqiruv bekor qilindi.
challenge-not-found = Bu chaqiruv havolasi yaroqsiz.
challenge-expired = Bu chaqiruvning muddati tugagan. Yangi havola soʻrang.
challenge-accepted = Bu chaqiruvni kimdir allaqachon qabul qilgan.
challenge-cancelled-by-creator = Bu chaqiruv bekor qilingan.
challenge-own = Bu sizning chaqiruvingiz: havolani doʻstingizga yuboring.
challenge-busy = Qaysi biringizdir allaqachon oʻynayapti. Oʻyin tugagach, qayta urinib koʻring.
game-started = Oʻyin boshlandi: { $variant }, raqib — { $name }.
rematch-sent = Yangi chaqiruv tayyor. Havola raqibingizga yuborildi, uni siz ham ulashishingiz mumkin:
    { $link }
rematch-offer = { $name } revansh taklif qilyapti! Oʻynash uchun havolani oching: { $link }

## Taxta ostidagi yozuv
variant-short = Qisqa nard
variant-long = Uzun nard
match-score = Match { $length } ochkogacha: { $me }–{ $them }
crawford-game = Krouford partiyasi: ikkilash mumkin emas.
last-move = { $name }: { $move }
last-pass = { $name }: yurish yoʻq.
your-roll = Navbat sizda: zar tashlang yoki ikkilang.
your-move = Yurishingiz: { $d1 }-{ $d2 }. Toshni tanlang.
your-move-partial = Yurishingiz: { $d1 }-{ $d2 }. Hozircha: { $move }
waiting-for = { $name } yurishi kutilmoqda…
double-answer = Raqib ikkilashni taklif qildi (kubik: { $value }). Qabul qilasizmi yoki rad etasizmi?
double-wait = { $name } ikkilashni taklif qildi (kubik: { $value }). Javob kutilmoqda…
game-over = Oʻyin tugadi.
time-left = ⏱ Yurish uchun { $minutes }:{ $seconds } qoldi
point-bar = bar
point-off = chiqarish

## Tugmalar
btn-roll = 🎲 Zar tashlash
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
no-game = Sizda davom etayotgan oʻyin yoʻq. /new bilan yangisini boshlang.
timer-warning = ⏱ Shoshiling: yurish uchun { $seconds } soniya qoldi, aks holda vaqt tugagani uchun yutqazasiz.

## Natijalar
kind-plain = oddiy
kind-mars = mars
kind-koks = koks
kind-home_mars = uy marsi
reason-borne_off = hamma toshlar chiqarildi
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

## Qoidalar
rules-short =
    Qisqa nard (backgammon)
    • Har bir oʻyinchida 15 ta tosh; siz ularni oʻzingizning 24-katagingizdan 1-katakka qarab yurgizasiz va chiqarasiz. Raqib qarama-qarshi tomonga yuradi.
    • Har bir zar — alohida yurish; dubl toʻrt marta oʻynaladi. Ikkala zarni oʻynash mumkin boʻlsa, ikkalasi ham oʻynaladi; istalgan bittasini, lekin faqat bittasini oʻynash mumkin boʻlsa — kattasi.
    • Raqibning ikki yoki undan koʻp toshi turgan katak yopiq. Raqibning yolgʻiz toshi turgan katakka tushsangiz, uni urasiz — u barga ketadi.
    • Barda toshingiz boʻlsa, boshqa toshlar yurmaydi: avval u raqib uyiga kirishi kerak.
    • 15 toshning hammasi uyingizda boʻlganda chiqarish mumkin. Gʻalaba — 1 ochko; mars — 2 (yutqazgan birorta ham tosh chiqarmadi); koks — 3 (buning ustiga uning toshi hali barda yoki sizning uyingizda).
rules-long =
    Uzun nard
    • 15 toshning hammasi boshda (24-katak) turadi; ikkala oʻyinchi taxta boʻylab bir yoʻnalishda yuradi, tosh urilmaydi.
    • Raqibning hatto bitta toshi turgan katakka ham tosh qoʻyib boʻlmaydi.
    • Bir yurishda boshdan faqat bitta tosh chiqadi; oʻyindagi eng birinchi tashlashingizda 6-6, 4-4 yoki 3-3 tushsa — ikkita.
    • Ketma-ket oltita katakni band qilib boʻlmaydi, agar raqibning birorta ham toshi ulardan oʻtib ketmagan boʻlsa.
    • 15 toshning hammasi uyingizda boʻlganda chiqarish mumkin. Gʻalaba — 1 ochko; mars yoki uy marsi (yutqazgan birorta ham tosh chiqarmadi) — 3 ochko.

## Reyting jadvallari va statistika
cmd-top = Reyting jadvallari
cmd-me = Statistikam va reytingim
top-title = 🏆 { $variant } · { $period }
top-period-day = Bugun
top-period-week = Shu hafta
top-period-all = Butun vaqt
top-line = { $rank }. { $name } — { $value }
top-empty = Hali reytingli oʻyinlar yoʻq. Jadvalga chiqish uchun doʻstingiz bilan oʻynang!
me-title = 📊 { $name }
me-stats =
    { $variant }: reyting { $rating }
    Oʻyinlar: { $games } · gʻalabalar: { $wins } · magʻlubiyatlar: { $losses }
    Mars: qildingiz { $mars_given } · boʻldingiz { $mars_taken }
    Koks: qildingiz { $koks_given } · boʻldingiz { $koks_taken }
    Eng uzun gʻalabalar seriyasi: { $best_streak }
me-no-rated = Reyting grafigi doʻstingiz bilan birinchi reytingli oʻyiningizdan keyin paydo boʻladi.

## Guruhlar va inline kartalar
cmd-nard = Shu guruhda nard oʻynash
group-challenge = { $name } oʻynashni taklif qilyapti: { $variant } ({ $points ->
    [one] 1 partiya
   *[other] { $points } ochkogacha
}). Kim qoʻshiladi?
group-challenge-taken = { $name } chaqiruvni qabul qildi: oʻyin boshlandi!
group-sides = ⚪ { $bottom } (pastda) — ⚫ { $top } (yuqorida)
group-turn = { $name } yuradi: { $d1 }-{ $d2 }
btn-join = 🎲 Qoʻshilish
lang-admins-only = Guruh tilini faqat uning administratorlari oʻzgartira oladi.
card-description = Chaqiruv kartasini yuboring: uni birinchi qabul qilgan kishi siz bilan oʻynaydi.
card-text = 🎲 { $name } sizni oʻyinga chaqiryapti: { $variant }! Bot bilan shaxsiy chatda oʻynash uchun «Qabul qilish» tugmasini bosing.
btn-accept = ✅ Qabul qilish
card-accepted = Oʻyin boshlandi! Taxtangiz bot bilan shaxsiy chatda.
card-playing = 🎲 { $a } — { $b }: { $variant } oʻynalmoqda.
btn-open-board = Taxtamni ochish
card-result = 🏆 { $winner } { $loser } ustidan gʻalaba qozondi: { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} ({ $kind }).
group-result = 🏆 { $winner } { $loser } ustidan gʻalaba qozondi: { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} ({ $kind }, { $reason }).
group-rating = { $name }: reyting { $delta } → { $rating }
group-no-board = Bot bu guruhda rasm joylay olmaydi, shuning uchun oʻyin bekor qilindi. Botga rasm yuborish huquqini bering va qayta urinib koʻring.
