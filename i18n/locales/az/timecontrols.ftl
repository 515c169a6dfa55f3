## Vaxt nəzarəti: adları və seçim
tc-seconds = { $seconds } san
tc-minutes = { $minutes } dəq
tc-hours = { $hours } saat
tc-move = hər gedişə { $span }
tc-clock = { $delay } + hər xala { $bank }
tc-correspondence = hər gedişə { $days } gün
btn-tc-correspondence = 📬 Yazışma oyunu
tc-line = ⏱ Vaxt nəzarəti: { $control }
tc-choose = ⏱ Vaxt nəzarəti: { $control }. Onu aşağıdakı düymələrlə dəyişmək olar.
tc-not-offered = Bu çağırışda botun təklif etmədiyi vaxt nəzarəti göstərilib, buna görə oyun başlamadı. Dostunuzdan yeni çağırış istəyin.
tc-card-title = { $variant } · { $control }
tc-nard-unknown = "{ $word }" burada vaxt nəzarəti deyil. Mövcud olanlar: { $controls }.
