// What models write around the text they were asked for, as data (English and Malay): the words that
// open an announcement ("Sure! Here's Chapter 1 of your story:", "Baiklah, berikut ialah…") and the
// remarks that close one ("I hope you enjoyed…", "Beritahu saya…"). Read by answers/text.ts, the one
// place an answer is cleaned. Matching is case-insensitive, on the start of a line, after Markdown marks.

/** Reasoning blocks a model may write before its answer (DeepSeek-R1, Qwen3, QwQ, Magistral). */
export const REASONING_TAGS: readonly string[] = ['think', 'thinking', 'reasoning', 'thought'];

/** Interjections that open a reply, not a story: "Sure!", "Certainly,", "Tentu!", "Baiklah,". */
export const INTERJECTIONS: readonly string[] = [
  'sure', 'certainly', 'of course', 'absolutely', 'okay', 'ok', 'alright', 'all right', 'great', 'perfect', 'gladly',
  'here you go', 'here you are', 'tentu', 'tentu sekali', 'sudah tentu', 'baiklah', 'baik', 'okey', 'boleh', 'dengan senang hati', 'sememangnya',
];

/** Words that announce the answer: "Here's…", "Below is…", "Berikut ialah…". */
export const ANNOUNCERS: readonly string[] = [
  "here's", 'here is', 'here are', 'below is', 'below are', "i've written", 'i have written', "i'd be happy to", 'i would be happy to',
  "i'll write", 'i will write', 'as requested', 'the following is',
  'berikut ialah', 'berikut adalah', 'berikut merupakan', 'berikut', 'inilah', 'ini ialah', 'ini adalah', 'di bawah ialah',
  'saya telah menulis', 'saya akan menulis', 'seperti yang diminta', 'dengan senang hati',
];

/** What an announcement names (the thing it hands over): "Chapter 1", "the story", "sambungan"; matched as a word's start. */
export const ANSWER_NOUNS: readonly string[] = [
  'chapter', 'story', 'part', 'introduction', 'conclusion', 'continuation', 'outline', 'draft', 'version', 'text', 'rewrite',
  'section', 'piece', 'poem', 'passage', 'update', 'description', 'requested', 'revised', 'next',
  'bab', 'cerita', 'bahagian', 'pengenalan', 'kesimpulan', 'sambungan', 'rangka', 'teks', 'versi', 'petikan', 'diminta', 'seterusnya',
];

/** The starts of remarks that close a reply to the asker, not the text: "I hope you enjoyed…", "Semoga…". */
export const CLOSING_REMARKS: readonly string[] = [
  'i hope you', 'i hope this', 'i hope that this', 'hope you enjoy', 'hope this', 'let me know', 'feel free to', 'would you like', 'do you want me',
  "if you'd like", 'if you would like', 'if you want me', 'should i continue', 'want me to', 'i can continue',
  'enjoy the chapter', 'enjoy the story', 'happy reading', 'word count:',
  'semoga anda', 'semoga kamu', 'semoga awak', 'semoga bab', 'semoga cerita', 'semoga ini', 'saya harap anda', 'saya harap kamu',
  'saya harap awak', 'saya harap bab', 'saya harap cerita', 'saya harap ini', 'beritahu saya', 'sila beritahu', 'jika anda mahu',
  'jika anda ingin', 'kalau anda mahu', 'adakah anda mahu', 'adakah anda ingin', 'mahukah anda', 'selamat membaca', 'bilangan perkataan:',
];

/** Remarks taken only after a closing rule: at the end of a part without one, "Note: …" is the writer's (a recipe's note). */
export const NOTES_AFTER_RULE: readonly string[] = ['note:', 'notes:', "author's note:", 'nota:', 'catatan:'];

/**
 * How a model declines ("I'm sorry, but I can't help with that request.", "Maaf, saya tidak dapat…"), matched
 * at the start of an answer's first paragraph (answers/verdict.ts): an answer that is only this is `refused`.
 */
export const REFUSALS: readonly string[] = [
  "i'm sorry, but i can", "i'm sorry, but i cannot", "i am sorry, but i can", "i am sorry, but i cannot", "i'm sorry, i can", "i'm sorry, i cannot",
  "sorry, but i can", 'sorry, but i cannot', "sorry, i can't", 'sorry, i cannot', "i apologize, but", 'i apologise, but', "i'm afraid i can", "i'm afraid i cannot",
  "i can't help with", 'i cannot help with', "i can't assist", 'i cannot assist', "i can't fulfill", "i can't fulfil", 'i cannot fulfill', 'i cannot fulfil',
  "i can't comply", 'i cannot comply', "i can't provide", 'i cannot provide', "i can't write", 'i cannot write', "i can't create", 'i cannot create',
  "i can't continue", 'i cannot continue', "i can't do that", "i won't be able to", 'i will not be able to', "i'm unable to", 'i am unable to', "i'm not able to",
  'i am not able to', 'i must decline', 'i have to decline', 'as an ai', 'as a language model', 'as an ai language model', "i can't engage", 'i cannot engage',
  'maaf, saya tidak dapat', 'maaf, saya tidak boleh', 'maaf, tetapi saya tidak', 'maaf, namun saya tidak', 'saya minta maaf, tetapi', 'saya minta maaf, saya tidak',
  'saya mohon maaf, tetapi', 'minta maaf, saya tidak', 'saya tidak dapat membantu', 'saya tidak boleh membantu', 'saya tidak dapat menulis', 'saya tidak boleh menulis',
  'saya tidak dapat menghasilkan', 'saya tidak boleh menghasilkan', 'saya tidak dapat memenuhi', 'saya tidak boleh memenuhi', 'saya terpaksa menolak',
  'sebagai ai', 'sebagai model bahasa', 'sebagai pembantu ai',
];

/**
 * What a refusal is about (the request, the writing, its content, the assistant itself): a paragraph that opens
 * like a refusal but names none of these ("I'm sorry, but I can't love you the way you want") is the text's own.
 */
export const REFUSAL_TOPICS: readonly string[] = [
  'request', 'help', 'assist', 'provide', 'write', 'writing', 'create', 'generate', 'produce', 'content', 'fulfil', 'fulfill', 'comply', 'continue',
  'explicit', 'sexual', 'graphic', 'violence', 'policy', 'policies', 'guidelines', 'appropriate', 'ai', 'language model', 'assistant', 'story', 'chapter',
  'permintaan', 'membantu', 'bantuan', 'menulis', 'menghasilkan', 'menjana', 'kandungan', 'memenuhi', 'mematuhi', 'dasar', 'garis panduan', 'sesuai',
  'eksplisit', 'lucah', 'ganas', 'model bahasa', 'pembantu', 'cerita', 'bab',
];

/** Code fence languages a whole answer may be wrapped in and still be prose: "```markdown" … "```" is unwrapped. */
export const PROSE_FENCES: readonly string[] = ['', 'markdown', 'md', 'text', 'txt', 'plaintext', 'plain', 'prose'];

/**
 * How a model's reasoning talks (to itself, about the task), matched at the start of a paragraph or among
 * its first words: in a reasoning block left open, the prose starts after the last paragraph like this.
 */
export const REASONING_MARKERS: readonly string[] = [
  'the user', 'user wants', 'i need to', 'i should', 'i must', 'let me', "let's", "i'll", 'i will', 'i think', 'i want to', 'okay', 'ok,', 'alright', 'first,', 'wait', 'hmm',
  'the chapter should', 'the story should', 'the part should', 'this chapter should', 'now,', 'so,', 'maybe', 'also,', 'next,', 'plan:', 'outline:', 'word count', 'the request',
  'pengguna', 'saya perlu', 'saya patut', 'saya harus', 'biar saya', 'mari saya', 'saya akan', 'saya fikir', 'baiklah', 'mula-mula', 'tunggu', 'bab ini perlu', 'cerita ini perlu',
];

/**
 * How a paragraph in the middle of an answer opens when the model speaks as itself, not as the text ("As an AI
 * language model, I cannot describe…", "Sebagai model bahasa AI…"): such a paragraph is taken out of a prose
 * answer (answers/talk.ts), or the answer asked again when it is most of it. Matched at the paragraph's start.
 */
export const ASSISTANT_OPENERS: readonly string[] = [
  'as an ai', 'as a language model', 'as an ai language model', 'as an ai assistant', "i'm an ai", 'i am an ai', "i'm just an ai", 'i am just an ai',
  'i hope this helps', 'i hope this chapter',
  'sebagai model bahasa', 'sebagai ai', 'sebagai pembantu ai', 'saya ialah model bahasa', 'saya hanyalah model', 'saya hanya model bahasa',
  'semoga ini membantu', 'saya harap ini membantu',
];

/**
 * How the model declines part of the writing inside prose ("I cannot describe that scene in more detail"): the
 * model's only when it names the writing (TALK_TOPICS); "I cannot describe the joy I felt" is a narrator's.
 */
export const ASSISTANT_DECLINES: readonly string[] = [
  'i cannot describe', "i can't describe", 'i cannot depict', "i can't depict", "i'm not able to describe", 'i am not able to describe', "i won't describe",
  'i cannot go into', "i can't go into", 'saya tidak dapat menggambarkan', 'saya tidak boleh menggambarkan', 'saya tidak dapat memperincikan',
];

/**
 * What a refusal or a closing remark in the middle of prose talks about when it is the model's, not a
 * character's ("I'm sorry, but I can't write explicit content", "Let me know if you'd like any changes"):
 * the request, the content, the rules, the writing itself. Narrower than REFUSAL_TOPICS: "I can't continue like
 * this" in a first-person story names none of them and stays.
 */
export const TALK_TOPICS: readonly string[] = [
  'request', 'content', 'explicit', 'sexual', 'graphic', 'policy', 'policies', 'guidelines', 'ai', 'language model', 'assistant', 'story', 'chapter',
  'scene', 'in more detail', 'changes', 'adjustments', 'continuation', 'rewrite', 'draft',
  'permintaan', 'kandungan', 'dasar', 'garis panduan', 'eksplisit', 'lucah', 'model bahasa', 'pembantu', 'cerita', 'bab', 'adegan', 'babak',
  'perubahan', 'sambungan', 'draf',
];

/** Units of a recipe's measure lines ("2 cups rice", "1 sudu besar gula"): a novel's part made of such lines is a recipe. */
export const RECIPE_UNITS: readonly string[] = [
  'cup', 'cups', 'tbsp', 'tsp', 'tablespoon', 'tablespoons', 'teaspoon', 'teaspoons', 'g', 'kg', 'mg', 'ml', 'l', 'litre', 'litres', 'liter', 'liters',
  'gram', 'grams', 'oz', 'ounce', 'ounces', 'lb', 'lbs', 'pound', 'pounds', 'pinch', 'clove', 'cloves', 'slice', 'slices', 'can', 'cans', 'sprig', 'sprigs',
  'cawan', 'sudu besar', 'sudu kecil', 'sudu teh', 'sudu', 'gram', 'biji', 'ulas', 'secubit', 'batang', 'helai', 'keping', 'mangkuk', 'tin',
];

/** Heading lines of a recipe ("Ingredients:", "Method", "Bahan-bahan", "Cara Memasak"), matched as a whole line. */
export const RECIPE_HEADINGS: readonly string[] = [
  'ingredients', 'method', 'directions', 'instructions', 'preparation', 'bahan-bahan', 'bahan', 'cara memasak', 'cara penyediaan', 'cara membuat', 'langkah-langkah',
];

/** The word of a chapter-title line ("Chapter 3: The Storm", "Bab 3: Ribut"): three or more of them make an outline, not prose. */
export const CHAPTER_WORDS: readonly string[] = ['chapter', 'bab', 'part', 'bahagian'];
