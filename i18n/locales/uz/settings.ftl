## Sozlamalar (/settings)
cmd-settings = Sozlamalar
settings-title = ⚙️ Sozlamalaringiz. Sozlamani yoqish yoki oʻchirish uchun tugmani bosing.
settings-on = yoqilgan
settings-off = oʻchirilgan
settings-saved = Saqlandi.
setting-confirm = Yurishni «Tayyor» bilan tasdiqlash
setting-confirm-about = Yoqilgan: yurishingiz «Tayyor» tugmasini bosganingizda tugaydi, shungacha «Bekor» ishlaydi. Oʻchirilgan (odatiy): oxirgi zar oʻynalgach, yurish bir necha soniyada oʻzi yuboriladi; shungacha «Bekor» uni qaytaradi, «Tayyor» darhol yuboradi.
setting-mm_short = 🔔 Qisqa nard
setting-mm_short-about = Kimdir bu oʻyinga raqib izlasa, xabar beraman: soatiga koʻpi bilan bir marta, oʻyin paytida hech qachon.
setting-mm_long = 🔔 Uzun nard
setting-mm_long-about = Kimdir bu oʻyinga raqib izlasa, xabar beraman: soatiga koʻpi bilan bir marta, oʻyin paytida hech qachon.
