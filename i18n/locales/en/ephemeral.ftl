## Group games: the mover's buttons as an ephemeral message (GROUP_EPHEMERAL_BUTTONS)
group-your-buttons = 🎯 { $name }, your turn: only you see these buttons.
