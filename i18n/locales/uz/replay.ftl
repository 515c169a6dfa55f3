## The replay viewer on the web board
web-replay-open = 🎞 Takrorni shu yerda koʻrish
web-replay-title = 🎞 Takrorlash
web-replay-first = Boshiga
web-replay-back = Bir yurish orqaga
web-replay-play = Ijro etish
web-replay-pause = Toʻxtatish
web-replay-forward = Bir yurish oldinga
web-replay-last = Oxiriga
web-replay-mistakes = Xatolar
web-replay-no-analysis = Hali tahlil qilinmagan: tahlilni soʻrang, xatolar shu yerda koʻrinadi.
web-replay-next-mistake = Keyingi xato
web-replay-mistake = { $name }: { $grade }, oʻynaldi { $played }, yaxshisi { $best } (−{ $loss })
web-replay-cube-double = ikkilash
web-replay-cube-no_double = ikkilamaslik
web-replay-cube-take = qabul
web-replay-cube-drop = rad etish
