## Что случилось с вашего последнего хода (подпись к доске)
seen-opening = Первый бросок: { $first } { $d1 } : { $second } { $d2 }
seen-move = { $name } { $d1 }-{ $d2 }: { $move }
seen-forced = { $name } { $d1 }-{ $d2 }: { $move } (единственный ход, сыгран автоматически)
seen-pass = { $name }: выпало { $d1 }-{ $d2 }, хода нет — { $why }.
seen-why-bar-one = с бара не зайти на { $d1 }, этот пункт закрыт
seen-why-bar-two = с бара не зайти ни на { $d1 }, ни на { $d2 }, оба пункта закрыты
seen-why-blocked-one = ни одной шашкой нельзя сыграть { $d1 }
seen-why-blocked-two = ни одной шашкой нельзя сыграть ни { $d1 }, ни { $d2 }
seen-why-six-block = нельзя строить шесть пунктов подряд
seen-why-not-all-home = выбрасывать можно, только когда все 15 шашек дома
seen-why-higher-checker = сначала должна ходить шашка с более высокого пункта
seen-why-unknown = допустимого хода нет
seen-double = { $name } удваивает ставку до { $value }.
seen-take = { $name } принимает: куб на { $value }.
seen-drop = { $name } отказывается от удвоения.
seen-resign = { $name } сдаётся.
seen-timeout = { $name }: время вышло.
seen-result = 🏆 { $name } выигрывает { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
} ({ $kind }).
seen-earlier = … ещё { $count ->
    [one] { $count } строка
    [few] { $count } строки
    [many] { $count } строк
   *[other] { $count } строки
} раньше: /log

## Список ходов (/log)
cmd-log = Ходы партии
log-title = 📜 { $variant }: ходы
log-numbering = Пункты пронумерованы так, как доску видит { $name }.
log-title-match = 📜 { $variant }: ходы { $number }-й партии матча до { $length }
log-pass = { $d1 }-{ $d2 }: хода нет
log-double = удваивает до { $value }
log-take = принимает ({ $value })
log-drop = отказывается
log-resign = сдаётся
log-timeout = время вышло
log-no-game-group = В этой группе ещё не играли. Начните партию: /nard.

## Доски в группах
board-updating = ⏳ Доска обновляется: взгляните ещё раз через мгновение.
