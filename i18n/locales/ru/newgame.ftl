## Меню новой игры
new-variant = Во что играем?
new-opponent = С кем хотите играть?
new-level = Насколько сильно играет компьютер?
new-length = Какой длины матч?
new-cube = Играть с кубом удвоения?
btn-short = Короткие нарды
btn-long = Длинные нарды
btn-vs-computer = 🤖 Компьютер
btn-vs-friend = 👥 Друг
btn-length = { $points ->
    [1] 1 партия
    [one] До { $points } очка
    [few] До { $points } очков
    [many] До { $points } очков
   *[other] До { $points } очка
}
btn-cube-on = С кубом
btn-cube-off = Без куба
level-beginner = Новичок
level-casual = Любитель
level-intermediate = Средний
level-strong = Сильный
level-master = Мастер
computer-name = Компьютер ({ $level })
busy = Вы уже играете. Доиграйте партию или сначала сдайтесь: /resign.
bad-option = Этот вариант недоступен. Начните заново: /new.

## Вызовы
challenge-created =
    Отправьте эту ссылку другу. Кто первым её откроет, тот и сыграет с вами:
    { $link }
    Ссылка действует { $hours ->
        [one] { $hours } час
        [few] { $hours } часа
        [many] { $hours } часов
       *[other] { $hours } часа
    }.
btn-share = 📨 Отправить вызов
btn-cancel = Отменить вызов
share-text = Сыграем в нарды!
challenge-cancelled = Вызов отменён.
challenge-not-found = Эта ссылка-вызов недействительна.
challenge-expired = Срок вызова истёк. Попросите новую ссылку.
challenge-accepted = Этот вызов уже кто-то принял.
challenge-cancelled-by-creator = Этот вызов отменён.
challenge-own = Это ваш собственный вызов: отправьте ссылку другу.
challenge-busy = Кто-то из вас уже играет. Попробуйте снова, когда партия закончится.
game-started = Игра началась: { $variant }, соперник — { $name }.
rematch-sent = Новый вызов готов. Ссылка уже у соперника, можете отправить её и сами:
    { $link }
rematch-offer = { $name } предлагает реванш! Откройте ссылку, чтобы сыграть: { $link }
new-level-pr = { $level } — играет как PR { $pr }
new-level-pr-explain = PR: эквити, теряемое за решение, × 500; чем ниже, тем сильнее (мировой класс — ниже 5, новички — 25 и выше).
new-level-at-judge = { $level } — играет как наш анализ (PR { $pr }: анализ не видит его ошибок)
