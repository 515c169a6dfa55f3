## Рейтинги и статистика
cmd-top = Таблицы лидеров
cmd-me = Моя статистика и рейтинг
top-title = 🏆 { $variant } · { $period }
top-period-day = Сегодня
top-period-week = Эта неделя
top-period-all = За всё время
top-line = { $rank }. { $name } — { $value }
top-empty = Рейтинговых партий пока нет. Сыграйте с другом (/new) или найдите соперника через /play, чтобы попасть в таблицу!
me-title = 📊 { $name }
me-stats =
    { $variant }: ⚡ рейтинг живых партий { $rating }
    Все партии: { $games } · победы: { $wins } · поражения: { $losses }
    Марсы: поставили { $mars_given } · получили { $mars_taken }
me-koks = Коксы: поставили { $koks_given } · получили { $koks_taken }
me-streak = Лучшая серия побед: { $best_streak }
me-no-rated = График рейтинга появится после вашей первой рейтинговой партии: с другом (/new) или с соперником, найденным через /play.
me-sent-privately = 📬 Отправил вашу статистику в личный чат со мной.
me-open-private = Статистика приходит в личный чат со мной, а вы его ещё не открывали: откройте его кнопкой, и она будет там.
btn-open-bot = Открыть личный чат
# The /me chart's axes
chart-rating = Рейтинг
chart-games = Рейтинговые партии
chart-errors = Уровень ошибок
chart-analysed = Разобранные партии
top-period-pr = 🎯 Лучший PR
top-title-pr = 🎯 { $variant } · лучший PR недели
top-pr-rule = Рейтинговые партии недели, чем ниже, тем лучше; в таблице — от { $least } решений.
top-pr-line = { $rank }. { $name } — PR { $pr } (решений: { $count })
top-pr-empty = На этой неделе пока ни у кого нет достаточно разобранных решений.
top-pr-mine = Вы на этой неделе: { $count } из { $least } нужных решений.
