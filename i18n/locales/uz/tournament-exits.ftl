# Turnir oʻyinchilari, yaratuvchisi yoki bot guruhdan chiqishi; toʻlmagan turnir.
tm-left-group = 👋 { $name } guruhdan chiqdi va turnirdan chetlashdi.
tm-left-group-you = 🏆 Siz «{ $group }» guruhidan chiqdingiz, shuning uchun uning turniridan chetlashdingiz.
tm-creator-left = 🏆 Turnir yaratuvchisi guruhdan chiqdi: endi turnirni uning oʻyinchilari va guruh administratorlari boshlashi yoki bekor qilishi mumkin.
tm-bot-removed = 🏆 «{ $group }» guruhidagi turnir bekor qilindi: bot guruhdan olib tashlandi. Boshlangan oʻyin oddiy reytingli oʻyin sifatida davom etadi.
tm-open-until = Agar ertaga { $time } gacha joylar toʻlmasa, turnir bekor qilinadi.
tm-refused-players = Turnir yaratuvchisi chiqib ketdi: buni faqat turnir oʻyinchilari yoki guruh administratori qila oladi.
tm-away = ⏱ Siz arenada ketma-ket ikki matchni oxiriga yetkazmay yutqazdingiz, shuning uchun arenadan chetlashdingiz. Davom etish uchun guruhda ✅ Qatnashish tugmasini bosing.
