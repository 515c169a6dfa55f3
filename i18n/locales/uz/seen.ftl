## Soʻnggi yurishingizdan beri nima boʻldi (taxta ostidagi yozuv)
seen-opening = Birinchi tashlash: { $first } { $d1 } : { $second } { $d2 }
seen-move = { $name } { $d1 }-{ $d2 }: { $move }
seen-forced = { $name } { $d1 }-{ $d2 }: { $move } (yagona yurish, oʻzi oʻynaldi)
seen-pass = { $name }: { $d1 }-{ $d2 } tushdi, yurib boʻlmaydi — { $why }.
seen-why-bar-one = bardan { $d1 } bilan kirib boʻlmaydi, u katak yopiq
seen-why-bar-two = bardan { $d1 } bilan ham, { $d2 } bilan ham kirib boʻlmaydi, ikkala katak yopiq
seen-why-blocked-one = hech bir tosh { $d1 } katak yura olmaydi
seen-why-blocked-two = hech bir tosh { $d1 } katak ham, { $d2 } katak ham yura olmaydi
seen-why-six-block = ketma-ket oltita katakni band qilib boʻlmaydi
seen-why-not-all-home = 15 toshning hammasi uyda boʻlgandagina chiqarish mumkin
seen-why-higher-checker = avval yuqoriroq katakdagi tosh yurishi kerak
seen-why-unknown = qoidaga mos yurish yoʻq
seen-double = { $name } ikkilashni taklif qildi: { $value }.
seen-take = { $name } qabul qildi: ikkilash kubigi endi { $value }.
seen-drop = { $name } ikkilashni rad etdi.
seen-resign = { $name } taslim boʻldi.
seen-timeout = { $name }: vaqt tugadi.
seen-result = 🏆 { $name } yutdi: { $points } ochko ({ $kind }).
seen-earlier = … yana { $count } ta oldingi qator: /log

## Yurishlar roʻyxati (/log)
cmd-log = Oʻyin yurishlari
log-title = 📜 { $variant }: yurishlar
log-numbering = Punktlar { $name } taxtani koʻrganidek raqamlangan.
log-title-match = 📜 { $variant }: matchning { $number }-oʻyini yurishlari ({ $length } ochkogacha)
log-pass = { $d1 }-{ $d2 }: yurish yoʻq
log-double = ikkilashni taklif qildi: { $value }
log-take = qabul qildi ({ $value })
log-drop = rad etdi
log-resign = taslim boʻldi
log-timeout = vaqt tugadi
log-no-game-group = Bu guruhda hali oʻyin boʻlmagan. /nard bilan boshlang.

## Guruhdagi taxtalar
board-updating = ⏳ Taxta yangilanmoqda: birozdan soʻng yana qarang.
