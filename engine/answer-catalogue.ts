// Catalogue messages of the answers that are not the kind of text a part asks for (engine/session/answers/shape.ts,
// engine/session/answers/verdict.ts) and of the provider's filter: asked again once with a firm note, then the step fails with
// one of these; nothing is saved as finished and nothing is charged. Spread into CATALOGUE; another language's words
// are in languages/<code>/errors-answers.yaml.
import { catalogue } from './languages/catalogues.js';

export const ANSWER_CATALOGUE = catalogue('errors-answers', {
  // The provider's own filter stopped the answer (finish_reason content_filter or safety, or a refusal field).
  filtered: {
    en: "The AI service's content filter stopped the answer, even when asked again. Nothing was saved for this step and it costs nothing. Change the settings or the note (a milder heat level, for example) and try again.",
    ms: 'Penapis kandungan perkhidmatan AI menghentikan jawapan itu, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Ubah tetapan atau nota (contohnya tahap keghairahan yang lebih lembut) dan cuba lagi.',
  },
  // Mostly bullets, numbered lines or a table where the part is prose.
  listed: {
    en: 'The model answered with a list or a table instead of the prose of this part, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab dengan senarai atau jadual, bukan prosa bahagian ini, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
  // Ingredient and measure lines where the book has no recipes.
  recipe: {
    en: 'The model answered with a recipe instead of this part of the book, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab dengan resipi, bukan bahagian buku ini, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
  // Chapter title lines (an outline) where the part is prose.
  outlined: {
    en: 'The model answered with an outline (a list of chapter titles) instead of this part, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab dengan rangka (senarai tajuk bab), bukan bahagian ini, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
  // Mostly a copy of what the book already holds.
  copied: {
    en: 'The model answered with a copy of an earlier part of the book instead of new text, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab dengan salinan bahagian buku yang lebih awal, bukan teks baharu, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
  // Mostly remarks from the model as an assistant ("As an AI language model…", "Here is the chapter").
  assistant_talk: {
    en: 'The model answered mostly with remarks about the request ("As an AI language model…") instead of the text, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab kebanyakannya dengan ulasan tentang permintaan ("Sebagai model bahasa AI…"), bukan teks yang diminta, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
});
