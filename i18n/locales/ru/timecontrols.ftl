## Контроль времени: названия и выбор
tc-seconds = { $seconds } с
tc-minutes = { $minutes } мин
tc-hours = { $hours } ч
tc-move = { $span } на ход
tc-clock = { $delay } + { $bank } за очко
tc-correspondence = { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} на ход
btn-tc-correspondence = 📬 Игра по переписке
tc-line = ⏱ Контроль времени: { $control }
tc-choose = ⏱ Контроль времени: { $control }. Кнопки ниже его меняют.
tc-not-offered = В этом вызове указан контроль времени, которого у бота нет, поэтому игра не началась. Попросите у друга новый вызов.
tc-card-title = { $variant } · { $control }
tc-nard-unknown = «{ $word }» — не контроль времени этого бота. Можно: { $controls }.
