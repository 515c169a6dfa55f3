## Əmrlər (Telegram-ın göstərdiyi menyu)
cmd-start = Botu başlat
cmd-new = Yeni oyun
cmd-games = Davam edən oyunlarım
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
    /play – reytinqli oyun üçün rəqib tap
    /nard – qrupda: oradakı istənilən şəxsin qoşula biləcəyi oyun (/nard long, /nard short 3 cube)
    /games – davam edən oyunlarınız (yazışma da), hər birinin taxtası düymədə
    /top – liderlər cədvəli: bu gün, bu həftə, bütün zamanlar
    /me – statistikanız və reytinq qrafiki
    /resign – cari oyunda təslim ol
    /rules – hər iki oyunun qaydaları
    /settings – ayarlarınız, məsələn gedişi «Hazır» ilə təsdiqləmək
    /seed – zərlər üçün öz toxumunuz (zərlər ədalətlidir: hər oyundan sonra yoxlamaq olar)
    /lang – dili dəyiş
    Bütöv gediş yazılmış düymə (8/5 6/5) onu dərhal oynayır; 13→7 bir daşı aparır; xananın nömrəsi daşı seçir, sonra onun gedəcəyi xanaya toxunun. «Geri al» bir addım geri qaytarır, «Hazır» gedişi bitirir.
btn-new-game = 🎲 Yeni oyun
btn-rules = 📖 Qaydalar
choose-language = Dili seçin:
language-set = Dil: azərbaycanca

## Commands the bot cannot do here
command-unknown = { $command } əmrini bilmirəm. /help nələr edə bildiyimi göstərir.
command-group-only-nard = /nard qrupda oradakı istənilən şəxsin qoşula biləcəyi oyun elan edir: məni qrupa əlavə edin və /nard əmrini orada göndərin. Burada /new kompüterlə və ya dostla oyun başladır.
command-private-only-play = /play mənimlə şəxsi çatda reytinqli oyun üçün rəqib tapır: onu açın və /play əmrini orada göndərin. Burada /nard istənilən şəxsin qoşula biləcəyi oyun elan edir.
btn-add-to-group = ➕ Qrupa əlavə et
group-welcome = Hamıya salam! /nard buradakı istənilən şəxsin qoşula biləcəyi nərd oyunu elan edir; /top — qrupun liderlər cədvəli; /help — qalanları.
