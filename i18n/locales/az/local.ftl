## The local page (python -m bot --local)
local-other-side = ▶ Rəqibin yerinə yeni vərəqdə oyna
local-second-player = İkinci oyunçu
