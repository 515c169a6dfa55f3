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
group-match-score = Match { $length } ochkogacha: { $a } { $me }–{ $them } { $b }
group-no-board = Bot bu guruhda rasm joylay olmaydi, shuning uchun oʻyin bekor qilindi. Botga rasm yuborish huquqini bering va qayta urinib koʻring.
