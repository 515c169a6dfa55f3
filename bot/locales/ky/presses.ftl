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
