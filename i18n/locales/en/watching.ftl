# Watching tournament games (bot/views/watching.py) and an arena's standing news.
btn-watch = 👁 { $first } – { $second }
btn-watch-chat = 💬 In chat
tm-news-watch = 👁 Watch the games live with the buttons below.
tm-news-standing = ⏱ The arena so far (it ends at { $time }):
tm-news-standing-line = { $rank }. { $name }: { $points ->
    [one] 1 point
   *[other] { $points } points
}
watch-intro = 👁 You are watching { $first } – { $second }. The board below follows the game move by move; it is read-only.
watch-over = This game is over: { $first } – { $second }. Here is how it ended.
watch-none = There is no tournament game to watch behind this link.
watch-full = Too many people are watching this game in the chat already. Try again later, or open the web board from the group's news.
