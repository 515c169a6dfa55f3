## Разбор партии: кнопка «Разбор» под итогом, ответ, ошибки и /me
btn-analysis = 📊 Разбор
analysis-not-yours = Разбор партии могут запросить только два её игрока.
analysis-not-over = Эта партия ещё не закончена.
analysis-already = Разбор уже готовится.
analysis-queued = 📊 Разбираем партию…
analysis-progress = 📊 Разбор: { $done }/{ $total } ходов
analysis-failed = Разбор не удался. Нажмите 📊 Разбор ещё раз, чтобы повторить.
analysis-title = 📊 Разбор · { $variant }
analysis-title-match = 📊 Разбор · { $variant } · партия { $number }
analysis-engine-bgsage = Проверено программой Open Sage (глубина анализа: { $ply }-ply).
analysis-engine-network = Проверено нашей нейросетью (глубина анализа: { $ply }-ply).
analysis-player = { $name }: уровень ошибок { $rate } ({ $count ->
    [one] { $count } решение
    [few] { $count } решения
    [many] { $count } решений
   *[other] { $count } решения
    })
analysis-grades = неточности { $inaccuracies } · ошибки { $errors } · грубые ошибки { $blunders }
analysis-cube = куб: упущенные удвоения { $missed } · лишние удвоения { $doubles } · ошибочные принятия { $takes } · ошибочные отказы { $drops }
analysis-cube-none = куб: без ошибок
analysis-explain = Уровень ошибок — потерянное эквити на одно решение × 1000 (чем меньше, тем лучше). Неточность теряет от 0,04, ошибка — от 0,08, грубая ошибка — от 0,16.
analysis-worst = Ваши самые дорогие ошибки:
analysis-no-mistakes = У вас нет ни одной ошибки дороже 0,04. Отличная игра!
analysis-worst-of = Самые дорогие ошибки — { $name }:
analysis-no-mistakes-of = { $name }: ни одной ошибки дороже 0,04. Отличная игра!
analysis-grade-inaccuracy = неточность
analysis-grade-error = ошибка
analysis-grade-blunder = грубая ошибка
analysis-action-no-double = не удваивать
analysis-action-double = удвоить
analysis-action-take = принять
analysis-action-drop = отказаться
mistake-title = Ход { $turn } · { $d1 }-{ $d2 } · { $grade }
mistake-title-cube = Ход { $turn } · куб · { $grade }
mistake-played = 🟠 Сыграно: { $move } ({ $equity })
mistake-best = 🔵 Лучше: { $move } ({ $equity })
mistake-lost = Потеряно эквити: { $equity }
mistake-position-id = Position ID: { $pid }
me-analysis = 📊 Уровень ошибок в среднем { $rate } по { $games ->
    [one] { $games } разобранной партии
    [few] { $games } разобранным партиям
    [many] { $games } разобранным партиям
   *[other] { $games } разобранной партии
    }
analysis-pr = PR { $pr }
analysis-pr-short = PR: слишком мало для оценки ({ $count } из { $least } нужных решений)
analysis-pr-too-few = слишком мало решений
analysis-luck = удача { $luck } · результат { $result } · с поправкой на удачу { $adjusted }
analysis-match = Матч к этому моменту ({ $games ->
    [one] { $games } разобранная партия
    [few] { $games } разобранные партии
    [many] { $games } разобранных партий
   *[other] { $games } разобранной партии
    }):
analysis-match-player = { $name }: PR { $pr } · удача { $luck }
analysis-pr-explain = PR (рейтинг игры) = 500 × эквити, потерянное на одно решение; чем меньше, тем лучше: до 5 — мировой класс, 5–7,5 — эксперт, 12–18 — средний уровень, от 25 — новичок. Меньше { $least } решений — слишком мало для оценки. Удача — сколько очков дали кости: каждый бросок против среднего из всех 21; результат с поправкой на удачу — результат без неё.
me-pr = 🎯 PR в последних матчах (последний — в конце): { $list }
review-title = 📊 Матч в цифрах · { $variant }
review-player-short = { $name }: слишком мало для оценки ({ $count } из { $least } нужных решений) · удача { $luck }
review-more = PR: чем ниже, тем лучше. Удача: что дали кости, в очках. Кнопка 📊 Разбор под результатом покажет ошибки.
analysis-hints = 💡 подсказок использовано: { $count }
