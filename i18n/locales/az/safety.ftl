## Refused buttons and joins (forged or out-of-date button data)
button-invalid = Bu düymə işləmir. Botun ən son mesajından istifadə edin.
challenge-other-chat = Bu çağırış başqa çatda paylaşılıb: orada qoşulun.
challenge-not-joinable = Bu düymə ilə bu çağırışı qəbul etmək olmaz.
