## The local page (python -m bot --local)
local-other-side = ▶ Play the other side in a new tab
local-second-player = Second player
