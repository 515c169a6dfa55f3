## What happened since you last played (the board caption)
seen-opening = Opening roll: { $first } { $d1 } : { $second } { $d2 }
seen-move = { $name } { $d1 }-{ $d2 }: { $move }
seen-forced = { $name } { $d1 }-{ $d2 }: { $move } (the only move, played automatically)
seen-pass = { $name } rolled { $d1 }-{ $d2 } and cannot move: { $why }.
seen-why-bar-one = no entry from the bar with { $d1 }, that point is closed
seen-why-bar-two = no entry from the bar with { $d1 } or { $d2 }, both points are closed
seen-why-blocked-one = no checker can move { $d1 }
seen-why-blocked-two = no checker can move { $d1 } or { $d2 }
seen-why-six-block = a block of six in a row is not allowed
seen-why-not-all-home = bearing off only once all 15 are home
seen-why-higher-checker = a checker on a higher point must move first
seen-why-unknown = no legal move
seen-double = { $name } doubles to { $value }.
seen-take = { $name } takes: the cube is at { $value }.
seen-drop = { $name } drops the double.
seen-resign = { $name } resigns.
seen-timeout = { $name } ran out of time.
seen-result = 🏆 { $name } wins { $points ->
    [one] 1 point
   *[other] { $points } points
} ({ $kind }).
seen-earlier = … { $count ->
    [one] 1 earlier line
   *[other] { $count } earlier lines
}: /log

## The move list (/log)
cmd-log = The moves of the game
log-title = 📜 { $variant }: the moves
log-numbering = Points numbered as { $name } sees the board.
log-title-match = 📜 { $variant }: the moves of game { $number } (match to { $length })
log-pass = { $d1 }-{ $d2 }: no move
log-double = doubles to { $value }
log-take = takes ({ $value })
log-drop = drops
log-resign = resigns
log-timeout = time ran out
log-no-game-group = No game has been played in this group yet. Start one with /nard.

## Group boards
board-updating = ⏳ The board is being updated: look again in a moment.
