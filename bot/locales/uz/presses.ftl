## /resign
resign-ask = 🏳 Bu oʻyinda taslim boʻlasizmi? { $points ->
    [one] 1 ochko
   *[other] { $points } ochko
} yutqazasiz: { $kind }.
resign-ends-match = Shu bilan match tugaydi: siz uni yutqazasiz.
resign-match-goes-on = Match keyingi oʻyin bilan davom etadi.
resign-cancelled = Oʻyin davom etadi!
resign-changed = Oʻyin oldinga siljidi: hozir taslim boʻlish narxi shu.
resign-done = Siz taslim boʻldingiz.

## Oʻyin davomida /new
new-busy = Siz allaqachon { $name } bilan oʻynayapsiz: { $variant }. Avval shu oʻyinni tugating yoki /resign bilan taslim boʻling.
btn-show-game = 🎲 Oʻyinni koʻrsatish
