## Веб-доска (мини-приложение Telegram)
web-title = Нарды
web-lobby = Нарды
web-no-game = У вас нет текущей игры.
web-open = Открыть
web-watching = 👀 Вы наблюдаете
web-you = Вы
web-pips = Пипсы
web-level = Уровень
web-length = Матч до
web-start = ▶ Начать
web-searching = 🔎 Ищем соперника… Когда он найдётся, в чат придёт сообщение.
web-won = 🏆 Вы выиграли
web-lost = Вы проиграли
web-match-won = 🏆 Вы выиграли матч!
web-match-lost = Вы проиграли матч.
web-sent-to-chat = Отправлено в ваш чат с ботом.
web-stale = Игра ушла вперёд: вот доска, какая она сейчас.
web-offline = Нет связи. Пробуем снова…
web-reconnecting = Переподключаемся…
web-close-confirm = Выйти из игры? Она продолжится без вас, и ваше время идёт.
web-busy = Вы уже в игре.
web-back = ← Назад
web-time-left = ⏱ Ваше время на исходе.
web-double-offered = Вам предлагают удвоение: принять или отказаться?
web-your-turn = Ваш ход
web-drag-hint = Перетащите шашку на подсвеченный пункт или коснитесь шашки, затем пункта.
web-not-found = Такой игры нет.
web-signin-failed = Не удалось войти. Закройте доску и откройте её снова из чата с ботом.
web-unavailable = Бот сейчас не может связаться со своей базой данных. Попробуйте чуть позже.
web-saved-unavailable = Сохранено. Доска покажет это, как только бот снова свяжется со своей базой данных.
web-status-over = Игра окончена.
web-status-waiting = { $name } ходит…
web-status-roll = Ваш ход: бросайте кости или удваивайте.
web-status-doubled = Вам предлагают удвоение: принять или отказаться?
web-status-roll-only = Ваш ход: бросайте кости.
web-status-done = Нажмите «Готово», чтобы закончить ход.
web-status-move-more = Ваш ход: { $count ->
    [one] осталось передвинуть { $count } шашку.
    [few] осталось передвинуть { $count } шашки.
    [many] осталось передвинуть { $count } шашек.
   *[other] осталось передвинуть { $count } шашки.
    }
web-moves = Ходы
web-full-moves = Ход целиком:
btn-web-board = 🎯 Открыть доску
btn-web-lobby = 🎲 Играть
web-skill-title = 📊 PR и удача ({ $games ->
    [one] { $games } разобранная партия
    [few] { $games } разобранные партии
    [many] { $games } разобранных партий
   *[other] { $games } разобранной партии
    })
web-skill-player = { $name }: PR { $pr } · удача { $luck } · с поправкой на удачу { $adjusted }
## Контроль времени на веб-доске
web-time-control = Время
web-control-unknown = Такой контроль времени здесь не предлагается. Выберите из списка.
web-control-not-for-computer = Игра по переписке — только с людьми: для игры с компьютером выберите контроль для живой игры.
web-clock-warning = ⏱ Осталось меньше { $seconds } секунд!
web-clock-delay = задержка
web-clock-bank = запас
web-deadline = Ход до { $when }
web-my-games = Ваши игры
web-turn-yours = Ваш ход
web-turn-theirs = Ход соперника
