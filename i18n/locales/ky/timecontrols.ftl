## Убакыт көзөмөлү: аталыштары жана тандоо
tc-seconds = { $seconds } сек
tc-minutes = { $minutes } мүн
tc-hours = { $hours } саат
tc-move = ар бир жүрүшкө { $span }
tc-clock = { $delay } + ар бир упайга { $bank }
tc-correspondence = ар бир жүрүшкө { $days } күн
btn-tc-correspondence = 📬 Кат аркылуу оюн
tc-line = ⏱ Убакыт көзөмөлү: { $control }
tc-choose = ⏱ Убакыт көзөмөлү: { $control }. Аны төмөнкү баскычтар менен өзгөртсө болот.
tc-not-offered = Бул чакырыкта бот сунуштабаган убакыт көзөмөлү көрсөтүлгөн, ошондуктан оюн башталган жок. Досуңуздан жаңы чакырык сураңыз.
tc-card-title = { $variant } · { $control }
tc-nard-unknown = "{ $word }" бул жерде убакыт көзөмөлү эмес. Болгондору: { $controls }.
