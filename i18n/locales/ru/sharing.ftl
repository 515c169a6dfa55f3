## Sharing from the web board: prepared messages and stories
web-share-result = 📤 Поделиться результатом
web-share-challenge = 🎲 Вызвать друга
web-share-story = 📸 В историю
web-share-unavailable = Ваше приложение Telegram не умеет делиться отсюда. Обновите его или воспользуйтесь чатом.
web-share-failed = Telegram не принял сообщение для отправки. Попробуйте ещё раз чуть позже.
share-result = 🏆 { $winner } победил(а) { $loser } в игре «{ $variant }»: +{ $points } ({ $kind }).
share-result-match = Матч до { $length }: { $score }
share-result-title = 🎲 Результат партии в нарды
share-story-text = Партия в нарды 🎲
btn-share-play = 🎲 Играть в нарды
