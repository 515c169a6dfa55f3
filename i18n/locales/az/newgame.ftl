## Yeni oyun menyusu
new-variant = Hansı oyun?
new-opponent = Kimlə oynamaq istəyirsiniz?
new-level = Kompüter nə qədər güclü olsun?
new-length = Matç neçə xala qədər?
new-cube = İkiqatlama kubu ilə oynayaq?
btn-short = Qısa nərd
btn-long = Uzun nərd
btn-vs-computer = 🤖 Kompüter
btn-vs-friend = 👥 Dost
btn-length = { $points ->
    [one] 1 oyun
   *[other] { $points } xala qədər
}
btn-cube-on = Kubla
btn-cube-off = Kubsuz
level-beginner = Başlanğıc
level-casual = Həvəskar
level-intermediate = Orta
level-strong = Güclü
level-master = Usta
computer-name = Kompüter ({ $level })
busy = Siz artıq oynayırsınız. Əvvəlcə oyunu bitirin və ya /resign ilə təslim olun.
bad-option = Bu seçim mövcud deyil. /new ilə yenidən başlayın.

## Çağırışlar
challenge-created =
    Bu linki dostunuza göndərin. Onu ilk açan sizinlə oynayacaq:
    { $link }
    Link { $hours } saat ərzində qüvvədədir.
btn-share = 📨 Çağırışı paylaş
btn-cancel = Çağırışı ləğv et
share-text = Mənimlə nərd oyna!
challenge-cancelled = Çağırış ləğv edildi.
challenge-not-found = Bu çağırış linki etibarsızdır.
challenge-expired = Bu çağırışın vaxtı bitib. Yeni link istəyin.
challenge-accepted = Bu çağırışı artıq kimsə qəbul edib.
challenge-cancelled-by-creator = Bu çağırış ləğv edilib.
challenge-own = Bu sizin öz çağırışınızdır: linki dostunuza göndərin.
challenge-busy = Sizdən biri artıq oynayır. Oyun bitəndə yenidən cəhd edin.
game-started = Oyun başladı: { $variant }, rəqib — { $name }.
rematch-sent = Yeni çağırış hazırdır. Link rəqibinizə göndərildi, siz də onu paylaşa bilərsiniz:
    { $link }
rematch-offer = { $name } revanş istəyir! Oynamaq üçün bu linki açın: { $link }
new-level-pr = { $level } — PR { $pr } səviyyəsində oynayır
new-level-pr-explain = PR: hər qərarda itirilən ekviti × 500; nə qədər aşağı, o qədər güclü (dünya səviyyəsi — 5-dən aşağı, yeni başlayanlar — 25 və yuxarı).
new-level-at-judge = { $level } — təhlilimiz kimi oynayır (PR { $pr }: təhlil onun səhvlərini görmür)
