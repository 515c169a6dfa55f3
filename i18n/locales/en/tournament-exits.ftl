# A tournament's players, creator or bot leaving its group; one never filled.
tm-left-group = 👋 { $name } left the group and is out of the tournament.
tm-left-group-you = 🏆 You left the group “{ $group }”, so you are out of its tournament.
tm-creator-left = 🏆 The tournament's creator has left the group: its players and the group's admins can now start it or call it off.
tm-bot-removed = 🏆 The tournament in “{ $group }” was called off: the bot was removed from the group. A game being played goes on as an ordinary rated game.
tm-open-until = If it is not full by { $time } tomorrow, it is called off.
tm-refused-players = The tournament's creator has left: only its players or a group admin can do this.
tm-away = ⏱ You lost two arena matches in a row without finishing them, so you are out of the arena. To play on, press ✅ Join in the group.
