## Жаңы оюн менюсу
new-variant = Кайсы оюн?
new-opponent = Ким менен ойнойсуз?
new-level = Компьютер канчалык күчтүү болсун?
new-length = Матч канча упайга чейин?
new-cube = Эки эселөө кубу менен ойнойбузбу?
btn-short = Кыска нарда
btn-long = Узун нарда
btn-vs-computer = 🤖 Компьютер
btn-vs-friend = 👥 Дос
btn-length = { $points ->
    [one] 1 оюн
   *[other] { $points } упайга чейин
}
btn-cube-on = Куб менен
btn-cube-off = Кубсуз
level-beginner = Башталгыч
level-casual = Ышкыбоз
level-intermediate = Орто
level-strong = Күчтүү
level-master = Чебер
computer-name = Компьютер ({ $level })
busy = Сиз азыр оюн ойноп жатасыз. Адегенде аны бүтүрүңүз же /resign менен багыныңыз.
bad-option = Бул тандоо жеткиликсиз. /new менен кайра баштаңыз.

## Чакырыктар
challenge-created =
    Бул шилтемени досуңузга жөнөтүңүз. Аны биринчи ачкан адам сиз менен ойнойт:
    { $link }
    Шилтеме { $hours } саат бою жарактуу.
btn-share = 📨 Чакырыкты жөнөтүү
btn-cancel = Чакырыкты жокко чыгаруу
share-text = Мени менен нарда ойно!
challenge-cancelled = Чакырык жокко чыгарылды.
challenge-not-found = Бул чакырык шилтемеси жараксыз.
challenge-expired = Бул чакырыктын мөөнөтү бүттү. Жаңы шилтеме сураңыз.
challenge-accepted = Бул чакырыкты бирөө мурунтан эле кабыл алган.
challenge-cancelled-by-creator = Бул чакырык жокко чыгарылган.
challenge-own = Бул өзүңүздүн чакырыгыңыз: шилтемени досуңузга жөнөтүңүз.
challenge-busy = Экөөңүздүн бириңиз азыр оюн ойноп жатат. Оюн бүткөндө кайра аракет кылыңыз.
game-started = Оюн башталды: { $variant }, атаандаш — { $name }.
rematch-sent = Жаңы чакырык даяр. Шилтеме атаандашыңызга жөнөтүлдү, аны сиз да бөлүшсөңүз болот:
    { $link }
rematch-offer = { $name } реванш сунуштайт! Ойноо үчүн бул шилтемени ачыңыз: { $link }
