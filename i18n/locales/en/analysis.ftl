## Game analysis: the Analysis button under a result, its answer, mistakes and /me
btn-analysis = 📊 Analysis
analysis-not-yours = Only the two players of this game can ask for its analysis.
analysis-not-over = This game is not over yet.
analysis-already = The analysis is on its way.
analysis-queued = 📊 Analysing the game…
analysis-progress = 📊 Analysing: { $done }/{ $total } moves
analysis-failed = The analysis failed. Press 📊 Analysis again to try once more.
analysis-title = 📊 Analysis · { $variant }
analysis-title-match = 📊 Analysis · { $variant } · game { $number }
analysis-engine-bgsage = Checked by Open Sage at { $ply }-ply.
analysis-engine-network = Checked by our network at { $ply }-ply.
analysis-player = { $name }: error rate { $rate } ({ $count ->
    [one] { $count } decision
   *[other] { $count } decisions
    })
analysis-grades = inaccuracies { $inaccuracies } · errors { $errors } · blunders { $blunders }
analysis-cube = cube: missed doubles { $missed } · wrong doubles { $doubles } · wrong takes { $takes } · wrong drops { $drops }
analysis-cube-none = cube: no errors
analysis-explain = Error rate: the equity lost per decision × 1000 (lower is better). An inaccuracy loses 0.04 or more, an error 0.08, a blunder 0.16.
analysis-worst = Your worst mistakes:
analysis-no-mistakes = You made no mistake of 0.04 or more. Well played!
analysis-worst-of = { $name }'s worst mistakes:
analysis-no-mistakes-of = { $name } made no mistake of 0.04 or more. Well played!
analysis-grade-inaccuracy = inaccuracy
analysis-grade-error = error
analysis-grade-blunder = blunder
analysis-action-no-double = no double
analysis-action-double = double
analysis-action-take = take
analysis-action-drop = drop
mistake-title = Move { $turn } · { $d1 }-{ $d2 } · { $grade }
mistake-title-cube = Move { $turn } · cube · { $grade }
mistake-played = 🟠 Played: { $move } ({ $equity })
mistake-best = 🔵 Best: { $move } ({ $equity })
mistake-lost = Equity lost: { $equity }
mistake-position-id = Position ID: { $pid }
me-analysis = 📊 Error rate { $rate } on average over { $games ->
    [one] { $games } analysed game
   *[other] { $games } analysed games
    }
analysis-pr = PR { $pr }
analysis-pr-short = PR: too short to judge ({ $count } of the { $least } decisions needed)
analysis-pr-too-few = too few decisions
analysis-luck = luck { $luck } · result { $result } · luck-adjusted { $adjusted }
analysis-match = The match so far ({ $games ->
    [one] { $games } analysed game
   *[other] { $games } analysed games
    }):
analysis-match-player = { $name }: PR { $pr } · luck { $luck }
analysis-pr-explain = PR (performance rating) = 500 × the equity lost per decision, lower is better: under 5 world class, 5–7.5 expert, 12–18 intermediate, 25 and more beginner; fewer than { $least } decisions are too few to judge. Luck: what the dice gave, in points, each roll against the average of all 21; the luck-adjusted result is the result without it.
me-pr = 🎯 PR in your last matches (the latest last): { $list }
review-title = 📊 The match in figures · { $variant }
review-player-short = { $name }: too short to judge ({ $count } of the { $least } decisions needed) · luck { $luck }
review-more = PR: lower is better. Luck: what the dice gave, in points. The 📊 Analysis button under the result shows the mistakes.
analysis-hints = 💡 hints used: { $count }
