## Sharing from the web board: prepared messages and stories
web-share-result = 📤 Share the result
web-share-challenge = 🎲 Challenge a friend
web-share-story = 📸 Share to a story
web-share-unavailable = Your Telegram app cannot share from here. Update it, or use the chat.
web-share-failed = Telegram did not take the message to share. Try again in a moment.
share-result = 🏆 { $winner } beat { $loser } at { $variant }: +{ $points } ({ $kind }).
share-result-match = Match to { $length }: { $score }
share-result-title = 🎲 The result of a nard game
share-story-text = A game of nard 🎲
btn-share-play = 🎲 Play nard
