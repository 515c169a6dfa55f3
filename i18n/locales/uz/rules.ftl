## Qoidalar
rules-short =
    Qisqa nard (backgammon)
    • Har bir oʻyinchida 15 ta tosh; siz ularni oʻzingizning 24-katagingizdan 1-katakka qarab yurgizasiz va chiqarasiz. Raqib qarama-qarshi tomonga yuradi.
    • Har bir zar — alohida yurish; dubl toʻrt marta oʻynaladi. Ikkala zarni oʻynash mumkin boʻlsa, ikkalasi ham oʻynaladi; istalgan bittasini, lekin faqat bittasini oʻynash mumkin boʻlsa — kattasi.
    • Raqibning ikki yoki undan koʻp toshi turgan katak yopiq. Raqibning yolgʻiz toshi turgan katakka tushsangiz, uni urasiz — u barga ketadi.
    • Barda toshingiz boʻlsa, boshqa toshlar yurmaydi: avval u raqib uyiga kirishi kerak.
    • 15 toshning hammasi uyingizda boʻlganda chiqarish mumkin. Gʻalaba — 1 ochko; mars — 2 (yutqazgan birorta ham tosh chiqarmadi); koks — 3 (buning ustiga uning toshi hali barda yoki sizning uyingizda).
    • Yurishlar katakdan katakka yoziladi: 13/7; * — urish, bar/20 — bardan kirish, 6/chiqarish — tosh taxtadan chiqarildi.
rules-long =
    Uzun nard
    • 15 toshning hammasi boshda (24-katak) turadi; ikkala oʻyinchi taxta boʻylab bir yoʻnalishda yuradi, tosh urilmaydi.
    • Raqibning hatto bitta toshi turgan katakka ham tosh qoʻyib boʻlmaydi.
    • Bir yurishda boshdan faqat bitta tosh chiqadi; oʻyindagi eng birinchi tashlashingizda 6-6, 4-4 yoki 3-3 tushsa — ikkita.
    • Ketma-ket oltita katakni band qilib boʻlmaydi, agar raqibning birorta ham toshi ulardan oʻtib ketmagan boʻlsa.
    • 15 toshning hammasi uyingizda boʻlganda chiqarish mumkin. Gʻalaba — 1 ochko; mars (yutqazgan birorta ham tosh chiqarmadi) — 3 ochko; uyga yigʻilgan mars (yutqazgan 15 toshning hammasini uyiga olib kirgan, lekin birortasini ham chiqarmagan) — bu ham 3 ochko. Uni qisqa narddagi koks («uy marsi») bilan adashtirmang: uzun nardda koks yoʻq.
    • Yurishlar katakdan katakka yoziladi: 24/18; 6/chiqarish — tosh taxtadan chiqarildi.
