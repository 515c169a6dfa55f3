## /resign
resign-ask = 🏳 Бул оюнда багынасызбы? { $points ->
    [one] 1 упай
   *[other] { $points } упай
} уттурасыз: { $kind }.
resign-ends-match = Ушуну менен матч бүтөт: сиз аны уттурасыз.
resign-match-goes-on = Матч кийинки оюн менен улантылат.
resign-cancelled = Оюн улантылат!
resign-changed = Оюн алдыга жылды: азыр багынуунун баасы мындай.
resign-done = Сиз багындыңыз.

## Оюн учурунда /new
new-busy = Сиз азыр { $name } менен ойноп жатасыз: { $variant }. Адегенде ал оюнду бүтүрүңүз же /resign менен багыныңыз.
btn-show-game = 🎲 Оюнду көрсөтүү

## Чакырыктар жана /nard
challenge-own-posted = Бул өзүңүздүн чакырыгыңыз: аны башка бирөө кабыл алганын күтүңүз.
challenge-with-cube = Эки эселөө кубу менен.
nard-bad-length = Матч 1, 3, 5 же 7 упайга чейин ойнолот, { $word } эмес. Мисалы: /nard short 5
nard-bad-word = «{ $word }» деген тандоо жок. /nard, андан соң short же long, матчтын узундугун (1, 3, 5 же 7) жана эки эселөө кубу үчүн cube деп каалаган тартипте жазыңыз. Мисалы: /nard short 5 cube
nard-long-cube = Узун нарда эки эселөө кубусуз ойнолот. Мисалы: /nard long 3
