## Турниры в группах
cmd-tournament = Начать турнир в этой группе
tournament-private = Турниры играются в группах: добавьте бота в группу и отправьте там /tournament.
tm-ask-format = 🏆 Турнир в этой группе. Какой?
    На выбывание: посев по рейтингу, победитель каждого матча идёт дальше, пока не останется один.
    Арена: в течение заданного времени всех свободных игроков сразу сводят в пары; победа — 2 очка, марс — 3, а после двух побед подряд каждая победа считается вдвойне.
btn-tm-knockout = 🏆 На выбывание
btn-tm-arena = ⏱ Арена
tm-ask-minutes = Сколько длится арена?
btn-tm-minutes = { $minutes } мин
tm-ask-capacity = Сколько игроков максимум?
btn-tm-capacity = { $count }
tm-ask-start = Когда начинаем?
btn-tm-when-full = Когда наберётся
btn-tm-start-in = Через { $minutes } мин
tm-bad-option = Такой вариант недоступен. Начните заново с /tournament.
tm-title-knockout = 🏆 Турнир на выбывание: { $variant }
tm-title-arena = ⏱ Арена, { $minutes } мин: { $variant }
tm-matches = { $points ->
    [1] Матчи из одной партии
    [one] Матчи до { $points } очка
    [few] Матчи до { $points } очков
    [many] Матчи до { $points } очков
   *[other] Матчи до { $points } очков
}
tm-with-cube = с кубом удвоения
tm-starts-full = Начнётся, когда соберутся { $total ->
    [one] { $total } игрок
    [few] { $total } игрока
    [many] { $total } игроков
   *[other] { $total } игрока
}.
tm-starts-at = Начало в { $time } (нужно не меньше { $count ->
    [one] { $count } игрока
    [few] { $count } игроков
    [many] { $count } игроков
   *[other] { $count } игрока
}).
tm-running = Турнир идёт.
tm-running-arena = Арена идёт до { $time }.
tm-finished = Турнир окончен.
tm-finished-winner = Турнир окончен: 🏆 победитель — { $name }.
tm-cancelled = Турнир отменён.
tm-players = Игроки ({ $count }/{ $total }): { $name }
tm-no-players = Пока никто не записался.
btn-tm-join = ✅ Участвовать
btn-tm-leave = 🚪 Выйти
btn-tm-start = ▶ Начать сейчас
btn-tm-cancel = ✖ Отменить
tm-joined = Вы в игре! Ваши партии придут в личный чат с ботом.
tm-left = Вы вышли из турнира.
tm-left-running = Вы вышли из турнира: матч, который вы играли, проигран.
tm-started = Турнир начинается!
tm-called-off = Турнир отменён.
tm-open-bot = Сначала откройте бота: турнирные партии играются в личном чате с ним. Потом снова нажмите «Участвовать».
tm-opened = Теперь можно участвовать в турнирах: вернитесь в группу и нажмите «Участвовать».
tm-refused-exists = В этой группе уже есть турнир. Сначала доиграйте или отмените его.
tm-refused-not-open = Турнир уже начался.
tm-refused-started = Турнир начался: запись закрыта.
tm-refused-over = Этот турнир окончен.
tm-refused-full = Все места в турнире заняты.
tm-refused-entered = Вы уже записаны.
tm-refused-elsewhere = Вы уже играете в другом турнире.
tm-refused-busy = Вы сейчас играете партию: доиграйте её, потом записывайтесь.
tm-refused-not-entered = Вы не участвуете в этом турнире.
tm-refused-too-few = Чтобы начать, нужно не меньше { $count ->
    [one] { $count } игрока
    [few] { $count } игроков
    [many] { $count } игроков
   *[other] { $count } игрока
}.
tm-refused-admins = Это может сделать только создатель турнира или администратор группы.
tm-refused-other-chat = Эта кнопка относится к турниру другой группы.
tm-caption-knockout = 🏆 { $variant }: круг { $number } из { $total }
tm-caption-arena = ⏱ { $variant }: осталось { $minutes } мин
tm-caption-over = 🏆 { $variant }: турнир окончен
tm-paired-knockout = 🏆 Турнир, круг { $number } из { $total }: ваш соперник — { $name }. Удачи!
tm-paired-arena = ⏱ Арена: следующая партия — против { $name }. Удачи!
tm-news-round-start = 🏆 Круг { $number } из { $total }:
tm-news-round-over = 🏁 Круг { $number } из { $total } окончен:
tm-news-final = 🏆 Финал: { $first } – { $second }!
tm-news-arena-start = ⏱ Арена началась, игроков: { $count }, до { $time }. Первые партии:
tm-through = 🏆 Вы прошли в круг { $number } из { $total }!
tm-through-final = 🏆 Вы вышли в финал!
tm-wait-match = Ваш соперник — победитель матча { $first } – { $second }.
tm-wait-playing = Этот матч идёт сейчас; ваш начнётся, как только он закончится.
tm-wait-waiting = Этот матч ещё не начался (один из игроков доигрывает другую партию); ваш начнётся, как только он решится.
tm-wait-unknown = Ваш соперник выйдет из круга { $number }, который ещё идёт. Бот напишет, когда начнётся ваш матч.
tm-due-free = 🏆 Ваш матч круга { $number } против { $name } начнётся, как только соперник доиграет другую партию. Если к { $time } соперник не освободится, вы проходите дальше.
tm-due-busy = 🏆 Ваш матч круга { $number } против { $name } ждёт вас: доиграйте текущую партию до { $time }, иначе матч будет проигран.
tm-winner = 🏆 Турнир выигрывает { $name }! Поздравляем!
tm-runner-up = 🥈 Второе место: { $name }
tm-final-line = Финал: { $line }
tm-news-pair = { $first } – { $second }
tm-news-bye = { $name }: без соперника, сразу в следующий круг
tm-news-beat = { $winner } – { $loser } { $won }:{ $lost }
tm-news-forfeit = { $winner } – { $loser } +:− (матч не доигран), дальше проходит { $winner }
tm-arena-over = ⏱ Арена окончена. Победители:
tm-podium-1 = 🥇 { $name }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
tm-podium-2 = 🥈 { $name }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
tm-podium-3 = 🥉 { $name }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
tm-board-knockout = 🏆 Турнир · круг { $number } из { $total }
tm-board-final = 🏆 Турнир · финал
tm-board-arena = ⏱ Арена · вы на { $rank }-м месте из { $count }, { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
tm-board-arena-group = ⏱ Партия арены
tm-place-won = 🏆 Вы выиграли турнир! Первое место из { $count }. Поздравляем!
tm-place = 🏆 Турнир окончен. Ваше место: { $place } из { $count }. Победитель — { $winner }.
tm-place-arena = ⏱ Арена окончена. Ваше место: { $place } из { $count }, { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}. Победитель — { $winner }.
tm-forfeit-line = В турнире выход из игры или истёкшее время проигрывают весь матч.
me-tournaments = 🏆 Турниры: сыграно { $count }, выиграно { $won }
tm-no-rematch = Пока идёт турнир, реванш недоступен: сыграйте снова, когда он закончится.

## Швейцарская система (core/swiss.py)
btn-tm-swiss = ♟ Швейцарка
tm-title-swiss = ♟ Турнир по швейцарской системе: { $variant }
tm-caption-swiss = ♟ { $variant }: круг { $number } из { $total }
tm-paired-swiss = ♟ Швейцарка, круг { $number } из { $total }: ваш соперник — { $name }. Удачи!
tm-board-swiss = ♟ Швейцарка · круг { $number } из { $total }
tm-news-swiss-bye = { $name }: в этом круге без соперника (очко)
tm-news-swiss-forfeit = { $winner } побеждает: { $loser } не доиграл матч
tm-news-swiss-leaders = Лидирует: { $name }, { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
tm-swiss-over = ♟ Швейцарка окончена. Первая тройка:
tm-buchholz = (Бухгольц { $points })
tm-place-swiss = ♟ Швейцарка окончена. Ваше место: { $place } из { $count }, { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}. Победитель — { $winner }.

## Турниры по расписанию (core/schedules.py)
tm-reminder = ⏰ Турнир начнётся в { $time }: записалось { $count } из { $total }. Нажмите «Участвовать» в его сообщении выше!
tm-ask-schedule = 📅 Назначить этот турнир на выбранное время?
btn-tm-schedule = 📅 Назначить
tm-schedule-set = 📅 Турнир назначен:
tm-schedule-daily = { $kind }, { $variant }: каждый день в { $time } ({ $zone })
tm-schedule-once = { $kind }, { $variant }: { $date } в { $time } ({ $zone })
tm-schedule-lobby = Запись откроется за { $minutes } мин до начала, новым сообщением здесь.
tm-schedule-cancelled = ✖ Расписание отменено: { $line }
btn-tm-schedule-cancel = ✖ Отменить расписание
btn-tm-schedule-cancel-n = ✖ Отменить { $number }-е
tm-schedule-none = У этой группы нет турниров по расписанию. Админ назначает их так: /tournament 20:00 или /tournament daily 20:00.
tm-schedule-list = 📅 Турниры этой группы по расписанию:
tm-schedule-admins = Назначать турниры и отменять расписание могут только админы группы.
tm-schedule-too-many = В группе может быть не больше { $count } турниров по расписанию. Сначала отмените один (/tournament schedule).
tm-schedule-gone = Это расписание уже отменено или завершено.
tm-schedule-cancelled-answer = Расписание отменено.
tm-schedule-usage = Чтобы назначить турнир: /tournament 20:00 (один раз) или /tournament daily 20:00 (каждый день), по времени группы. Список: /tournament schedule.
