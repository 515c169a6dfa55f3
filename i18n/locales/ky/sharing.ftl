## Sharing from the web board: prepared messages and stories
web-share-result = 📤 Жыйынтык менен бөлүшүү
web-share-challenge = 🎲 Досту чакыруу
web-share-story = 📸 Окуяга жарыялоо
web-share-unavailable = Telegram тиркемеңиз бул жерден бөлүшө албайт. Аны жаңыртыңыз же чатты колдонуңуз.
web-share-failed = Telegram бөлүшүү үчүн билдирүүнү кабыл алган жок. Бир аздан кийин кайра аракет кылыңыз.
share-result = 🏆 { $winner } { $variant } оюнунда { $loser } утту: +{ $points } ({ $kind }).
share-result-match = { $length } упайга чейинки матч: { $score }
share-result-title = 🎲 Нарда оюнунун жыйынтыгы
share-story-text = Нарда оюну 🎲
btn-share-play = 🎲 Нарда ойноо
