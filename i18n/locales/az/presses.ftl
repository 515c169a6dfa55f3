## /resign
resign-ask = 🏳 Bu oyunda təslim olursunuz? { $points ->
    [one] 1 xal
   *[other] { $points } xal
} itirəcəksiniz: { $kind }.
resign-ask-plain = 🏳 Bu oyunda təslim olursunuz? { $points ->
    [one] 1 xal
   *[other] { $points } xal
} itirəcəksiniz.
resign-asking = { $name } təslim olmağı düşünür:
resign-score-after = Matç { $length } xala qədər: hesab { $a } { $me }–{ $them } { $b } olacaq.
resign-ends-match = Bununla matç bitir: siz onu uduzursunuz.
resign-match-goes-on = Matç növbəti oyunla davam edir.
resign-cancelled = Oyun davam edir!
resign-changed = Oyun irəlilədi: indi təslim olmağın dəyəri budur.
resign-done = Siz təslim oldunuz.

## Oyun zamanı /new
new-busy = Siz artıq { $name } ilə oynayırsınız: { $variant }. Əvvəlcə o oyunu bitirin və ya /resign ilə təslim olun.
btn-show-game = 🎲 Oyunu göstər

## Çağırışlar və /nard
challenge-own-posted = Bu sizin öz çağırışınızdır: başqa birinin onu qəbul etməsini gözləyin.
challenge-with-cube = İkiqatlama kubu ilə.
nard-bad-length = Matç 1, 3, 5 və ya 7 xala qədər oynanılır, { $word } yox. Məsələn: /nard short 5
nard-bad-word = «{ $word }» belə seçim yoxdur. /nard, sonra short və ya long, matçın uzunluğu (1, 3, 5 və ya 7) və ikiqatlama kubu üçün cube yazın, istənilən ardıcıllıqla. Məsələn: /nard short 5 cube
nard-long-cube = Uzun nərd ikiqatlama kubu olmadan oynanılır. Məsələn: /nard long 3

## Çağırış kartları: botu hələ açmamış oyunçu
card-open-bot = Oyun başladı! Taxtanızı görmək üçün botu açın: oyun sizi gözləyir.
game-called-off = { $name } botu { $minutes } dəqiqə ərzində açmadı, ona görə də oyun ləğv edildi. Reytinqə təsir etmir.
card-called-off = 🎲 Oyun ləğv edildi: { $name } botu vaxtında açmadı.

## Çağırışı paylaşmaq
btn-copy-link = 📋 Linki kopyala
challenge-card = 🎲 { $name } sizi oyuna çağırır: { $variant } ({ $points ->
    [one] 1 oyun
   *[other] { $points } xala qədər
}). Botla şəxsi çatda oynamaq üçün «Qəbul et» düyməsini basın.

## Botun profili (başlayanda qurulur)
bot-description = Telegramda nərd: qısa nərd (mars, koks və ikiqatlama kubu ilə) və uzun nərd (baş qaydası, ev marsı). Beş səviyyəli kompüterlə, dostunuzla link və ya çağırış kartı vasitəsilə, yaxud qrupunuzun üzvləri ilə oynayın. Reytinqlər, günlük liderlər cədvəli və şəxsi statistikanız.
bot-short-description = Qısa və uzun nərd: kompüterlə və ya dostlarınızla oynayın, günün liderlər cədvəlində yüksəlin.
bot-name = Nərd — qısa və uzun
