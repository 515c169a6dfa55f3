## Qruplar və inline kartlar
cmd-nard = Bu qrupda nərd oyna
group-challenge = { $name } oynamağı təklif edir: { $variant } ({ $points ->
    [one] 1 oyun
   *[other] { $points } xala qədər
}). Kim qoşulur?
group-challenge-taken = { $name } çağırışı qəbul etdi: oyun başladı!
group-sides = ⚪ { $bottom } (aşağıda) — ⚫ { $top } (yuxarıda)
group-turn = Növbə: { $name }, zərlər { $d1 }-{ $d2 }
btn-join = 🎲 Qoşul
lang-admins-only = Qrupun dilini yalnız onun adminləri dəyişə bilər.
card-description = Çağırış kartı göndərin: onu ilk qəbul edən sizinlə oynayacaq.
card-text = 🎲 { $name } sizi oyuna çağırır: { $variant }! Botla şəxsi çatda oynamaq üçün «Qəbul et» düyməsini basın.
btn-accept = ✅ Qəbul et
card-accepted = Oyun başladı! Taxtanız botla şəxsi çatdadır.
card-playing = 🎲 { $a } — { $b }: { $variant } oynanılır.
btn-open-board = Taxtamı aç
card-result = 🏆 { $winner } { $loser } üzərində qələbə qazandı: { $points ->
    [one] 1 xal
   *[other] { $points } xal
} ({ $kind }).
group-result = 🏆 { $winner } { $loser } üzərində qələbə qazandı: { $points ->
    [one] 1 xal
   *[other] { $points } xal
} ({ $kind }, { $reason }).
group-rating = { $name }: reytinq { $delta } → { $rating }
group-match-score = Matç { $length } xala qədər: { $a } { $me }–{ $them } { $b }
group-no-board = Bot bu qrupda şəkil paylaşa bilmir, buna görə oyun ləğv edildi. Bota şəkil göndərmək icazəsi verin və yenidən cəhd edin.
