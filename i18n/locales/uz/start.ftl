## Buyruqlar (Telegram koʻrsatadigan menyu)
cmd-start = Botni ishga tushirish
cmd-new = Yangi oʻyin
cmd-games = Davom etayotgan oʻyinlarim
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
    /play – reytingli oʻyin uchun raqib topish
    /nard – guruhda: undagi istalgan kishi qoʻshila oladigan oʻyin (/nard long, /nard short 3 cube)
    /games – davom etayotgan oʻyinlaringiz (yozishma ham), har birining taxtasi tugmada
    /top – reyting jadvali: bugun, shu hafta, barcha vaqt
    /me – statistikangiz va reyting grafigi
    /resign – joriy oʻyinda taslim boʻlish
    /rules – ikkala oʻyin qoidalari
    /settings – sozlamalaringiz, masalan yurishni «Tayyor» bilan tasdiqlash
    /seed – zarlar uchun oʻz urugʻingiz (zarlar halol: har bir oʻyindan keyin tekshirsa boʻladi)
    /lang – tilni oʻzgartirish
    Butun yurish yozilgan tugma (8/5 6/5) uni darhol oʻynaydi; 13→7 bitta toshni suradi; katak raqami toshni tanlaydi, soʻng u boradigan katakni bosing. «Bekor» bir qadam orqaga qaytaradi, «Tayyor» yurishni tugatadi.
btn-new-game = 🎲 Yangi oʻyin
btn-rules = 📖 Qoidalar
choose-language = Tilni tanlang:
language-set = Til: oʻzbekcha

## Commands the bot cannot do here
command-unknown = { $command } buyrugʻini bilmayman. /help nimalar qila olishimni koʻrsatadi.
command-group-only-nard = /nard guruhda istalgan kishi qoʻshila oladigan oʻyin eʼlon qiladi: meni guruhga qoʻshing va u yerda /nard yuboring. Bu yerda /new kompyuter yoki doʻst bilan oʻyin boshlaydi.
command-private-only-play = /play men bilan shaxsiy chatda reytingli oʻyin uchun raqib topadi: uni oching va u yerda /play yuboring. Bu yerda /nard istalgan kishi qoʻshila oladigan oʻyin eʼlon qiladi.
btn-add-to-group = ➕ Guruhga qoʻshish
group-welcome = Hammaga salom! /nard bu yerdagi istalgan kishi qoʻshila oladigan nard oʻyinini eʼlon qiladi; /top — guruhning peshqadamlar jadvali; /help — qolganlari.
