## /resign
resign-ask = 🏳 Сдаться в этой партии? Вы проиграете { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}: { $kind }.
resign-ends-match = На этом матч закончится: вы его проиграете.
resign-match-goes-on = Матч продолжится следующей партией.
resign-cancelled = Играем дальше!
resign-changed = Игра продвинулась: вот сколько стоит сдаться сейчас.
resign-done = Вы сдались.

## /new во время игры
new-busy = Вы уже играете: { $variant }, соперник — { $name }. Доиграйте эту партию или сначала сдайтесь: /resign.
btn-show-game = 🎲 Показать игру
