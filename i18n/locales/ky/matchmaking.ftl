## Атаандаш табуу
cmd-play = Атаандаш табуу
btn-find-opponent = 🔎 Атаандаш табуу
mm-ask-variant = Кайсы оюн үчүн атаандаш издейбиз?
mm-ask-length = Кандай узундуктагы матч сизге ылайык?
mm-ask-cube = Эки эселөө кубу мененби?
btn-mm-any-length = Каалаган узундук
btn-mm-any-cube = Баары бир
mm-any = каалаган
mm-waiting =
    🔎 { $variant } үчүн атаандаш изделүүдө (матч: { $lengths })…
    Күтүү { $minutes }:{ $seconds } · { $searching } оюнчу издеп жатат
btn-mm-cancel = Издөөнү токтотуу
mm-cancelled = Издөө токтотулду.
mm-not-searching = Сиз азыр атаандаш издеген жоксуз.
mm-found =
    🎲 Атаандаш табылды: { $name } (рейтинг { $rating }).
    { $variant }, { $length ->
        [one] 1 оюн
       *[other] { $length } упайга чейинки матч
    }, { $cube }. Рейтингдик оюн: ийгилик!
mm-with-cube = куб менен
mm-without-cube = кубсуз
mm-expired = { $minutes } мүнөттүн ичинде бош атаандаш табылган жок. Компьютер менен ойнойсузбу же кайра издейсизби?
btn-mm-computer = 🤖 Компьютер менен
btn-mm-again = 🔎 Кайра издөө
top-activity = 🔎 Азыр издеп жатат: { $searching } · бүгүнкү рейтингдик оюндар: { $games }
top-activity-group = 🔎 Азыр издеп жатат: { $searching } · бул топтун оюнчуларынын бүгүнкү рейтингдик оюндары: { $games }
btn-mm-play = 🎲 Ойноо
mm-notice = 🔎 Кимдир атаандаш издеп жатат: { $variant } (рейтинг { $rating }). Ойнойсузбу?
