## The local page (python -m bot --local)
local-other-side = ▶ Каршылаштын ордуна жаңы өтмөктө ойноо
local-second-player = Экинчи оюнчу
