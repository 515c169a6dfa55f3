## Ayarlar (/settings)
cmd-settings = Ayarlar
settings-title = ⚙️ Ayarlarınız. Ayarı açmaq və ya bağlamaq üçün düyməyə basın.
settings-on = açıq
settings-off = bağlı
settings-saved = Yadda saxlanıldı.
setting-confirm = Gedişi «Hazır» ilə təsdiqlə
setting-confirm-about = Açıq: gedişiniz «Hazır» düyməsini basanda bitir, o vaxta qədər «Geri al» işləyir. Bağlı (standart): sonuncu zər oynanandan bir neçə saniyə sonra gediş özü göndərilir; o vaxta qədər «Geri al» onu qaytarır, «Hazır» dərhal göndərir.
setting-mm_short = 🔔 Qısa nərd
setting-mm_short-about = Kimsə bu oyun üçün rəqib axtaranda xəbər verəcəm: saatda ən çox bir dəfə, oyun zamanı heç vaxt.
setting-mm_long = 🔔 Uzun nərd
setting-mm_long-about = Kimsə bu oyun üçün rəqib axtaranda xəbər verəcəm: saatda ən çox bir dəfə, oyun zamanı heç vaxt.
