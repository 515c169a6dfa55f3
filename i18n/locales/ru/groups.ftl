## Группы и инлайн-карточки
cmd-nard = Сыграть в нарды в этой группе
group-challenge = { $name } хочет сыграть: { $variant } ({ $points ->
    [1] 1 партия
    [one] до { $points } очка
    [few] до { $points } очков
    [many] до { $points } очков
   *[other] до { $points } очка
}). Кто примет вызов?
group-challenge-taken = { $name } принимает вызов: игра начинается!
group-sides = ⚪ { $bottom } (внизу) — ⚫ { $top } (вверху)
group-turn = Ходит { $name }: { $d1 }-{ $d2 }
btn-join = 🎲 Присоединиться
lang-admins-only = Язык группы могут менять только её администраторы.
card-description = Отправьте карточку-вызов: кто первым её примет, тот и сыграет с вами.
card-text = 🎲 { $name } вызывает вас на игру: { $variant }! Нажмите «Принять», чтобы играть в личном чате с ботом.
btn-accept = ✅ Принять
card-accepted = Игра началась! Ваша доска — в личном чате с ботом.
card-playing = 🎲 { $a } — { $b }: идёт игра ({ $variant }).
btn-open-board = Открыть мою доску
card-result = 🏆 { $winner } обыгрывает { $loser }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
} ({ $kind }).
group-result = 🏆 { $winner } обыгрывает { $loser }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
} ({ $kind }, { $reason }).
group-rating = { $name }: рейтинг { $delta } → { $rating }
group-match-score = Матч до { $length }: { $a } { $me }–{ $them } { $b }
group-no-board = Боту нельзя публиковать картинки в этой группе, поэтому игра отменена. Разрешите боту отправлять фото и попробуйте снова.
