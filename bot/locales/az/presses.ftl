## /resign
resign-ask = 🏳 Bu oyunda təslim olursunuz? { $points ->
    [one] 1 xal
   *[other] { $points } xal
} itirəcəksiniz: { $kind }.
resign-ends-match = Bununla matç bitir: siz onu uduzursunuz.
resign-match-goes-on = Matç növbəti oyunla davam edir.
resign-cancelled = Oyun davam edir!
resign-changed = Oyun irəlilədi: indi təslim olmağın dəyəri budur.
resign-done = Siz təslim oldunuz.

## Oyun zamanı /new
new-busy = Siz artıq { $name } ilə oynayırsınız: { $variant }. Əvvəlcə o oyunu bitirin və ya /resign ilə təslim olun.
btn-show-game = 🎲 Oyunu göstər
