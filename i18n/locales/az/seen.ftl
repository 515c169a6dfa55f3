## Son gedişinizdən bəri nə oldu (taxtanın altındakı yazı)
seen-opening = İlk atış: { $first } { $d1 } : { $second } { $d2 }
seen-move = { $name } { $d1 }-{ $d2 }: { $move }
seen-forced = { $name } { $d1 }-{ $d2 }: { $move } (yeganə gediş, avtomatik oynanıldı)
seen-pass = { $name }: { $d1 }-{ $d2 } düşdü, gediş yoxdur — { $why }.
seen-why-bar-one = bardan { $d1 } ilə girmək olmur, o xana bağlıdır
seen-why-bar-two = bardan nə { $d1 }, nə də { $d2 } ilə girmək olmur, hər iki xana bağlıdır
seen-why-blocked-one = heç bir daş { $d1 } xana gedə bilmir
seen-why-blocked-two = heç bir daş nə { $d1 }, nə də { $d2 } xana gedə bilmir
seen-why-six-block = ardıcıl altı xana tutmaq olmaz
seen-why-not-all-home = daşları yalnız 15-i də evdə olanda yığmaq olar
seen-why-higher-checker = əvvəlcə daha uzaq xanadakı daş getməlidir
seen-why-unknown = qaydaya uyğun gediş yoxdur
seen-double = { $name } ikiqatlamağı təklif edir: { $value }.
seen-take = { $name } qəbul etdi: kub indi { $value }.
seen-drop = { $name } ikiqatlamadan imtina etdi.
seen-resign = { $name } təslim oldu.
seen-timeout = { $name }: vaxt bitdi.
seen-result = 🏆 { $name } qalib gəldi: { $points } xal ({ $kind }).
seen-earlier = … daha { $count } əvvəlki sətir: /log

## Gedişlərin siyahısı (/log)
cmd-log = Oyunun gedişləri
log-title = 📜 { $variant }: gedişlər
log-numbering = Məntəqələr { $name } lövhəni gördüyü kimi nömrələnib.
log-title-match = 📜 { $variant }: matçın { $number } nömrəli oyununun gedişləri ({ $length } xala qədər)
log-pass = { $d1 }-{ $d2 }: gediş yoxdur
log-double = ikiqatlayır: { $value }
log-take = qəbul edir ({ $value })
log-drop = imtina edir
log-resign = təslim olur
log-timeout = vaxt bitdi
log-no-game-group = Bu qrupda hələ oyun olmayıb. /nard ilə başlayın.

## Qrupdakı taxtalar
board-updating = ⏳ Taxta yenilənir: bir azdan yenə baxın.
