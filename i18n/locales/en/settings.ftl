## Settings (/settings)
cmd-settings = Settings
settings-title = ⚙️ Your settings. Tap a button to turn a setting on or off.
settings-on = on
settings-off = off
settings-saved = Saved.
setting-confirm = Confirm moves with Done
setting-confirm-about = On: your turn ends when you press Done, and Undo works until then. Off (the default): your turn is sent by itself a few seconds after its last die is played; Undo takes it back until then, Done sends it at once.
setting-mm_short = 🔔 Short nard
setting-mm_short-about = I tell you when someone looks for an opponent in this game: at most once an hour, never while you are playing.
setting-mm_long = 🔔 Long nard
setting-mm_long-about = I tell you when someone looks for an opponent in this game: at most once an hour, never while you are playing.
