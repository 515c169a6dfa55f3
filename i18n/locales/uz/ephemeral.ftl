## Group games: the mover's buttons as an ephemeral message (GROUP_EPHEMERAL_BUTTONS)
group-your-buttons = 🎯 { $name }, sizning yurishingiz: bu tugmalarni faqat siz koʻrasiz.
