## Find an opponent
cmd-play = Find an opponent
btn-find-opponent = 🔎 Find an opponent
mm-ask-variant = Find an opponent for which game?
mm-ask-length = Which match lengths suit you?
mm-ask-cube = With the doubling cube?
btn-mm-any-length = Any length
btn-mm-any-cube = Either
mm-any = any
mm-waiting =
    🔎 Looking for an opponent: { $variant } (match: { $lengths })…
    Waiting { $minutes }:{ $seconds } · { $searching ->
        [one] 1 player searching
       *[other] { $searching } players searching
    }
btn-mm-cancel = Cancel the search
mm-cancelled = The search is cancelled.
mm-not-searching = You are not searching for an opponent.
mm-found =
    🎲 Opponent found: { $name } (rating { $rating }).
    { $variant }, { $length ->
        [one] 1 game
       *[other] match to { $length } points
    }, { $cube }. Rated game: good luck!
mm-with-cube = with the cube
mm-without-cube = without the cube
mm-expired = Nobody was free to play in { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
}. Play the computer, or search again?
btn-mm-computer = 🤖 Play the computer
btn-mm-again = 🔎 Search again
top-activity = 🔎 Searching now: { $searching } · rated games today: { $games }
top-activity-group = 🔎 Searching now: { $searching } · rated games of this group's players today: { $games }
btn-mm-play = 🎲 Play
mm-notice = 🔎 Someone is looking for an opponent: { $variant } (rating { $rating }). Play?
