## Raqib topish
cmd-play = Raqib topish
btn-find-opponent = 🔎 Raqib topish
mm-ask-variant = Qaysi oʻyin uchun raqib izlaymiz?
mm-ask-length = Qanday uzunlikdagi match sizga mos?
mm-ask-cube = Ikkilash kubigi bilanmi?
btn-mm-any-length = Istalgan uzunlik
btn-mm-any-cube = Farqi yoʻq
mm-any = istalgan
mm-waiting =
    🔎 { $variant } uchun raqib izlanmoqda (match: { $lengths })…
    Kutish { $minutes }:{ $seconds } · { $searching } oʻyinchi izlamoqda
btn-mm-cancel = Izlashni bekor qilish
mm-cancelled = Izlash bekor qilindi.
mm-not-searching = Siz hozir raqib izlamayapsiz.
mm-found =
    🎲 Raqib topildi: { $name } (reyting { $rating }).
    { $variant }, { $length ->
        [one] 1 partiya
       *[other] { $length } ochkogacha match
    }, { $cube }. Reytingli oʻyin: omad!
mm-with-cube = ikkilash kubigi bilan
mm-without-cube = ikkilash kubigisiz
mm-expired = { $minutes } daqiqa ichida boʻsh raqib topilmadi. Kompyuter bilan oʻynaysizmi yoki yana izlaysizmi?
btn-mm-computer = 🤖 Kompyuter bilan
btn-mm-again = 🔎 Yana izlash
top-activity = 🔎 Hozir izlamoqda: { $searching } · bugungi reytingli oʻyinlar: { $games }
top-activity-group = 🔎 Hozir izlamoqda: { $searching } · bu guruh oʻyinchilarining bugungi reytingli oʻyinlari: { $games }
btn-mm-play = 🎲 Oʻynash
mm-notice = 🔎 Kimdir raqib izlayapti: { $variant } (reyting { $rating }). Oʻynaysizmi?
