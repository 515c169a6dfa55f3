## Refused buttons and joins (forged or out-of-date button data)
button-invalid = Эта кнопка не работает. Пользуйтесь последним сообщением бота.
challenge-other-chat = Этот вызов опубликован в другом чате: присоединяйтесь там.
challenge-not-joinable = Этой кнопкой нельзя принять этот вызов.
## Too busy to handle a press in time (a flood): nothing was done
busy-try-again = Бот сейчас перегружен: ничего не сделано. Нажмите ещё раз через несколько секунд.
