## Vaqt nazorati: nomlari va tanlash
tc-seconds = { $seconds } son
tc-minutes = { $minutes } daq
tc-hours = { $hours } soat
tc-move = har yurishga { $span }
tc-clock = { $delay } + har ochkoga { $bank }
tc-correspondence = har yurishga { $days } kun
btn-tc-correspondence = 📬 Yozishma oʻyini
tc-line = ⏱ Vaqt nazorati: { $control }
tc-choose = ⏱ Vaqt nazorati: { $control }. Uni quyidagi tugmalar bilan oʻzgartirish mumkin.
tc-not-offered = Bu chaqiruvda bot taklif qilmaydigan vaqt nazorati koʻrsatilgan, shuning uchun oʻyin boshlanmadi. Doʻstingizdan yangi chaqiruv soʻrang.
tc-card-title = { $variant } · { $control }
tc-nard-unknown = "{ $word }" bu yerda vaqt nazorati emas. Mavjudlari: { $controls }.
