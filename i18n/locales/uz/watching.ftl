# Turnir oʻyinlarini tomosha qilish (bot/views/watching.py) va arenadagi holat.
btn-watch = 👁 { $first } – { $second }
btn-watch-chat = 💬 Chatda
tm-news-watch = 👁 Oʻyinlarni jonli tomosha qiling — pastdagi tugmalar orqali.
tm-news-standing = ⏱ Arenadagi holat (u { $time } da tugaydi):
tm-news-standing-line = { $rank }. { $name }: { $points } ochko
watch-intro = 👁 Siz { $first } – { $second } oʻyinini tomosha qilyapsiz. Pastdagi taxta oʻyinni yurishma-yurish koʻrsatib boradi; unda yurib boʻlmaydi.
watch-over = Bu oʻyin tugagan: { $first } – { $second }. Mana u qanday yakunlandi.
watch-none = Bu havolada tomosha qilinadigan turnir oʻyini yoʻq.
watch-full = Bu oʻyinni chatda allaqachon juda koʻp odam tomosha qilyapti. Keyinroq urinib koʻring yoki guruh yangiliklaridan veb-taxtani oching.
