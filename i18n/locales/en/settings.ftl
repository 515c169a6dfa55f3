## Settings (/settings)
cmd-settings = Settings
settings-title = ⚙️ Your settings. Tap a button to turn a setting on or off.
settings-on = on
settings-off = off
settings-saved = Saved.
setting-confirm = Confirm moves with Done
setting-confirm-about = On: your turn ends when you press Done, and Undo works until then. Off: your turn ends as soon as its last die is played.
setting-mm_short = 🔔 Short nard
setting-mm_short-about = I tell you when someone looks for an opponent in this game: at most once an hour, never while you are playing.
setting-mm_long = 🔔 Long nard
setting-mm_long-about = I tell you when someone looks for an opponent in this game: at most once an hour, never while you are playing.
