## Refused buttons and joins (forged or out-of-date button data)
button-invalid = Bu tugma ishlamaydi. Botning eng soʻnggi xabaridan foydalaning.
challenge-other-chat = Bu chaqiruv boshqa chatda joylangan: oʻsha yerda qoʻshiling.
challenge-not-joinable = Bu tugma bilan bu chaqiruvni qabul qilib boʻlmaydi.
## Too busy to handle a press in time (a flood): nothing was done
busy-try-again = Bot hozir juda band: hech narsa qilinmadi. Bir necha soniyadan keyin yana bosing.
