// What models write around the text they were asked for, as data (English and Malay): the words that
// open an announcement ("Sure! Here's Chapter 1 of your story:", "Baiklah, berikut ialah…") and the
// remarks that close one ("I hope you enjoyed…", "Beritahu saya…"). Read by answer-text.ts, the one
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
