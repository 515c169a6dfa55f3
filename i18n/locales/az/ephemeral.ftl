## Group games: the mover's buttons as an ephemeral message (GROUP_EPHEMERAL_BUTTONS)
group-your-buttons = 🎯 { $name }, sizin gedişiniz: bu düymələri yalnız siz görürsünüz.
