## The replay viewer on the web board
web-replay-open = 🎞 Кайталоону ушул жерден көрүү
web-replay-title = 🎞 Кайталоо
web-replay-first = Башына
web-replay-back = Бир жүрүш артка
web-replay-play = Ойнотуу
web-replay-pause = Тыныгуу
web-replay-forward = Бир жүрүш алдыга
web-replay-last = Аягына
web-replay-mistakes = Каталар
web-replay-no-analysis = Оюн али талдана элек: талдоону сураңыз, каталары ушул жерде чыгат.
web-replay-next-mistake = Кийинки ката
web-replay-mistake = { $name }: { $grade }, ойнолду { $played }, жакшысы { $best } (−{ $loss })
web-replay-cube-double = эки эселөө
web-replay-cube-no_double = эки эселебөө
web-replay-cube-take = кабыл алуу
web-replay-cube-drop = баш тартуу
