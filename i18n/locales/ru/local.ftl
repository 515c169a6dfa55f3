## The local page (python -m bot --local)
local-other-side = ▶ Сыграть за соперника в новой вкладке
local-second-player = Второй игрок
