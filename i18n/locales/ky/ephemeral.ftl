## Group games: the mover's buttons as an ephemeral message (GROUP_EPHEMERAL_BUTTONS)
group-your-buttons = 🎯 { $name }, сиздин жүрүшүңүз: бул баскычтарды сиз гана көрөсүз.
