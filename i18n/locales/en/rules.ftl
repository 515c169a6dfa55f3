## Rules
rules-short =
    Short nard (backgammon)
    • 15 checkers each; you move from your 24-point to your 1-point and bear off. The opponent moves the other way.
    • Each die is a separate move; a double is played four times. Use both dice if you can; if either die can be played but not both, play the larger.
    • A point with two or more enemy checkers is closed. Landing on a single enemy checker hits it to the bar.
    • A checker on the bar must enter the opponent's home before anything else moves.
    • Bear off once all 15 are in your home. Win 1 point; mars 2 (the loser bore off nothing); koks 3 (and still has a checker on the bar or in your home).
    • Moves are written from point to point: 13/7; * marks a hit, bar/20 is an entry from the bar, 6/off a checker borne off.
rules-long =
    Long nard
    • All 15 checkers start on your head (the 24-point); both players move the same way round the board and never hit.
    • You may not land on a point holding any enemy checker.
    • Only one checker may leave the head per turn; on your very first roll 6-6, 4-4 or 3-3 lets two leave.
    • You may not build six points in a row unless an enemy checker is already past them.
    • Bear off once all 15 are in your home. Win 1 point; mars or home mars (the loser bore off nothing) 3 points.
    • Moves are written from point to point: 24/18; 6/off is a checker borne off.
