## The replay viewer on the web board
web-replay-open = 🎞 Смотреть повтор здесь
web-replay-title = 🎞 Повтор
web-replay-first = В начало
web-replay-back = На ход назад
web-replay-play = Воспроизвести
web-replay-pause = Пауза
web-replay-forward = На ход вперёд
web-replay-last = В конец
web-replay-mistakes = Ошибки
web-replay-no-analysis = Партия ещё не разобрана: запросите анализ, и её ошибки появятся здесь.
web-replay-next-mistake = Следующая ошибка
web-replay-mistake = { $name }: { $grade }, сыграно { $played }, лучше { $best } (−{ $loss })
web-replay-cube-double = удвоение
web-replay-cube-no_double = без удвоения
web-replay-cube-take = принять
web-replay-cube-drop = отказаться
