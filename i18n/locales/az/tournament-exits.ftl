# Turnirin oyunçuları, yaradıcısı və ya bot qrupdan çıxır; dolmayan turnir.
tm-left-group = 👋 { $name } qrupdan çıxdı və turnirdən kənarlaşdı.
tm-left-group-you = 🏆 Siz «{ $group }» qrupundan çıxdınız, ona görə də onun turnirindən kənarlaşdınız.
tm-creator-left = 🏆 Turnirin yaradıcısı qrupdan çıxdı: indi turniri onun oyunçuları və qrupun adminləri başlada və ya ləğv edə bilər.
tm-bot-removed = 🏆 «{ $group }» qrupundakı turnir ləğv edildi: bot qrupdan çıxarıldı. Başlanmış oyun adi reytinqli oyun kimi davam edir.
tm-open-until = Sabah { $time } qədər yerlər dolmasa, turnir ləğv edilir.
tm-refused-players = Turnirin yaradıcısı çıxıb: bunu yalnız turnirin oyunçuları və ya qrupun admini edə bilər.
tm-away = ⏱ Siz arenada ardıcıl iki matçı sona çatdırmadan uduzdunuz, ona görə də arenadan kənarlaşdınız. Davam etmək üçün qrupda ✅ Qatıl düyməsini basın.
