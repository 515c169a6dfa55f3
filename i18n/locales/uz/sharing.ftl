## Sharing from the web board: prepared messages and stories
web-share-result = 📤 Natijani ulashish
web-share-challenge = 🎲 Doʻstni chaqirish
web-share-story = 📸 Hikoyaga joylash
web-share-unavailable = Telegram ilovangiz bu yerdan ulasha olmaydi. Uni yangilang yoki chatdan foydalaning.
web-share-failed = Telegram ulashish uchun xabarni qabul qilmadi. Birozdan keyin yana urinib koʻring.
share-result = 🏆 { $winner } { $variant } oʻyinida { $loser }ni yutdi: +{ $points } ({ $kind }).
share-result-match = { $length } ochkolik match: { $score }
share-result-title = 🎲 Nard oʻyini natijasi
share-story-text = Nard oʻyini 🎲
btn-share-play = 🎲 Nard oʻynash
