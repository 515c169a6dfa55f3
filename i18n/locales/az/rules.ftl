## Qaydalar
rules-short =
    Qısa nərd (backgammon)
    • Hər oyunçunun 15 daşı var; siz onları öz 24-cü xananızdan 1-ci xanaya doğru aparıb taxtadan yığırsınız. Rəqib əks istiqamətdə gedir.
    • Hər zər ayrıca gedişdir; qoşa dörd dəfə oynanılır. Hər iki zəri oynamaq mümkündürsə, hər ikisi oynanılır; istənilən birini, amma yalnız birini oynamaq mümkündürsə, böyüyü oynanılır.
    • Rəqibin iki və ya daha çox daşı olan xana bağlıdır. Rəqibin tək daşı olan xanaya düşsəniz, onu vurursunuz — daş bara gedir.
    • Barda daşınız varsa, başqa daşlar oynamır: əvvəlcə o, rəqibin evinə daxil olmalıdır.
    • Bütün 15 daşınız evdə olanda yığmaq olar. Qələbə — 1 xal; mars — 2 (uduzan bir daş da yığmayıb); koks — 3 (üstəlik onun daşı hələ barda və ya sizin evinizdədir).
    • Gedişlər xanadan xanaya yazılır: 13/7; * — vurma, bar/20 — bardan giriş, 6/yığ — daş taxtadan yığıldı.
rules-long =
    Uzun nərd
    • Bütün 15 daş başda (24-cü xana) durur; hər iki oyunçu taxta boyu eyni istiqamətdə gedir və daş vurmaq yoxdur.
    • Rəqibin ən azı bir daşı olan xanaya keçmək olmaz.
    • Bir gedişdə başdan yalnız bir daş götürmək olar; oyunda ilk atışınızda 6-6, 4-4 və ya 3-3 düşəndə — iki daş.
    • Ardıcıl altı xanadan «hasar» qurmaq olmaz, əgər rəqibin heç bir daşı onu keçib irəli getməyibsə.
    • Bütün 15 daşınız evdə olanda yığmaq olar. Qələbə — 1 xal; mars və ya ev marsı (uduzan bir daş da yığmayıb) — 3 xal.
    • Gedişlər xanadan xanaya yazılır: 24/18; 6/yığ — daş taxtadan yığıldı.
