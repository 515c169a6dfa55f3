## Подпись к доске
variant-short = Короткие нарды
variant-long = Длинные нарды
match-score = Матч до { $length }: { $me }–{ $them }
crawford-game = Партия Кроуфорда: удваивать нельзя.
your-roll = Ваш ход: бросайте кубики или удваивайте.
your-move = Ваш ход: { $d1 }-{ $d2 }. Выберите шашку.
your-move-listed = Ваш ход: { $d1 }-{ $d2 }. Выберите ход.
your-move-partial = Ваш ход: { $d1 }-{ $d2 }. Уже сыграно: { $move }
your-move-pending = Ваш ход: { $move }. Он уйдёт через несколько секунд; «↶ Отменить» вернёт его.
waiting-for = Ходит { $name }…
double-answer = { $name } удваивает ставку до { $value }. Принимаете или отказываетесь?
double-wait = { $name } удваивает ставку до { $value }. Ждём ответа…
game-over = Партия окончена.
match-over = 🏆 Матч окончен: { $winner } побеждает со счётом { $won }–{ $lost }.
time-left = ⏱ На ход осталось { $minutes }:{ $seconds }
point-bar = бар
point-off = выброс

## Кнопки
btn-roll = 🎲 Бросить
btn-roll-always = 🎲 Без удвоений до конца партии
btn-double = Удвоить до { $value }
btn-take = ✅ Принять
btn-drop = ❌ Отказаться
btn-back = ← Назад
btn-undo = ↶ Отменить
btn-done = ✔ Готово
btn-resign = 🏳 Сдаться
btn-resign-yes = Да, сдаюсь
btn-resign-no = Нет, играю
btn-rematch = 🔁 Ещё партию

## Оповещения
alert-not-player = Это не ваша игра.
alert-not-your-turn = Сейчас не ваш ход.
alert-stale = Эта доска устарела: пользуйтесь последней.
alert-finished = Эта игра окончена.
alert-illegal = Такой ход сейчас невозможен.
alert-unavailable = Ничего не сохранено: бот не смог связаться со своей базой данных. Нажмите ещё раз чуть позже.
no-game = У вас нет текущей игры. Начните новую: /new.
timer-warning = ⏱ Поторопитесь: на ход { $seconds ->
    [one] осталась { $seconds } секунда
    [few] осталось { $seconds } секунды
    [many] осталось { $seconds } секунд
   *[other] осталось { $seconds } секунды
}, иначе вам засчитают поражение по времени.

## Результаты
kind-plain = обычная
kind-mars = марс
kind-koks = кокс
kind-home_mars = домашний марс
reason-borne_off = победитель вывел все шашки
reason-resign = сдача
reason-timeout = время вышло
reason-drop = отказ от удвоения
result-win = 🏆 Вы выиграли { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
} ({ $kind }, { $reason }).
result-loss = Вы проиграли { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
} ({ $kind }, { $reason }).
match-won = 🏆 Вы выиграли матч!
match-lost = Вы проиграли матч.
match-next = Начинается { $number }-я партия матча.
rating-change = Рейтинг: { $delta } → { $rating }
rating-pair-limit = Рейтинг не изменился: между одними и теми же соперниками в день в рейтинг идут не больше { $limit ->
    [one] { $limit } партии
    [few] { $limit } партий
    [many] { $limit } партий
   *[other] { $limit } партии
}.
btn-hint = 💡 Подсказка
hint-title = 💡 Лучшие ходы для { $d1 }-{ $d2 }:
hint-best = { $rank }. { $move } (эквити { $equity })
hint-line = { $rank }. { $move } ({ $equity })
hint-rated = Подсказки есть только в нерейтинговых партиях с компьютером.
hint-not-now = Подсказка — для вашего хода, когда кости уже брошены.
