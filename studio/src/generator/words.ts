// Interface words of the generator pages in en and ms (the engine's WORDS cover steps, buttons and the
// outline toast; its CATALOGUE and SETTINGS_MESSAGES the error messages). A Malay studio gets a Malay page, whatever the book's language.
// The i18n module alone (not the engine's browser entry), so pages that only need words stay small.
import { fillPlaceholders } from '../../../engine/i18n.js';
import type { Lang } from '../engine.js';
import { pickForm } from '../i18n/plural.js';
import type { Text } from '../i18n/types.js';

export const PAGE_WORDS = {
  settings: { en: 'Settings', ms: 'Tetapan' },
  preview: { en: 'Preview', ms: 'Pratonton' },
  generationProcess: { en: 'Generation Process', ms: 'Proses Penjanaan' },
  writingProgress: { en: 'Writing Progress', ms: 'Kemajuan Penulisan' },
  chapters: { en: 'Chapters 1–{n}', ms: 'Bab 1–{n}' },
  placeholder: { en: 'Your generated content will appear here', ms: 'Kandungan yang dijana akan dipaparkan di sini' },
  growingHint: {
    en: 'Your book keeps growing here as you generate each part.',
    ms: 'Buku anda terus bertambah di sini setiap kali anda menjana satu bahagian.',
  },
  words: { en: { one: '{n} word', other: '{n} words' }, ms: '{n} patah perkataan' },
  copy: { en: 'Copy', ms: 'Salin' },
  copied: { en: 'Copied!', ms: 'Disalin!' },
  copyFailed: { en: 'Could not copy the text', ms: 'Teks tidak dapat disalin' },
  retry: { en: 'Try Again', ms: 'Cuba Lagi' },
  generatingContent: { en: 'Generating content...', ms: 'Sedang menjana kandungan...' },
  hint60: { en: 'This is taking longer than usual...', ms: 'Ini mengambil masa lebih lama daripada biasa...' },
  hint120: { en: 'Complex content may take up to 3 minutes...', ms: 'Kandungan yang kompleks mungkin mengambil masa sehingga 3 minit...' },
  hint150: { en: 'Your content is being carefully crafted...', ms: 'Kandungan anda sedang dihasilkan dengan teliti...' },
  hint170: { en: 'Almost there...', ms: 'Hampir siap...' },
  loadingToast: {
    en: 'Generating content. This may take up to 90 seconds...',
    ms: 'Sedang menjana kandungan. Ini mungkin mengambil masa sehingga 90 saat...',
  },
  successToast: {
    en: { one: 'Content generated successfully! {n} credit remaining.', other: 'Content generated successfully! {n} credits remaining.' },
    ms: 'Kandungan berjaya dijana! Baki kredit: {n}.',
  },
  // Issue 27: a step being written when the writer comes back, and connection trouble in plain words.
  beingWritten: { en: '{step} is being written…', ms: '{step} sedang ditulis…' },
  offlineNow: {
    en: 'You are offline. Check your internet connection, then try again.',
    ms: 'Anda di luar talian. Semak sambungan internet anda, kemudian cuba lagi.',
  },
  serverUnreachable: {
    en: 'The Karya server cannot be reached right now. Nothing was charged for a step that did not start; try again in a moment.',
    ms: 'Pelayan Karya tidak dapat dihubungi sekarang. Tiada caj untuk langkah yang tidak bermula; cuba lagi sebentar lagi.',
  },
  followOffline: {
    en: 'You are offline. The text written so far stays here, and the page catches up when your connection is back.',
    ms: 'Anda di luar talian. Teks yang telah ditulis kekal di sini, dan halaman ini dikemas kini apabila sambungan anda kembali.',
  },
  followServerDown: {
    en: 'The Karya server cannot be reached right now. The text written so far stays here, and the page catches up when the server answers again.',
    ms: 'Pelayan Karya tidak dapat dihubungi sekarang. Teks yang telah ditulis kekal di sini, dan halaman ini dikemas kini apabila pelayan menjawab semula.',
  },
  bookRefreshed: {
    en: 'Your book had already moved on (another tab or an earlier request). Here it is as saved.',
    ms: 'Buku anda sudah pun bergerak ke hadapan (tab lain atau permintaan terdahulu). Inilah buku seperti yang disimpan.',
  },
  stepStopped: {
    en: 'The step stopped before it was finished, so nothing was charged for it. You can generate it again.',
    ms: 'Langkah itu berhenti sebelum siap, jadi tiada caj dikenakan. Anda boleh menjananya semula.',
  },
  timeoutToast: { en: 'Generation timed out - please try again', ms: 'Penjanaan tamat masa - sila cuba lagi' },
  lockedNote: {
    en: 'Settings are locked for this book so that it stays consistent.',
    ms: 'Tetapan dikunci untuk buku ini supaya ia kekal konsisten.',
  },
  startNewBook: { en: 'Start New Book', ms: 'Mulakan Buku Baharu' },
  continueProgress: { en: 'Continue Progress', ms: 'Teruskan Kemajuan' },
  resumeTitle: { en: 'Continue Previous Progress?', ms: 'Teruskan Kemajuan Sebelumnya?' },
  resumeBody: {
    en: 'You have saved progress for {type} ({n} / {total}). Next: {step}.',
    ms: 'Anda mempunyai kemajuan tersimpan untuk {type} ({n} / {total}). Seterusnya: {step}.',
  },
  resumeDone: {
    en: 'You have saved progress for {type} ({n} / {total}). The book is complete.',
    ms: 'Anda mempunyai kemajuan tersimpan untuk {type} ({n} / {total}). Buku ini telah lengkap.',
  },
  resumeSingle: { en: 'You have a saved {type} result.', ms: 'Anda mempunyai hasil {type} yang disimpan.' },
  progressCleared: { en: 'Progress cleared', ms: 'Kemajuan telah dikosongkan' },
  progressClearFailed: { en: 'Failed to clear progress', ms: 'Gagal mengosongkan kemajuan' },
  progressLoadFailed: { en: 'Failed to load saved progress', ms: 'Gagal memuatkan kemajuan yang disimpan' },
  outline: { en: 'Outline', ms: 'Rangka' },
  showOutline: { en: 'Show outline', ms: 'Tunjuk rangka' },
  generatedCover: { en: 'Generated Cover', ms: 'Kulit Buku Yang Dijana' },
  downloadCover: { en: 'Download Cover', ms: 'Muat Turun Kulit Buku' },
  generatingCover: { en: 'Generating Cover...', ms: 'Sedang Menjana Kulit...' },
  generatingYourCover: { en: 'Generating your book cover...', ms: 'Sedang menjana kulit buku anda...' },
  coverFailed: { en: 'Failed to generate book cover. Please try again.', ms: 'Gagal menjana kulit buku. Sila cuba lagi.' },
  // The AI test page for anyone but the administrator: the service's last check, shared (docs/api.md).
  sharedCheck: {
    en: 'The AI service is answering (its last check, at most 5 minutes old). No credits used.',
    ms: 'Perkhidmatan AI sedang menjawab (semakan terakhirnya, paling lama 5 minit). Tiada kredit digunakan.',
  },
  costNote: { en: 'This will use {n} credits.', ms: 'Ini akan menggunakan {n} kredit.' },
  // Cost before spending (engine/session/cost.ts: what the server charges, step by step).
  stepCostOne: { en: '1 credit', ms: '1 kredit' },
  stepCostMany: { en: '{n} credits', ms: '{n} kredit' },
  stepCostShort: { en: '{cost} · top up to continue', ms: '{cost} · tambah kredit untuk meneruskan' },
  bookCost: { en: 'This book: {total} credits — you have {have}', ms: 'Buku ini: {total} kredit — anda mempunyai {have}' },
  bookCostLeft: { en: { one: 'To finish this book: {n} credit — you have {have}', other: 'To finish this book: {n} credits — you have {have}' }, ms: 'Untuk menyiapkan buku ini: {n} kredit — anda mempunyai {have}' },
  bookCostWhy: {
    en: '{n} per step: the outline, the introduction, each chapter and the conclusion.',
    ms: '{n} setiap langkah: rangka, pengenalan, setiap bab dan penutup.',
  },
  bookCostShort: { en: 'You need {n} more credits to finish it.', ms: 'Anda memerlukan {n} kredit lagi untuk menyiapkannya.' },
  // Writing Progress counts what the Generation Process list shows: its steps ("Step 2 of 4") and the book's
  // parts written (introduction, chapters, conclusion), so no two counters on the page disagree.
  stepOf: { en: 'Step {k} of {n}: {action}', ms: 'Langkah {k} daripada {n}: {action}' },
  actionOutline: { en: 'Generate the outline', ms: 'Jana rangka' },
  actionIntroduction: { en: 'Generate the introduction', ms: 'Jana pengenalan' },
  actionChapters: { en: 'Generate the next sections', ms: 'Jana bahagian seterusnya' },
  actionConclusion: { en: 'Generate the conclusion to complete your book', ms: 'Jana kesimpulan untuk melengkapkan buku anda' },
  partsWritten: { en: { one: 'part written', other: 'parts written' }, ms: 'bahagian ditulis' },
  counterHelp: {
    en: 'The chapter you write next, out of all chapters.',
    ms: 'Bab yang anda tulis seterusnya, daripada semua bab.',
  },
  // The manuscript view of the preview.
  jumpToLatest: { en: 'Jump to latest', ms: 'Lompat ke terkini' },
  partsNav: { en: 'Parts of the book', ms: 'Bahagian buku' },
  writingNow: { en: 'writing…', ms: 'sedang ditulis…' },
  editPart: { en: 'Edit', ms: 'Sunting' },
  editPartLabel: { en: 'Edit {part}', ms: 'Sunting {part}' },
  editPartText: { en: 'Text of {part}', ms: 'Teks {part}' },
  editPartHint: {
    en: 'Your text replaces this part; later steps and downloads use it.',
    ms: 'Teks anda menggantikan bahagian ini; langkah seterusnya dan muat turun menggunakannya.',
  },
  save: { en: 'Save', ms: 'Simpan' },
  // Drafts of hand edits (issue 27): kept on the server while the writer types.
  draftSaving: { en: 'Saving draft…', ms: 'Menyimpan draf…' },
  draftSaved: { en: 'Draft saved', ms: 'Draf disimpan' },
  draftFailed: { en: 'Draft not saved yet — check your connection. Your text is still here.', ms: 'Draf belum disimpan — semak sambungan anda. Teks anda masih di sini.' },
  draftNote: { en: 'You have an unsaved edit of this part (kept as a draft).', ms: 'Anda mempunyai suntingan bahagian ini yang belum disimpan (disimpan sebagai draf).' },
  draftResume: { en: 'Continue editing', ms: 'Teruskan menyunting' },
  draftDiscard: { en: 'Discard draft', ms: 'Buang draf' },
  editWrite: { en: 'Write', ms: 'Tulis' },
  showSettings: { en: 'Show settings', ms: 'Tunjuk tetapan' },
  stopNow: { en: 'Stop', ms: 'Henti' },
  stopped: { en: 'Stopped before any text was written: nothing was charged.', ms: 'Dihentikan sebelum sebarang teks ditulis: tiada caj dikenakan.' },
  hideSettings: { en: 'Hide settings', ms: 'Sembunyi tetapan' },
  showPartText: { en: 'Show text', ms: 'Tunjuk teks' },
  hidePartText: { en: 'Hide text', ms: 'Sembunyi teks' },
  editPreview: { en: 'Preview', ms: 'Pratonton' },
  saving: { en: 'Saving…', ms: 'Menyimpan…' },
  editSaved: { en: 'Your edit is saved', ms: 'Suntingan anda telah disimpan' },
  editSavedMemory: {
    en: 'Your edit is saved. The next step first re-reads the book with it, so it may take a little longer.',
    ms: 'Suntingan anda telah disimpan. Langkah seterusnya membaca semula buku dengannya dahulu, jadi ia mungkin mengambil masa lebih sedikit.',
  },
  editFailed: { en: 'Failed to save your edit', ms: 'Gagal menyimpan suntingan anda' },
  startNew: { en: 'Start New', ms: 'Mula Baharu' },
  serverFieldError: { en: '{label} {message}', ms: '{label} {message}' },
  fixHighlighted: { en: 'Please check the highlighted fields', ms: 'Sila semak medan yang ditandakan' },
  chapterHeading: { en: 'Current part', ms: 'Bahagian semasa' },
  loadFailed: { en: 'Failed to load this generator.', ms: 'Gagal memuatkan penjana ini.' },
  close: { en: 'Close', ms: 'Tutup' },
  startNewDeletes: { en: 'The saved progress of this book will be deleted.', ms: 'Kemajuan buku ini akan dipadamkan.' },
  startNewKeeps: {
    en: 'This book stays in My Books, where you can continue, download or delete it; the page starts a new book.',
    ms: 'Buku ini kekal dalam Buku Saya, tempat anda boleh meneruskan, memuat turun atau memadamkannya; halaman ini memulakan buku baharu.',
  },
  incompletePart: {
    en: 'This part was cut off at the length limit, even after asking the model to continue it. It is kept as it is; you may want to rewrite its ending.',
    ms: 'Bahagian ini terpotong kerana had panjang, walaupun selepas model diminta menyambungnya. Ia disimpan seadanya; anda mungkin mahu menulis semula pengakhirannya.',
  },
  // Length control and the story bible (the long-books issue).
  shortPart: {
    en: 'Short: {words} of {target} words, even after asking the model for more.',
    ms: 'Pendek: {words} daripada {target} patah perkataan, walaupun selepas model diminta menulis lagi.',
  },
  // Rewrite with a note, write again, and earlier versions (issue 25).
  rewrite: { en: 'Rewrite…', ms: 'Tulis semula…' },
  rewriteLabel: { en: 'Rewrite {part}', ms: 'Tulis semula {part}' },
  rewriteNote: { en: 'What should change? (optional: leave empty to write it again)', ms: 'Apa yang perlu berubah? (pilihan: biarkan kosong untuk menulisnya semula)' },
  rewriteNotePlaceholder: { en: 'e.g. make the ending darker, more dialogue', ms: 'cth. jadikan pengakhiran lebih suram, lebih banyak dialog' },
  rewriteGo: { en: 'Rewrite', ms: 'Tulis semula' },
  writeAgainGo: { en: 'Write again', ms: 'Tulis sekali lagi' },
  rewriting: { en: 'Rewriting…', ms: 'Sedang menulis semula…' },
  rewritten: { en: 'Rewritten; the previous text is kept as version {n}', ms: 'Ditulis semula; teks sebelumnya disimpan sebagai versi {n}' },
  rewriteFailed: { en: 'Could not rewrite this part. Nothing was charged; please try again.', ms: 'Tidak dapat menulis semula bahagian ini. Tiada caj dikenakan; sila cuba lagi.' },
  versions: { en: 'Earlier versions', ms: 'Versi terdahulu' },
  versionsNone: { en: 'No earlier versions yet.', ms: 'Belum ada versi terdahulu.' },
  versionsFailed: { en: 'Could not load the earlier versions.', ms: 'Tidak dapat memuatkan versi terdahulu.' },
  versionLine: { en: 'Version {n} · {words} words', ms: 'Versi {n} · {words} patah perkataan' },
  restore: { en: 'Restore', ms: 'Pulihkan' },
  restored: { en: 'Version {n} restored; the text it replaced is kept as version {kept}', ms: 'Versi {n} dipulihkan; teks yang digantikannya disimpan sebagai versi {kept}' },
  writeMore: { en: 'Write more', ms: 'Tulis lagi' },
  writeMoreLabel: { en: 'Write more of {part}', ms: 'Tulis lagi untuk {part}' },
  writingMore: { en: 'Writing more…', ms: 'Sedang menulis lagi…' },
  wroteMore: { en: '{n} words added', ms: '{n} patah perkataan ditambah' },
  writeMoreFailed: { en: 'Could not write more. Please try again.', ms: 'Tidak dapat menulis lagi. Sila cuba lagi.' },
  storyBible: { en: 'Story Bible', ms: 'Catatan Cerita' },
  storyBibleHint: {
    en: 'What later chapters are told to keep consistent: recent chapters, characters, open threads and facts. The premise and planned ending come from the outline.',
    ms: 'Perkara yang mesti kekal konsisten dalam bab-bab seterusnya: bab terkini, watak, urusan belum selesai dan fakta. Premis dan pengakhiran yang dirancang diambil daripada rangka.',
  },
  bibleSaved: { en: 'The story bible is saved; the next chapter reads it.', ms: 'Catatan cerita telah disimpan; bab seterusnya akan membacanya.' },
  bibleEmpty: {
    en: 'Nothing kept yet: it fills in after each part is written. You can add notes now.',
    ms: 'Belum ada apa-apa: ia diisi selepas setiap bahagian ditulis. Anda boleh menambah catatan sekarang.',
  },
  // The Download menu of the preview and of My Books.
  download: { en: 'Download', ms: 'Muat Turun' },
  downloadAs: { en: 'Download as {format}', ms: 'Muat turun sebagai {format}' },
  downloadFormats: { en: 'Download formats', ms: 'Format muat turun' },
  cancel: { en: 'Cancel', ms: 'Batal' },
  // The Publish panel of a finished book (a package for KDP, Google Play Books, Kobo and a KDP paperback).
  publishTitle: { en: 'Publish your book', ms: 'Terbitkan buku anda' },
  publishIntro: {
    en: 'Makes a publishing package of this book: a title, a description, keywords, a copyright page and a cover, the manuscript as EPUB and DOCX and the paperback as PDF, checked against the rules of each store.',
    ms: 'Menghasilkan pakej penerbitan untuk buku ini: tajuk, penerangan, kata kunci, halaman hak cipta dan kulit buku, manuskrip dalam EPUB dan DOCX serta buku cetak dalam PDF, disemak mengikut peraturan setiap kedai.',
  },
  publishAuthor: { en: 'Author name', ms: 'Nama pengarang' },
  publishAuthorHint: {
    en: 'Leave blank and a pen name is suggested for you; when none is usable, no name is made up and the stores that need one are not ready.',
    ms: 'Biarkan kosong dan nama pena akan dicadangkan; jika tiada yang sesuai, tiada nama direka dan kedai yang memerlukannya belum sedia.',
  },
  publishTrim: { en: 'Paperback size', ms: 'Saiz buku cetak' },
  publishPaper: { en: 'Paper', ms: 'Kertas' },
  paperWhite: { en: 'White', ms: 'Putih' },
  paperCream: { en: 'Cream', ms: 'Krim' },
  publishCost: { en: 'Publishing costs {n} credits.', ms: 'Penerbitan menggunakan {n} kredit.' },
  publishShort: { en: { one: 'You have {n} credit.', other: 'You have {n} credits.' }, ms: 'Anda mempunyai {n} kredit.' },
  publishButton: { en: 'Publish ({n} credits)', ms: 'Terbitkan ({n} kredit)' },
  publishAgain: { en: 'Publish again ({n} credits)', ms: 'Terbitkan semula ({n} kredit)' },
  publishing: { en: 'Publishing… this can take a few minutes', ms: 'Sedang menerbitkan… ini mungkin mengambil masa beberapa minit' },
  publishLoading: { en: 'Loading the publishing cost', ms: 'Memuatkan kos penerbitan' },
  publishLoadFailed: { en: 'Could not load the publishing cost.', ms: 'Kos penerbitan tidak dapat dimuatkan.' },
  publishFailed: { en: 'Publishing failed. Please try again.', ms: 'Penerbitan gagal. Sila cuba lagi.' },
  publishDone: { en: 'Your publishing package is ready to download.', ms: 'Pakej penerbitan anda sedia untuk dimuat turun.' },
  readinessTitle: { en: 'Ready for each store', ms: 'Kesediaan untuk setiap kedai' },
  readinessReady: { en: 'Ready for every store', ms: 'Sedia untuk semua kedai' },
  readinessNotReady: { en: { one: 'Ready for {n} store', other: 'Ready for {n} stores' }, ms: 'Sedia untuk {n} kedai' },
  readinessNone: { en: 'Not ready for any store yet', ms: 'Belum sedia untuk mana-mana kedai' },
  channelReady: { en: 'Ready', ms: 'Sedia' },
  channelNotReady: { en: 'Not ready', ms: 'Belum sedia' },
  checkPass: { en: 'Passed', ms: 'Lulus' },
  checkFail: { en: 'Failed', ms: 'Gagal' },
  checkWarn: { en: 'Advice', ms: 'Nasihat' },
  checkSkipped: { en: 'Skipped', ms: 'Dilangkau' },
  checkCheck: { en: 'To check by hand', ms: 'Perlu disemak sendiri' },
  checkFix: { en: 'To fix: {fix}', ms: 'Cara membetulkan: {fix}' },
  checkSource: { en: 'Rule: {source}', ms: 'Peraturan: {source}' },
  packageCover: { en: 'eBook cover', ms: 'Kulit buku eBook' },
  packageDescription: { en: 'Description', ms: 'Penerangan' },
  packageKeywords: { en: 'Keywords', ms: 'Kata kunci' },
  packageFiles: { en: 'Files', ms: 'Fail' },
  downloadPackage: { en: 'Download package (.zip)', ms: 'Muat turun pakej (.zip)' },
} as const satisfies Record<string, { en: Text; ms: Text }>;

export type PageWord = keyof typeof PAGE_WORDS;

/** A page word in a language with {placeholders} filled; a counted word takes the form for `vars.n`. */
export function pageWord(key: PageWord, lang: Lang, vars: Record<string, string | number> = {}): string {
  const text: Text = PAGE_WORDS[key][lang];
  return fillPlaceholders(pickForm(text, lang, vars.n), vars);
}
