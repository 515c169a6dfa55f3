## The replay viewer on the web board
web-replay-open = 🎞 Təkrarı burada izlə
web-replay-title = 🎞 Təkrar
web-replay-first = Əvvələ
web-replay-back = Bir gediş geri
web-replay-play = Oynat
web-replay-pause = Fasilə
web-replay-forward = Bir gediş irəli
web-replay-last = Sona
web-replay-mistakes = Səhvlər
web-replay-no-analysis = Hələ təhlil edilməyib: təhlili istəyin, səhvləri burada görünəcək.
web-replay-next-mistake = Növbəti səhv
web-replay-mistake = { $name }: { $grade }, oynanıldı { $played }, ən yaxşısı { $best } (−{ $loss })
web-replay-cube-double = ikiqatla
web-replay-cube-no_double = ikiqatlamadan
web-replay-cube-take = qəbul et
web-replay-cube-drop = imtina et
