## The replay viewer on the web board
web-replay-open = 🎞 Watch the replay here
web-replay-title = 🎞 Replay
web-replay-first = To the start
web-replay-back = One move back
web-replay-play = Play
web-replay-pause = Pause
web-replay-forward = One move forward
web-replay-last = To the end
web-replay-mistakes = Mistakes
web-replay-no-analysis = Not analysed yet: ask for the analysis and its mistakes appear here.
web-replay-next-mistake = Next mistake
web-replay-mistake = { $name }: { $grade }, played { $played }, best { $best } (−{ $loss })
web-replay-cube-double = double
web-replay-cube-no_double = no double
web-replay-cube-take = take
web-replay-cube-drop = drop
