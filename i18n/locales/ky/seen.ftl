## Акыркы жүрүшүңүздөн бери эмне болду (тактанын астындагы жазуу)
seen-opening = Биринчи ыргытуу: { $first } { $d1 } : { $second } { $d2 }
seen-move = { $name } { $d1 }-{ $d2 }: { $move }
seen-forced = { $name } { $d1 }-{ $d2 }: { $move } (жалгыз мүмкүн жүрүш, өзү ойнолду)
seen-pass = { $name }: { $d1 }-{ $d2 } түштү, жүрүш жок — { $why }.
seen-why-bar-one = бардан { $d1 } менен кирүүгө болбойт, ал пункт жабык
seen-why-bar-two = бардан { $d1 } менен да, { $d2 } менен да кирүүгө болбойт, эки пункт тең жабык
seen-why-blocked-one = бир да таш { $d1 } пунктка жыла албайт
seen-why-blocked-two = бир да таш { $d1 } да, { $d2 } да пунктка жыла албайт
seen-why-six-block = катары менен алты пунктту ээлөөгө болбойт
seen-why-not-all-home = 15 таштын баары үйдө болгондо гана чыгарууга болот
seen-why-higher-checker = адегенде жогорку пункттагы таш жүрүшү керек
seen-why-unknown = эрежеге ылайык жүрүш жок
seen-double = { $name } коюмду { $value } кылып эки эселөөнү сунуштайт.
seen-take = { $name } кабыл алды: эми куб { $value }.
seen-drop = { $name } эки эселөөдөн баш тартты.
seen-resign = { $name } багынды.
seen-timeout = { $name }: убакыт бүттү.
seen-result = 🏆 { $name } утту: { $points } упай ({ $kind }).
seen-earlier = … дагы { $count } мурунку сап: /log

## Жүрүштөрдүн тизмеси (/log)
cmd-log = Оюндун жүрүштөрү
log-title = 📜 { $variant }: жүрүштөр
log-numbering = Пункттар { $name } тактаны көргөндөй номерленген.
log-title-match = 📜 { $variant }: матчтын { $number }-оюнунун жүрүштөрү ({ $length } упайга чейин)
log-pass = { $d1 }-{ $d2 }: жүрүш жок
log-double = { $value } кылып эки эселейт
log-take = кабыл алат ({ $value })
log-drop = баш тартат
log-resign = багынат
log-timeout = убакыт бүттү
log-no-game-group = Бул топто азырынча оюн болгон жок. /nard менен баштаңыз.

## Топтогу такталар
board-updating = ⏳ Такта жаңыртылууда: бир аздан кийин кайра караңыз.
