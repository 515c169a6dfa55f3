## Sharing from the web board: prepared messages and stories
web-share-result = 📤 Nəticəni paylaş
web-share-challenge = 🎲 Dostu çağır
web-share-story = 📸 Hekayədə paylaş
web-share-unavailable = Telegram tətbiqiniz buradan paylaşa bilmir. Onu yeniləyin və ya çatdan istifadə edin.
web-share-failed = Telegram paylaşmaq üçün mesajı qəbul etmədi. Bir azdan yenidən cəhd edin.
share-result = 🏆 { $winner } { $variant } oyununda { $loser } üzərində qalib gəldi: +{ $points } ({ $kind }).
share-result-match = { $length } xallıq matç: { $score }
share-result-title = 🎲 Nərd oyununun nəticəsi
share-story-text = Nərd oyunu 🎲
btn-share-play = 🎲 Nərd oyna
