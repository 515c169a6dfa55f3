## Refused buttons and joins (forged or out-of-date button data)
button-invalid = Бул баскыч иштебейт. Боттун эң акыркы билдирүүсүн колдонуңуз.
challenge-other-chat = Бул чакырык башка чатка жарыяланган: ошол жерде кошулуңуз.
challenge-not-joinable = Бул баскыч менен бул чакырыкты кабыл алууга болбойт.
## Too busy to handle a press in time (a flood): nothing was done
busy-try-again = Бот азыр өтө жүктөлгөн: эч нерсе жасалган жок. Бир нече секунддан кийин кайра басыңыз.
