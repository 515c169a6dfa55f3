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

## Вызовы и /nard
challenge-own-posted = Это ваш собственный вызов: подождите, пока его примет кто-то другой.
challenge-with-cube = С кубом удвоения.
nard-bad-length = Матч играется до 1, 3, 5 или 7 очков, а не до { $word }. Например: /nard short 5
nard-bad-word = «{ $word }» — не вариант. Напишите /nard, затем short или long, длину матча (1, 3, 5 или 7) и cube для куба удвоения, в любом порядке. Например: /nard short 5 cube
nard-long-cube = Длинные нарды играются без куба удвоения. Например: /nard long 3

## Карточки-вызовы: игрок ещё не открывал бота
card-open-bot = Игра началась! Откройте бота, чтобы увидеть свою доску: игра ждёт вас.
game-called-off = { $name } не открыл(а) бота за { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минуты
}, поэтому игра отменена. На рейтинг она не влияет.
card-called-off = 🎲 Игра отменена: { $name } не открыл(а) бота вовремя.
