## Guruhlardagi turnirlar
cmd-tournament = Shu guruhda turnir boshlash
tournament-private = Turnirlar guruhlarda oʻynaladi: botni guruhga qoʻshing va u yerda /tournament yuboring.
tm-ask-format = 🏆 Shu guruhda turnir. Qanday turdagi?
    Chiqib ketish: reyting boʻyicha saralanadi, har bir match gʻolibi bitta oʻyinchi qolguncha davom etadi.
    Arena: belgilangan vaqt davomida boʻsh oʻyinchilar darhol juftlanadi; gʻalaba 2 ochko, mars 3 ochko, ketma-ket ikki gʻalabadan keyin har bir gʻalaba ikki barobar hisoblanadi.
btn-tm-knockout = 🏆 Chiqib ketish
btn-tm-arena = ⏱ Arena
tm-ask-minutes = Arena qancha davom etadi?
btn-tm-minutes = { $minutes } daq
tm-ask-capacity = Koʻpi bilan nechta oʻyinchi?
btn-tm-capacity = { $count }
tm-ask-start = Qachon boshlanadi?
btn-tm-when-full = Toʻlganda
btn-tm-start-in = { $minutes } daqiqadan keyin
tm-bad-option = Bu tanlov mavjud emas. /tournament bilan qaytadan boshlang.
tm-title-knockout = 🏆 Chiqib ketish turniri: { $variant }
tm-title-arena = ⏱ Arena, { $minutes } daqiqa: { $variant }
tm-matches = { $points ->
    [one] Matchlar bir partiyadan
   *[other] Matchlar { $points } ochkogacha
}
tm-with-cube = ikkilash kubigi bilan
tm-starts-full = { $total } oʻyinchi yigʻilganda boshlanadi.
tm-starts-at = { $time } da boshlanadi (kamida { $count } oʻyinchi).
tm-running = Turnir davom etmoqda.
tm-running-arena = Arena { $time } gacha davom etadi.
tm-finished = Turnir tugadi.
tm-cancelled = Turnir bekor qilindi.
tm-players = Oʻyinchilar ({ $count }/{ $total }): { $name }
tm-no-players = Hali hech kim yozilmadi.
btn-tm-join = ✅ Qatnashish
btn-tm-leave = 🚪 Chiqish
btn-tm-start = ▶ Hozir boshlash
btn-tm-cancel = ✖ Bekor qilish
tm-joined = Siz turnirdasiz! Oʻyinlaringiz bot bilan shaxsiy chatga keladi.
tm-left = Siz turnirdan chiqdingiz.
tm-left-running = Siz turnirdan chiqdingiz: oʻynayotgan matchingiz yutqazildi.
tm-started = Turnir boshlanmoqda!
tm-called-off = Turnir bekor qilindi.
tm-open-bot = Avval botni oching: turnir oʻyinlari u bilan shaxsiy chatda oʻynaladi. Soʻng yana «Qatnashish»ni bosing.
tm-opened = Endi turnirlarda qatnasha olasiz: guruhga qayting va «Qatnashish»ni bosing.
tm-refused-exists = Bu guruhda allaqachon turnir bor. Avval uni tugating yoki bekor qiling.
tm-refused-not-open = Turnir allaqachon boshlangan.
tm-refused-started = Turnir boshlandi: yozilish yopiq.
tm-refused-over = Bu turnir tugagan.
tm-refused-full = Turnirda boʻsh joy qolmadi.
tm-refused-entered = Siz allaqachon yozilgansiz.
tm-refused-elsewhere = Siz allaqachon boshqa turnirda oʻynayapsiz.
tm-refused-busy = Siz hozir oʻyin oʻynayapsiz: uni tugating, keyin yoziling.
tm-refused-not-entered = Siz bu turnirda qatnashmayapsiz.
tm-refused-too-few = Boshlash uchun kamida { $count } oʻyinchi kerak.
tm-refused-admins = Buni faqat turnir yaratuvchisi yoki guruh administratori qila oladi.
tm-refused-other-chat = Bu tugma boshqa guruh turniriga tegishli.
tm-caption-knockout = 🏆 { $variant }: { $total } bosqichdan { $number }-bosqich
tm-caption-arena = ⏱ { $variant }: { $minutes } daqiqa qoldi
tm-caption-over = 🏆 { $variant }: turnir tugadi
tm-paired-knockout = 🏆 Turnir, { $total } bosqichdan { $number }-bosqich: raqibingiz { $name }. Omad!
tm-paired-arena = ⏱ Arena: keyingi oʻyiningiz { $name } bilan. Omad!
tm-winner = 🏆 Turnir gʻolibi { $name }! Tabriklaymiz!
tm-arena-over = ⏱ Arena tugadi. Gʻoliblar:
tm-podium-1 = 🥇 { $name }: { $points } ochko
tm-podium-2 = 🥈 { $name }: { $points } ochko
tm-podium-3 = 🥉 { $name }: { $points } ochko
tm-forfeit-line = Turnirda oʻyindan chiqish yoki vaqt tugashi butun matchni yutqazadi.
me-tournaments = 🏆 Turnirlar: oʻynalgan { $count }, yutilgan { $won }
