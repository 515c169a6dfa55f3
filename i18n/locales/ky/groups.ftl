## Топтор жана инлайн карточкалар
cmd-nard = Ушул топто нарда ойноо
group-challenge = { $name } ойноону сунуштайт: { $variant } ({ $points ->
    [one] 1 оюн
   *[other] { $points } упайга чейин
}). Ким кошулат?
group-challenge-taken = { $name } чакырыкты кабыл алды: оюн башталды!
group-sides = ⚪ { $bottom } (төмөндө) — ⚫ { $top } (жогоруда)
group-turn = { $name } жүрөт: { $d1 }-{ $d2 }
btn-join = 🎲 Кошулуу
lang-admins-only = Топтун тилин анын администраторлору гана өзгөртө алат.
card-description = Чакырык карточкасын жөнөтүңүз: аны биринчи кабыл алган адам сиз менен ойнойт.
card-text = 🎲 { $name } сизди оюнга чакырат: { $variant }! Бот менен жеке чатта ойноо үчүн «Кабыл алуу» баскычын басыңыз.
btn-accept = ✅ Кабыл алуу
card-accepted = Оюн башталды! Тактаңыз бот менен жеке чатта.
card-playing = 🎲 { $a } — { $b }: { $variant } ойнолууда.
btn-open-board = Тактамды ачуу
card-result = 🏆 { $winner } { $loser } үстүнөн жеңишке жетти: { $points ->
    [one] 1 упай
   *[other] { $points } упай
} ({ $kind }).
group-result = 🏆 { $winner } { $loser } үстүнөн жеңишке жетти: { $points ->
    [one] 1 упай
   *[other] { $points } упай
} ({ $kind }, { $reason }).
group-rating = { $name }: рейтинг { $delta } → { $rating }
group-match-score = Матч { $length } упайга чейин: { $a } { $me }–{ $them } { $b }
group-no-board = Бот бул топко сүрөт жарыялай албайт, ошондуктан оюн жокко чыгарылды. Ботко сүрөт жөнөтүүгө уруксат берип, кайра аракет кылыңыз.
