## Refused buttons and joins (forged or out-of-date button data)
button-invalid = Bu düymə işləmir. Botun ən son mesajından istifadə edin.
challenge-other-chat = Bu çağırış başqa çatda paylaşılıb: orada qoşulun.
challenge-not-joinable = Bu düymə ilə bu çağırışı qəbul etmək olmaz.
## Too busy to handle a press in time (a flood): nothing was done
busy-try-again = Bot hazırda çox yüklənib: heç nə edilmədi. Bir neçə saniyədən sonra yenidən basın.
