## Поиск соперника
cmd-play = Найти соперника
btn-find-opponent = 🔎 Найти соперника
mm-ask-variant = В какую игру ищем соперника?
mm-ask-length = Какая длина матча вам подходит?
mm-ask-cube = С кубом удвоения?
btn-mm-any-length = Любая длина
btn-mm-any-cube = Всё равно
mm-any = любой
mm-waiting =
    🔎 Ищем соперника: { $variant } (матч: { $lengths })…
    Ожидание { $minutes }:{ $seconds } · { $searching ->
        [one] ищет { $searching } игрок
        [few] ищут { $searching } игрока
        [many] ищут { $searching } игроков
       *[other] ищут { $searching } игрока
    }
btn-mm-cancel = Отменить поиск
mm-cancelled = Поиск отменён.
mm-not-searching = Вы сейчас не ищете соперника.
mm-found =
    🎲 Соперник найден: { $name } (рейтинг { $rating }).
    { $variant }, { $length ->
        [1] 1 партия
        [one] матч до { $length } очка
        [few] матч до { $length } очков
        [many] матч до { $length } очков
       *[other] матч до { $length } очка
    }, { $cube }. Рейтинговая игра: удачи!
mm-with-cube = с кубом
mm-without-cube = без куба
mm-expired = За { $minutes ->
    [one] { $minutes } минуту
    [few] { $minutes } минуты
    [many] { $minutes } минут
   *[other] { $minutes } минуты
} свободного соперника не нашлось. Сыграть с компьютером или поискать ещё?
btn-mm-computer = 🤖 С компьютером
btn-mm-again = 🔎 Искать снова
top-activity = 🔎 Ищут соперника: { $searching } · рейтинговых партий сегодня: { $games }
top-activity-group = 🔎 Ищут соперника: { $searching } · рейтинговых партий игроков этой группы сегодня: { $games }
btn-mm-play = 🎲 Играть
mm-notice = 🔎 Кто-то ищет соперника: { $variant } (рейтинг { $rating }). Сыграем?
