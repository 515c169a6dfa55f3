# Turnir oyunlarına baxmaq (bot/views/watching.py) və arenada vəziyyət.
btn-watch = 👁 { $first } – { $second }
btn-watch-chat = 💬 Çatda
tm-news-watch = 👁 Oyunlara canlı baxın — aşağıdakı düymələrlə.
tm-news-standing = ⏱ Arenada indiki vəziyyət ({ $time } bitir):
tm-news-standing-line = { $rank }. { $name }: { $points } xal
watch-intro = 👁 Siz { $first } – { $second } oyununa baxırsınız. Aşağıdakı lövhə oyunu gediş-gediş izləyir; orada gediş etmək olmur.
watch-over = Bu oyun bitib: { $first } – { $second }. Budur, necə başa çatdı.
watch-none = Bu keçiddə baxmaq üçün turnir oyunu yoxdur.
watch-full = Bu oyuna çatda artıq çox adam baxır. Sonra yenidən cəhd edin və ya qrupun xəbərlərindən veb-lövhəni açın.
