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
btn-cube-on = Ikkilash kubigi bilan
btn-cube-off = Ikkilash kubigisiz
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
new-level-pr = { $level } — PR { $pr } darajasida oʻynaydi
new-level-pr-explain = PR: har bir qarorda yoʻqotilgan ekviti × 500; qanchalik past boʻlsa, shuncha kuchli (jahon darajasi — 5 dan past, yangi boshlovchilar — 25 va undan yuqori).
new-level-at-judge = { $level } — tahlilimiz kabi oʻynaydi (PR { $pr }: tahlil uning xatolarini koʻrmaydi)
