## Sozlamalar (/settings)
cmd-settings = Sozlamalar
settings-title = ⚙️ Sozlamalaringiz. Sozlamani yoqish yoki oʻchirish uchun tugmani bosing.
settings-on = yoqilgan
settings-off = oʻchirilgan
settings-saved = Saqlandi.
setting-confirm = Yurishni «Tayyor» bilan tasdiqlash
setting-confirm-about = Yoqilgan: yurishingiz «Tayyor» tugmasini bosganingizda tugaydi, shungacha «Bekor» ishlaydi. Oʻchirilgan: oxirgi zar oʻynalishi bilan yurish darhol tugaydi.
