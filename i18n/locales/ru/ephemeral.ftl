## Group games: the mover's buttons as an ephemeral message (GROUP_EPHEMERAL_BUTTONS)
group-your-buttons = 🎯 { $name }, ваш ход: эти кнопки видите только вы.
