// One short paragraph of prose in each of fifteen languages of many scripts (a rainy day, a market, an old friend):
// what the token estimate is held to (tests/engine/token-estimate.test.ts).
export const SCRIPT_SAMPLES: Readonly<Record<string, string>> = {
  english:
    'On a rainy day, my mother walked to the market to buy vegetables and fruit. She met an old friend she had not ' +
    'seen for many years. They sat talking in a small café by the road until the rain stopped.',
  malay:
    'Pada suatu hari hujan, ibu saya berjalan ke pasar untuk membeli sayur dan buah. Dia bertemu seorang kawan lama ' +
    'yang sudah bertahun-tahun tidak dilihatnya. Mereka duduk berbual di kedai kopi kecil di tepi jalan.',
  vietnamese:
    'Vào một ngày mưa, mẹ tôi đi bộ ra chợ để mua rau và trái cây. Bà gặp lại một người bạn cũ đã nhiều năm không ' +
    'gặp. Hai người ngồi trò chuyện trong một quán cà phê nhỏ bên đường cho đến khi tạnh mưa.',
  russian:
    'В дождливый день моя мать пошла на рынок, чтобы купить овощи и фрукты. Она встретила старую подругу, которую ' +
    'не видела много лет. Они сидели и разговаривали в маленьком кафе у дороги, пока не кончился дождь.',
  greek:
    'Μια βροχερή μέρα, η μητέρα μου περπάτησε στην αγορά για να αγοράσει λαχανικά και φρούτα. Συνάντησε μια παλιά ' +
    'φίλη που δεν είχε δει για πολλά χρόνια. Κάθισαν και μιλούσαν σε ένα μικρό καφενείο δίπλα στον δρόμο.',
  hindi:
    'एक बरसात के दिन, मेरी माँ सब्ज़ियाँ और फल खरीदने के लिए बाज़ार गई। वहाँ उसकी मुलाक़ात एक पुरानी सहेली से हुई ' +
    'जिसे उसने कई सालों से नहीं देखा था। वे बारिश रुकने तक सड़क किनारे एक छोटे से कैफ़े में बैठकर बातें करती रहीं।',
  tamil:
    'ஒரு மழை நாளில், என் அம்மா காய்கறிகளும் பழங்களும் வாங்க சந்தைக்கு நடந்து சென்றார். பல ஆண்டுகளாகப் பார்க்காத ' +
    'பழைய தோழியை அங்கே சந்தித்தார். மழை நிற்கும் வரை சாலையோரச் சிறிய கடையில் அமர்ந்து பேசினார்கள்.',
  arabic:
    'في يوم ممطر، مشت أمي إلى السوق لشراء الخضار والفواكه. التقت بصديقة قديمة لم ترها منذ سنوات طويلة. جلستا ' +
    'تتحدثان في مقهى صغير على جانب الطريق حتى توقف المطر.',
  hebrew:
    'ביום גשום אחד הלכה אמי לשוק לקנות ירקות ופירות. היא פגשה חברה ותיקה שלא ראתה שנים רבות. הן ישבו ושוחחו ' +
    'בבית קפה קטן ליד הדרך עד שהגשם פסק.',
  thai:
    'ในวันที่ฝนตก แม่ของฉันเดินไปตลาดเพื่อซื้อผักและผลไม้ ' +
    'เธอพบเพื่อนเก่าที่ไม่ได้เจอกันมาหลายปี ' +
    'ทั้งสองนั่งคุยกันในร้านกาแฟเล็กๆ ริมถนนจนฝนหยุด',
  khmer: 'នៅថ្ងៃភ្លៀងមួយ ម្តាយរបស់ខ្ញុំបានដើរទៅផ្សារដើម្បីទិញបន្លែនិងផ្លែឈើ។ គាត់បានជួបមិត្តចាស់ម្នាក់។',
  myanmar: 'မိုးရွာသောနေ့တစ်နေ့တွင် ကျွန်ုပ်၏မိခင်သည် ဟင်းသီးဟင်းရွက်များ ဝယ်ရန် ဈေးသို့ လမ်းလျှောက်သွားသည်။',
  korean:
    '비 오는 날, 어머니는 채소와 과일을 사러 시장에 걸어가셨다. 그곳에서 오랫동안 보지 못한 옛 친구를 만나셨다. ' +
    '두 사람은 비가 그칠 때까지 길가의 작은 찻집에 앉아 이야기를 나누었다.',
  japanese:
    '雨の日に、母は野菜と果物を買うために市場へ歩いて行った。彼女は何年も会っていなかった古い友人に出会った。' +
    '二人は雨がやむまで道端の小さな喫茶店で話をした。',
  chinese:
    '在一个下雨天，我母亲步行去市场买蔬菜和水果。她遇到了一位多年未见的老朋友。她们坐在路边的小咖啡馆里聊天，直到雨停。',
};
