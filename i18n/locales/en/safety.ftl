## Refused buttons and joins (forged or out-of-date button data)
button-invalid = This button does not work. Use the latest message from the bot.
challenge-other-chat = This challenge was posted in another chat: join it there.
challenge-not-joinable = This button cannot accept that challenge.
## Too busy to handle a press in time (a flood): nothing was done
busy-try-again = The bot is very busy: nothing was done. Press again in a few seconds.
