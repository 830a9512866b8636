// The catalogue of user-facing messages, keyed by a stable code: data only (errors.ts renders it:
// catalogueMessage, generationMessage). A new code is added here in English and Malay, and in every other
// language's languages/<code>/errors.yaml (the table's check names a code a language lacks). The answers
// of the wrong kind for a part, and the provider's filter, are engine/answer-catalogue.ts's.
import { catalogue, wordIn } from './languages/index.js';
import { setErrorCatalogue } from './karya-error.js';
import { IMPORT_CATALOGUE } from './error-catalogue-import.js';
import { ANSWER_CATALOGUE } from './answer-catalogue.js';
import { COVER_CATALOGUE } from './error-catalogue-cover.js';
import { TRANSLATE_CATALOGUE } from './error-catalogue-translate.js';
import { BUDGET_CATALOGUE } from './error-catalogue-budget.js';
import { SERIES_CATALOGUE } from './error-catalogue-series.js';

/** The generation, account and server messages; Indonesian's (and every other language's) are languages/<code>/errors.yaml. */
const ERRORS = catalogue('errors', {
  auth_error: {
    en: 'Authentication error. Please refresh the page and try again.',
    ms: 'Ralat pengesahan. Sila muat semula halaman dan cuba lagi.',
  },
  rate_limited: {
    en: 'Too many requests. Please wait a moment and try again.',
    ms: 'Terlalu banyak permintaan. Sila tunggu sebentar dan cuba lagi.',
  },
  server_error: {
    en: 'Server error. Please try again in a few moments.',
    ms: 'Ralat pelayan. Sila cuba lagi sebentar lagi.',
  },
  service_unavailable: {
    en: 'Service temporarily unavailable. Please try again in a few minutes.',
    ms: 'Perkhidmatan tidak tersedia buat sementara waktu. Sila cuba lagi dalam beberapa minit.',
  },
  // Said as `timeout_after` when the limit that applied is known (the error's params carry its seconds):
  // a writer who set a shorter one is told that one, not the default 3 minutes.
  timeout: {
    en: 'Content generation timed out. Please try again.',
    ms: 'Penjanaan kandungan tamat masa. Sila cuba lagi.',
  },
  timeout_after: {
    en: 'Content generation timed out after {wait}. Please try again.',
    ms: 'Penjanaan kandungan tamat masa selepas {wait}. Sila cuba lagi.',
  },
  aborted: {
    en: 'Generation timed out. Please try again.',
    ms: 'Penjanaan tamat masa. Sila cuba lagi.',
  },
  no_content: { en: 'No content generated', ms: 'Tiada kandungan dijana' },
  // The release schedule's daily limit out of range (karya batch --publish --per-day; engine/publish/release.ts).
  release_per_day_range: {
    en: '{flag}: "{value}" is not a whole number of new titles a day from {min} to {max} (default {default}: KDP creates at most 3 new titles a day per account).',
    ms: '{flag}: "{value}" bukan nombor bulat judul baharu sehari dari {min} hingga {max} (lalai {default}: KDP mencipta paling banyak 3 judul baharu sehari bagi setiap akaun).',
  },
  // An answer in another language than asked, asked again once and still so (engine/session/language.ts).
  // {found} and {expected} are language names in the message's language (wrongLanguageNames).
  wrong_language: {
    en: 'The answer came back in {found}, not {expected}, even when asked again. Nothing was saved for this step and it costs nothing. Please try again.',
    ms: 'Jawapan diterima dalam {found}, bukan {expected}, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi.',
  },
  // Answers that are not the text asked for (engine/session/answers/verdict.ts): asked again once with a firm
  // note, then the step fails with one of these; nothing is saved as finished and nothing is charged.
  refused: {
    en: 'The model declined to write this, even when asked again. Nothing was saved for this step and it costs nothing. Change the settings or the note (a milder heat level, for example) and try again.',
    ms: 'Model enggan menulis bahagian ini, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Ubah tetapan atau nota (contohnya tahap keghairahan yang lebih lembut) dan cuba lagi.',
  },
  echoed: {
    en: 'The model answered with the request it was sent instead of the text, even when asked again. Nothing was saved for this step and it costs nothing. Please try again, or try another model.',
    ms: 'Model menjawab dengan permintaan yang dihantar kepadanya, bukan teks yang diminta, walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi, atau cuba model lain.',
  },
  reasoning_only: {
    en: 'The model spent its answer on reasoning and wrote none of the text, even when asked again with more room. Nothing was saved for this step and it costs nothing. Give the model a larger answer budget or turn its reasoning down, and try again.',
    ms: 'Model menghabiskan jawapannya untuk menaakul dan tidak menulis teks yang diminta, walaupun selepas diminta sekali lagi dengan ruang yang lebih besar. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Berikan model ruang jawapan yang lebih besar atau kurangkan penaakulannya, dan cuba lagi.',
  },
  not_text: {
    en: 'The AI service answered with something that is not a model answer (a web page or an error page), even when asked again. Nothing was saved for this step and it costs nothing. Check the service address (OPENAI_BASE_URL) and try again.',
    ms: 'Perkhidmatan AI menjawab dengan sesuatu yang bukan jawapan model (halaman web atau halaman ralat), walaupun selepas diminta sekali lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Semak alamat perkhidmatan (OPENAI_BASE_URL) dan cuba lagi.',
  },
  // A request larger than the model's context window (engine/providers/context.ts): not sent again as it was.
  context_too_long: {
    en: "The request does not fit the model's context window of {window} tokens. Give the model a larger window (llama.cpp: -c 16384; Ollama: num_ctx 16384 or OLLAMA_CONTEXT_LENGTH=16384; vLLM: --max-model-len 16384), then set contextTokens in karya.config.yaml (or KARYA_CONTEXT_TOKENS) to that window. See docs/providers.md.",
    ms: 'Permintaan ini tidak muat dalam tetingkap konteks model sebanyak {window} token. Berikan model tetingkap yang lebih besar (llama.cpp: -c 16384; Ollama: num_ctx 16384 atau OLLAMA_CONTEXT_LENGTH=16384; vLLM: --max-model-len 16384), kemudian tetapkan contextTokens dalam karya.config.yaml (atau KARYA_CONTEXT_TOKENS) kepada saiz itu. Lihat docs/providers.md.',
  },
  generation_failed: {
    en: 'Failed to generate content. Please try again.',
    ms: 'Gagal menjana kandungan. Sila cuba lagi.',
  },
  config_error: {
    en: 'System configuration error. Please try again.',
    ms: 'Ralat konfigurasi sistem. Sila cuba lagi.',
  },
  init_failed: {
    en: 'Failed to initialize AI service after multiple attempts. Please try again.',
    ms: 'Gagal memulakan perkhidmatan AI selepas beberapa percubaan. Sila cuba lagi.',
  },
  max_retries: {
    en: 'Maximum retry attempts reached. Please try again later.',
    ms: 'Had percubaan semula telah dicapai. Sila cuba lagi kemudian.',
  },
  connection_retry: {
    en: 'Connection error. Retrying... ({n}/{max})',
    ms: 'Ralat sambungan. Mencuba semula... ({n}/{max})',
  },
  init_error: {
    en: 'Failed to initialize AI service. Please try again.',
    ms: 'Gagal memulakan perkhidmatan AI. Sila cuba lagi.',
  },
  insufficient_credits: {
    en: 'Insufficient credits. Please upgrade your plan.',
    ms: 'Kredit tidak mencukupi. Sila naik taraf pelan anda.',
  },
  // The parts of an imported book its story bible lacks, and why (server/core/bible-parts.ts withBibleLacking).
  bible_lacking_credits: {
    en: 'The story bible lacks {parts}: the credits ran out before they were read. Update the story bible to read them ({credits} credits).',
    ms: 'Catatan cerita belum merangkumi {parts}: kredit habis sebelum bahagian itu dibaca. Kemas kini catatan cerita untuk membacanya ({credits} kredit).',
  },
  bible_lacking_failed: {
    en: 'The story bible lacks {parts}: the model failed twice on {first}, and nothing was charged for it. Update the story bible to try again ({credits} credits).',
    ms: 'Catatan cerita belum merangkumi {parts}: model gagal dua kali pada {first}, dan tiada bayaran dikenakan untuknya. Kemas kini catatan cerita untuk mencuba lagi ({credits} kredit).',
  },
  bible_lacking_set_aside: {
    en: 'The story bible lacks {parts}: the book was set aside before they were read, and the credits held for them were given back. Update the story bible to read them ({credits} credits).',
    ms: 'Catatan cerita belum merangkumi {parts}: buku itu diketepikan sebelum bahagian itu dibaca, dan kredit yang ditahan untuknya telah dikembalikan. Kemas kini catatan cerita untuk membacanya ({credits} kredit).',
  },
  invalid_chapters: {
    en: 'Please select a valid number of chapters',
    ms: 'Sila pilih bilangan bab yang sah',
  },
  prompt_required: { en: 'Prompt is required', ms: 'Gesaan diperlukan' },
  not_signed_in: { en: 'Please sign in to generate content', ms: 'Sila log masuk untuk menjana kandungan' },
  unexpected: { en: 'An unexpected error occurred', ms: 'Ralat yang tidak dijangka berlaku' },
  image_failed: { en: 'Failed to generate image: {message}', ms: 'Gagal menjana imej: {message}' },
  no_image_url: { en: 'No image URL in response', ms: 'Tiada URL imej dalam respons' },
  // Editing a written part by hand (engine/session/edit.ts).
  part_empty: { en: 'The text of a part cannot be empty.', ms: 'Teks sesuatu bahagian tidak boleh kosong.' },
  part_too_long: {
    en: 'A part can hold at most {max} characters. Shorten the text and save again.',
    ms: 'Sesuatu bahagian boleh memuatkan paling banyak {max} aksara. Pendekkan teks dan simpan semula.',
  },
  bible_too_long: {
    en: 'The story bible can hold at most {max} characters. Shorten it and save again.',
    ms: 'Catatan cerita boleh memuatkan paling banyak {max} aksara. Pendekkan dan simpan semula.',
  },
  note_too_long: {
    en: 'A rewrite note can hold at most {max} characters. Shorten it and try again.',
    ms: 'Nota tulis semula boleh memuatkan paling banyak {max} aksara. Pendekkan dan cuba lagi.',
  },
  // Passage tools and edits of a place in a part (engine/session/passage.ts, part-text.ts).
  part_changed: { en: 'This part changed since you selected the text: select it again.', ms: 'Bahagian ini telah berubah sejak anda memilih teks itu: pilih semula.' },
  // A whole-part edit (by hand, write more, rewrite, a version restored) made on an older text of the part.
  part_stale: {
    en: 'This part changed since this page showed it: reload the page to see it as it is now, then try again.',
    ms: 'Bahagian ini telah berubah sejak halaman ini memaparkannya: muat semula halaman untuk melihatnya sekarang, kemudian cuba lagi.',
  },
  characters_too_long: { en: 'The character details can hold at most {max} characters.', ms: 'Butiran watak boleh memuatkan paling banyak {max} aksara.' },
  passage_too_long: {
    en: 'A passage can be at most {max} characters. Select less and try again.',
    ms: 'Petikan boleh mengandungi paling banyak {max} aksara. Pilih kurang dan cuba lagi.',
  },
  // Editing the outline as chapters (engine/session/outline-edit.ts).
  chapter_written: {
    en: 'Chapter {chapter} is written already: it cannot be changed, moved or deleted in the outline.',
    ms: 'Bab {chapter} sudah ditulis: ia tidak boleh diubah, dialihkan atau dipadam dalam rangka.',
  },
  book_finished: {
    en: 'This book is finished: its outline can no longer be changed.',
    ms: 'Buku ini sudah siap: rangkanya tidak boleh diubah lagi.',
  },
  outline_too_short: { en: 'The outline needs at least {min} chapter.', ms: 'Rangka memerlukan sekurang-kurangnya {min} bab.' },
  outline_too_long: { en: 'The outline can have at most {max} chapters.', ms: 'Rangka boleh mempunyai paling banyak {max} bab.' },
  chapter_too_long: {
    en: "A chapter's title can hold at most {title} characters, its plan {plan} and its note {note}.",
    ms: 'Tajuk sesuatu bab boleh memuatkan paling banyak {title} aksara, rancangannya {plan} dan notanya {note}.',
  },
  version_not_found: {
    en: 'That earlier version of this part is not kept any more.',
    ms: 'Versi terdahulu bahagian ini tidak disimpan lagi.',
  },
  part_not_found: {
    en: 'This part is not written yet, so it cannot be edited.',
    ms: 'Bahagian ini belum ditulis, jadi ia tidak boleh disunting.',
  },
  step_running: {
    en: 'A step of this book is being written. Try again when the step is done.',
    ms: 'Satu langkah buku ini sedang ditulis. Cuba lagi selepas langkah itu selesai.',
  },
  // Stopping a part while it streams.
  no_step_running: { en: 'No part of this book is being written now.', ms: 'Tiada bahagian buku ini yang sedang ditulis sekarang.' },
  step_stopped: {
    en: 'Stopped. The text written so far is kept as a draft.',
    ms: 'Dihentikan. Teks yang telah ditulis disimpan sebagai draf.',
  },
  no_stopped_draft: {
    en: 'This part has no stopped draft. Write it afresh.',
    ms: 'Bahagian ini tiada draf yang dihentikan. Tulis semula dari awal.',
  },
  // Publishing a finished book (KDP package).
  book_not_finished: {
    en: 'Finish your book before publishing it: {step} is next.',
    ms: 'Siapkan buku anda sebelum menerbitkannya: {step} ialah langkah seterusnya.',
  },
  publish_title_needed: {
    en: 'The package needs a title, and this book has none of its own and no text {generator} can choose one from. Give its title: karya publish --title "…", or the Title field of the studio\'s Publish panel.',
    ms: 'Pakej memerlukan tajuk, dan buku ini tiada tajuknya sendiri dan tiada teks untuk {generator} memilih tajuk. Berikan tajuknya: karya publish --title "…", atau medan Tajuk dalam panel Terbitkan studio.',
  },
  package_not_found: { en: 'This book has no KDP package yet. Publish it first.', ms: 'Buku ini belum mempunyai pakej KDP. Terbitkannya dahulu.' },
  publish_running: { en: 'This book is being published already. Please wait.', ms: 'Buku ini sedang diterbitkan. Sila tunggu.' },
  not_publishable: {
    en: 'This book cannot be published: its publishing settings have errors.',
    ms: 'Buku ini tidak dapat diterbitkan: tetapan penerbitannya mempunyai ralat.',
  },
  // Buying credits (Stripe Checkout) and API access.
  invalid_package: { en: 'Invalid credit package', ms: 'Pakej kredit tidak sah' },
  checkout_unavailable: {
    en: 'Checkout is not set up on this server. Ask the administrator for a credit code or link.',
    ms: 'Pembayaran dalam talian belum disediakan pada pelayan ini. Minta kod atau pautan kredit daripada pentadbir.',
  },
  checkout_failed: { en: 'Failed to start checkout process', ms: 'Gagal memulakan proses pembayaran' },
  purchase_not_found: { en: 'No purchase with this checkout session', ms: 'Tiada pembelian dengan sesi pembayaran ini' },
  credits_added: { en: 'Credits added', ms: 'Kredit ditambah' },
  api_access_required: {
    en: 'API access comes with the Business plan. Upgrade to use API keys.',
    ms: 'Akses API disertakan dengan pelan Business. Naik taraf untuk menggunakan kunci API.',
  },
  invalid_api_key: { en: 'Invalid or revoked API key', ms: 'Kunci API tidak sah atau telah dibatalkan' },
  api_key_not_allowed: {
    en: 'API keys work only on generation, progress, history and export routes. Sign in for this one.',
    ms: 'Kunci API hanya boleh digunakan untuk laluan penjanaan, kemajuan, sejarah dan eksport. Sila log masuk untuk laluan ini.',
  },
  api_key_name: {
    en: 'Please give the key a name of 1 to 64 characters',
    ms: 'Sila beri kunci itu nama sepanjang 1 hingga 64 aksara',
  },
  api_key_not_found: { en: 'API key not found', ms: 'Kunci API tidak dijumpai' },
  too_many_api_keys: {
    en: 'You have the most API keys allowed ({max}). Revoke one first.',
    ms: 'Anda sudah mempunyai bilangan maksimum kunci API ({max}). Batalkan satu dahulu.',
  },
  api_key_created: { en: 'API key created. Copy it now: it is shown only once.', ms: 'Kunci API dicipta. Salin sekarang: ia hanya dipaparkan sekali.' },
  api_key_revoked: { en: 'API key revoked', ms: 'Kunci API dibatalkan' },
  // Metering and hardening.
  idempotency_in_progress: {
    en: 'This request is still running. Please wait for its answer.',
    ms: 'Permintaan ini masih berjalan. Sila tunggu jawapannya.',
  },
  idempotency_key_reused: {
    en: 'This Idempotency-Key was already used for a different request. Send a new key.',
    ms: 'Idempotency-Key ini telah digunakan untuk permintaan lain. Hantar kunci baharu.',
  },
  // The server's own limits know when a request may come again (Retry-After): their 429s say that wait
  // (waitText renders {wait}); the answer's code stays rate_limited, too_many_attempts or reset_too_soon.
  rate_limited_wait: { en: 'Too many requests. Please try again in {wait}.', ms: 'Terlalu banyak permintaan. Sila cuba lagi dalam {wait}.' },
  too_many_attempts_wait: { en: 'Too many attempts. Please try again in {wait}.', ms: 'Terlalu banyak percubaan. Sila cuba lagi dalam {wait}.' },
  reset_too_soon_wait: { en: 'Please wait {wait} before requesting another reset.', ms: 'Sila tunggu {wait} sebelum meminta set semula yang lain.' },
  wait_second: { en: '1 second', ms: '1 saat' },
  wait_seconds: { en: '{n} seconds', ms: '{n} saat' },
  wait_minutes: { en: '{n} minutes', ms: '{n} minit' },
  image_unavailable: { en: 'Failed to generate image. Please try again.', ms: 'Gagal menjana imej. Sila cuba lagi.' },
  // Start-up, readiness and stop (server/http/lifecycle.ts)
  starting: { en: 'The server is starting. Please try again in a moment.', ms: 'Pelayan sedang bermula. Sila cuba lagi sebentar lagi.' },
  not_ready: { en: 'The server is not ready: {parts}.', ms: 'Pelayan belum sedia: {parts}.' },
  shutting_down: {
    en: 'The server is restarting. Please try again in a moment.',
    ms: 'Pelayan sedang dimulakan semula. Sila cuba lagi sebentar lagi.',
  },
  bad_encoding: {
    en: 'The request body could not be decoded (Content-Encoding). Send it uncompressed or as gzip, deflate or br.',
    ms: 'Kandungan permintaan tidak dapat dinyahkod (Content-Encoding). Hantar tanpa mampatan atau sebagai gzip, deflate atau br.',
  },
  bad_path: { en: 'The address is not valid.', ms: 'Alamat ini tidak sah.' },
  host_not_allowed: {
    en: 'This server does not answer for this address. The operator can add it to KARYA_ALLOWED_HOSTS.',
    ms: 'Pelayan ini tidak menjawab untuk alamat ini. Pengendali boleh menambahnya dalam KARYA_ALLOWED_HOSTS.',
  },
  // Exports (engine/node/export/pool.ts): a file is made within a time and a memory limit.
  export_too_slow: {
    en: 'Making the {format} file took longer than {seconds} seconds, so it was stopped. A very long word or chapter is the usual cause: break it up and try again, or download another format.',
    ms: 'Pembuatan fail {format} mengambil masa lebih daripada {seconds} saat, jadi ia dihentikan. Perkataan atau bab yang sangat panjang biasanya puncanya: pecahkannya dan cuba lagi, atau muat turun format lain.',
  },
  export_too_large: {
    en: 'Making the {format} file needed more than {megabytes} MB of memory, so it was stopped. A very long word or chapter is the usual cause: break it up and try again, or download another format.',
    ms: 'Pembuatan fail {format} memerlukan lebih daripada {megabytes} MB memori, jadi ia dihentikan. Perkataan atau bab yang sangat panjang biasanya puncanya: pecahkannya dan cuba lagi, atau muat turun format lain.',
  },
  export_busy: {
    en: 'Too many files are being made right now. Please try again in a minute.',
    ms: 'Terlalu banyak fail sedang dibuat sekarang. Sila cuba lagi dalam seminit.',
  },
  // Importing a manuscript (engine/import): a file is refused before anything is read into a book.
  // The writer's voice (engine/session/voice/fingerprint.ts, engine/session/voice/overused.ts): each names the limit; nothing is saved.
  voice_too_short: {
    en: 'voice: the sample has {words} words; give at least {min} words of your own prose to measure a voice.',
    ms: 'suara: sampel itu mempunyai {words} patah perkataan; berikan sekurang-kurangnya {min} patah perkataan prosa anda sendiri untuk mengukur suara.',
  },
  voice_language: {
    en: 'voice: the sample is in {found}, and this book is in {expected}; give a sample in the book\'s language.',
    ms: 'suara: sampel itu dalam {found}, dan buku ini dalam {expected}; berikan sampel dalam bahasa buku itu.',
  },
  voice_not_text: {
    en: 'voice: the sample is not text (a binary file?); give plain text, Markdown or a pasted passage.',
    ms: 'suara: sampel itu bukan teks (fail binari?); berikan teks biasa, Markdown atau petikan yang ditampal.',
  },
  voice_missing: {
    en: 'voice: this book has no voice sample yet; give one first (karya generate --voice FILE, or the Voice panel).',
    ms: 'suara: buku ini belum mempunyai sampel suara; berikan satu dahulu (karya generate --voice FAIL, atau panel Suara).',
  },
  avoid_too_many: {
    en: 'avoid: {count} phrases given; at most {max} phrases to avoid.',
    ms: 'elak: {count} frasa diberikan; paling banyak {max} frasa untuk dielakkan.',
  },
  avoid_too_long: {
    en: 'avoid: "{phrase}" is too long; a phrase to avoid may have at most {max} characters.',
    ms: 'elak: "{phrase}" terlalu panjang; frasa untuk dielakkan paling panjang {max} aksara.',
  },
  // The near-duplicate threshold (engine/publish/near-duplicate.ts parseCloseThreshold).
  close_threshold_range: {
    en: '{flag}: "{value}" is not a share from {min} to {max} (1 % to 100 %); write it as 0.15 or 15%.',
    ms: '{flag}: "{value}" bukan bahagian daripada {min} hingga {max} (1 % hingga 100 %); tuliskannya sebagai 0.15 atau 15%.',
  },
  registry_words_missing: { en: '{registry} registry: rule "{rule}" has no {lang} text for "{key}"; every rule is worded in every language Karya speaks.', ms: 'Daftar {registry}: peraturan "{rule}" tiada teks {lang} untuk "{key}"; setiap peraturan mesti ditulis dalam setiap bahasa yang dituturkan Karya.' },
  // A language asked of a generator without a language field (engine/compile/language-field.ts); {lang} its one language's code.
  lang_fixed: { en: '{id} always writes in {lang}', ms: '{id} hanya menulis dalam {lang}' },
  // A generator lacking a text in the studio's language (studio/src/generator/GeneratorPage.tsx): {languages} those it is whole in.
  generator_not_in_language: {
    en: 'The {generator} generator has no {language} text yet, so it is not offered in {language}: it can be used with the studio in {languages}.',
    ms: 'Penjana {generator} belum ada teks dalam {language}, jadi ia tidak ditawarkan dalam {language}: ia boleh digunakan dengan studio dalam {languages}.',
  },
});

/** The catalogue of user-facing messages, keyed by a stable code: every error catalogue's entries in one. */
export const CATALOGUE = { ...ERRORS, ...IMPORT_CATALOGUE, ...ANSWER_CATALOGUE, ...COVER_CATALOGUE, ...TRANSLATE_CATALOGUE, ...SERIES_CATALOGUE, ...BUDGET_CATALOGUE };

setErrorCatalogue((code, lang) => (Object.hasOwn(CATALOGUE, code) ? wordIn(CATALOGUE[code as keyof typeof CATALOGUE], lang, 'errors') : undefined));
