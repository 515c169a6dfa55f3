## Settings (/settings)
cmd-settings = Settings
settings-title = ⚙️ Your settings. Tap a button to turn a setting on or off.
settings-on = on
settings-off = off
settings-saved = Saved.
setting-confirm = Confirm moves with Done
setting-confirm-about = On: your turn ends when you press Done, and Undo works until then. Off: your turn ends as soon as its last die is played.
