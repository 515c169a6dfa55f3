## /resign
resign-ask = 🏳 Bu oʻyinda taslim boʻlasizmi? { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} yutqazasiz: { $kind }.
resign-ask-plain = 🏳 Bu oʻyinda taslim boʻlasizmi? { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} yutqazasiz.
resign-asking = { $name } taslim boʻlishni oʻylayapti:
resign-score-after = Match { $length } ochkogacha: hisob { $a } { $me }–{ $them } { $b } boʻladi.
resign-ends-match = Shu bilan match tugaydi: siz uni yutqazasiz.
resign-match-goes-on = Match keyingi oʻyin bilan davom etadi.
resign-cancelled = Oʻyin davom etadi!
resign-changed = Oʻyin oldinga siljidi: hozir taslim boʻlish narxi shu.
resign-done = Siz taslim boʻldingiz.

## Oʻyin davomida /new
new-busy = Siz allaqachon { $name } bilan oʻynayapsiz: { $variant }. Avval shu oʻyinni tugating yoki /resign bilan taslim boʻling.
btn-show-game = 🎲 Oʻyinni koʻrsatish

## Chaqiruvlar va /nard
challenge-own-posted = Bu sizning chaqiruvingiz: uni boshqa birov qabul qilishini kuting.
challenge-with-cube = Ikkilash kubigi bilan.
nard-bad-length = Match 1, 3, 5 yoki 7 ochkogacha oʻynaladi, { $word } emas. Masalan: /nard short 5
nard-bad-word = «{ $word }» — bunday tanlov yoʻq. /nard, soʻng short yoki long, match uzunligi (1, 3, 5 yoki 7) va ikkilash kubigi uchun cube deb istalgan tartibda yozing. Masalan: /nard short 5 cube
nard-long-cube = Uzun nard ikkilash kubigisiz oʻynaladi. Masalan: /nard long 3

## Chaqiruv kartalari: botni hali ochmagan oʻyinchi
card-open-bot = Oʻyin boshlandi! Taxtangizni koʻrish uchun botni oching: oʻyin sizni kutyapti.
game-called-off = { $name } botni { $minutes } daqiqa ichida ochmadi, shuning uchun oʻyin bekor qilindi. U reytingga hisoblanmaydi.
card-called-off = 🎲 Oʻyin bekor qilindi: { $name } botni oʻz vaqtida ochmadi.

## Chaqiruvni ulashish
btn-copy-link = 📋 Havolani nusxalash
challenge-card = 🎲 { $name } sizni oʻyinga chaqiryapti: { $variant } ({ $points ->
    [one] 1 oʻyin
   *[other] { $points } ochkogacha
}). Bot bilan shaxsiy chatda oʻynash uchun «Qabul qilish» tugmasini bosing.

## Bot profili (ishga tushganda oʻrnatiladi)
bot-description = Telegramda nard: qisqa nard (mars, koks va ikkilash kubigi bilan) va uzun nard (bosh qoidasi, uy marsi). Besh darajali kompyuter bilan, doʻstingiz bilan havola yoki chaqiruv kartasi orqali yoki guruhingiz aʼzolari bilan oʻynang. Reytinglar, kunlik peshqadamlar jadvali va shaxsiy statistikangiz.
bot-short-description = Qisqa va uzun nard: kompyuter yoki doʻstlaringiz bilan oʻynang, kunlik jadvalda yuqoriga chiqing.
bot-name = Nard — qisqa va uzun
