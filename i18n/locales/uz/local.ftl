## The local page (python -m bot --local)
local-other-side = ▶ Raqib tomonidan yangi varaqda oʻynash
local-second-player = Ikkinchi oʻyinchi
