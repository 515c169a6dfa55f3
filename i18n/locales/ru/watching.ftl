# Просмотр турнирных партий (bot/views/watching.py) и положение на арене.
btn-watch = 👁 { $first } – { $second }
btn-watch-chat = 💬 В чате
tm-news-watch = 👁 Смотрите партии вживую — кнопки ниже.
tm-news-standing = ⏱ Арена на сейчас (закончится в { $time }):
tm-news-standing-line = { $rank }. { $name }: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очка
}
watch-intro = 👁 Вы смотрите партию { $first } – { $second }. Доска ниже следит за игрой ход за ходом; ходить на ней нельзя.
watch-over = Эта партия уже окончена: { $first } – { $second }. Вот чем она закончилась.
watch-none = По этой ссылке нет турнирной партии, которую можно посмотреть.
watch-full = Эту партию в чате уже смотрит слишком много людей. Попробуйте позже или откройте веб-доску из новостей группы.
