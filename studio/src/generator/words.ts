// Interface words of the generator pages in en and ms (the engine's WORDS cover steps, buttons and the
// outline toast; its CATALOGUE and SETTINGS_MESSAGES the error messages). A Malay studio gets a Malay page, whatever the book's language.
// The i18n module alone (not the engine's browser entry), so pages that only need words stay small.
import { fillPlaceholders } from '../engine.js';
import type { Lang } from '../engine.js';
import { pickForm } from '../i18n/plural.js';
import { studioCatalogue, textIn } from '../i18n/catalogue.js';
import type { Text } from '../i18n/types.js';
import { CONTINUITY_WORDS } from './continuityWords.js';
import { VOICE_WORDS } from './voiceWords.js';
import { PROVENANCE_WORDS } from './provenanceWords.js';
import { EDIT_WORDS } from './editWords.js';
import { COVER_WORDS } from './coverWords.js';
import { BILINGUAL_WORDS } from './bilingualWords.js';
import { PASSAGE_WORDS } from './passageWords.js';
import { PUBLISH_WORDS } from './publishWords.js';
import { PACKAGE_EDIT_WORDS } from './packageEditWords.js';

const OWN_WORDS = studioCatalogue('studio-page', {
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
  // A step being written when the writer comes back, and connection trouble in plain words.
  beingWritten: { en: '{step} is being written…', ms: '{step} sedang ditulis…' },
  leftWhileWriting: { en: '{part} is still being written: it goes on, and it will be there when you come back to read it.', ms: '{part} masih ditulis: ia diteruskan, dan akan ada apabila anda kembali untuk membacanya.' },
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
  resumeBack: { en: 'Your book, as you left it', ms: 'Buku anda, seperti yang anda tinggalkan' },
  resumeBody: {
    en: 'You have saved progress for {type} ({n} of {total} chapters written). Next: {step}.',
    ms: 'Anda mempunyai kemajuan tersimpan untuk {type} ({n} daripada {total} bab ditulis). Seterusnya: {step}.',
  },
  resumeDone: {
    en: 'You have saved progress for {type} ({n} of {total} chapters written). The book is complete.',
    ms: 'Anda mempunyai kemajuan tersimpan untuk {type} ({n} daripada {total} bab ditulis). Buku ini telah lengkap.',
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
  costNote: { en: { one: 'This will use {n} credit.', other: 'This will use {n} credits.' }, ms: 'Ini akan menggunakan {n} kredit.' },
  // Cost before spending (engine/session/cost.ts: what the server charges, step by step).
  stepCostOne: { en: '1 credit', ms: '1 kredit' },
  stepCostMany: { en: '{n} credits', ms: '{n} kredit' },
  stepCostShort: { en: '{step}: {cost}', ms: '{step}: {cost}' },
  topUpToContinue: { en: 'Top up to continue', ms: 'Tambah kredit untuk meneruskan' },
  bookCost: { en: 'This book: {total} credits — you have {have}', ms: 'Buku ini: {total} kredit — anda mempunyai {have}' },
  bookCostLeft: { en: { one: 'To finish this book: {n} credit — you have {have}', other: 'To finish this book: {n} credits — you have {have}' }, ms: 'Untuk menyiapkan buku ini: {n} kredit — anda mempunyai {have}' },
  bookCostWhy: {
    en: '{n} per step: the outline, the introduction, each chapter and the conclusion.',
    ms: '{n} setiap langkah: rangka, pengenalan, setiap bab dan penutup.',
  },
  bookCostShort: { en: { one: 'You need {n} more credit to finish it.', other: 'You need {n} more credits to finish it.' }, ms: 'Anda memerlukan {n} kredit lagi untuk menyiapkannya.' },
  // Writing Progress counts what the Generation Process list shows: its steps ("Step 2 of 4") and the book's
  // parts written (introduction, chapters, conclusion), so no two counters on the page disagree.
  partsWritten: { en: { one: 'part written', other: 'parts written' }, ms: 'bahagian ditulis' },
  // Under it, after a step: what that step spent (the server's figures) and the book's time left at its pace.
  lastStepSpent: { en: 'Last part: calls {calls}, credits {credits}, {time}', ms: 'Bahagian terakhir: panggilan {calls}, kredit {credits}, {time}' },
  bookTimeLeft: { en: 'about {time} left for the book at this pace', ms: 'kira-kira {time} lagi untuk buku ini pada kadar ini' },
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
  // Drafts of hand edits: kept on the server while the writer types.
  draftSaving: { en: 'Saving draft…', ms: 'Menyimpan draf…' },
  draftSaved: { en: 'Draft saved', ms: 'Draf disimpan' },
  draftFailed: { en: 'Draft not saved yet — check your connection. Your text is still here.', ms: 'Draf belum disimpan — semak sambungan anda. Teks anda masih di sini.' },
  draftNote: { en: 'You have an unsaved edit of this part (kept as a draft).', ms: 'Anda mempunyai suntingan bahagian ini yang belum disimpan (disimpan sebagai draf).' },
  cancelEditTitle: { en: 'Drop this edit?', ms: 'Buang suntingan ini?' },
  cancelEditMessage: {
    en: 'Your changes to {part} are not saved. Dropping them keeps the text as it was.',
    ms: 'Perubahan anda pada {part} belum disimpan. Jika dibuang, teks kekal seperti asal.',
  },
  cancelEditKeep: { en: 'Keep editing', ms: 'Teruskan menyunting' },
  cancelEditDrop: { en: 'Drop my changes', ms: 'Buang perubahan saya' },
  draftResume: { en: 'Continue editing', ms: 'Teruskan menyunting' },
  draftDiscard: { en: 'Discard draft', ms: 'Buang draf' },
  editWrite: { en: 'Write', ms: 'Tulis' },
  showSettings: { en: 'Show settings', ms: 'Tunjuk tetapan' },
  stopNow: { en: 'Stop', ms: 'Henti' },
  stopped: { en: 'Stopped before any text was written: nothing was charged.', ms: 'Dihentikan sebelum sebarang teks ditulis: tiada caj dikenakan.' },
  // A part stopped while it streamed: its text so far is kept as a draft.
  stopFailed: { en: 'Could not stop the step. Please try again.', ms: 'Langkah itu tidak dapat dihentikan. Sila cuba lagi.' },
  stoppedKept: { en: 'Stopped. The text so far is kept as a draft.', ms: 'Dihentikan. Teks setakat ini disimpan sebagai draf.' },
  stoppedDraft: { en: '{part}: stopped draft', ms: '{part}: draf yang dihentikan' },
  stoppedDraftHint: {
    en: 'You stopped this part while it was being written. Continue it, rewrite it with a note, keep it as it is (you can edit it after), or discard it and write the part afresh.',
    ms: 'Anda menghentikan bahagian ini semasa ia ditulis. Sambung, tulis semula dengan nota, simpan seadanya (anda boleh menyuntingnya kemudian), atau buang dan tulis bahagian ini dari awal.',
  },
  draftContinue: { en: 'Continue', ms: 'Sambung' },
  draftRewrite: { en: 'Rewrite…', ms: 'Tulis semula…' },
  draftKeep: { en: 'Keep', ms: 'Simpan' },
  draftKeepHint: { en: 'free', ms: 'percuma' },
  draftDiscardStopped: { en: 'Discard', ms: 'Buang' },
  draftDiscardSpent: { en: 'its {cost} is already used', ms: '{cost} untuknya sudah digunakan' },
  stoppedDraftWords: { en: { one: '{part}: stopped draft, {n} word', other: '{part}: stopped draft, {n} words' }, ms: '{part}: draf yang dihentikan, {n} patah perkataan' },
  draftWorking: { en: 'Writing…', ms: 'Sedang menulis…' },
  stoppedFinished: { en: '{part} is written.', ms: '{part} telah ditulis.' },
  stoppedFirst: { en: '{part} has a stopped draft: continue, rewrite, keep or discard it first.', ms: '{part} mempunyai draf yang dihentikan: sambung, tulis semula, simpan atau buang draf itu dahulu.' },
  chaptersOther: { en: 'Another number…', ms: 'Nombor lain…' },
  chaptersOtherBox: { en: 'Number of chapters, 1 to {max}', ms: 'Bilangan bab, 1 hingga {max}' },
  stoppedNext: { en: 'Next: finish the draft of {part} above', ms: 'Seterusnya: selesaikan draf {part} di atas' },
  stoppedDiscarded: { en: 'Draft discarded. You can write the part afresh.', ms: 'Draf dibuang. Anda boleh menulis bahagian ini dari awal.' },
  stoppedFailed: { en: 'Could not finish the draft. Please try again.', ms: 'Draf tidak dapat disiapkan. Sila cuba lagi.' },
  hideSettings: { en: 'Hide settings', ms: 'Sembunyi tetapan' },
  showPartText: { en: 'Show text', ms: 'Tunjuk teks' },
  hidePartText: { en: 'Hide text', ms: 'Sembunyi teks' },
  editPreview: { en: 'Preview', ms: 'Pratonton' },
  saving: { en: 'Saving…', ms: 'Menyimpan…' },
  editSaved: { en: 'Your edit is saved', ms: 'Suntingan anda telah disimpan' },
  editSavedMemory: {
    en: 'Your edit is saved. The story bible is being updated with it and keeps everything it knew meanwhile.',
    ms: 'Suntingan anda telah disimpan. Catatan cerita sedang dikemas kini dengannya dan mengekalkan semua yang diketahuinya sementara itu.',
  },
  editFailed: { en: 'Failed to save your edit', ms: 'Gagal menyimpan suntingan anda' },
  // The outline as chapters.
  outlineChapters: { en: 'Chapters', ms: 'Bab-bab' },
  chaptersHelp: {
    en: 'Edit, move, add or delete the chapters not written yet. A note tells Karya what must happen in that chapter.',
    ms: 'Sunting, alih, tambah atau padam bab yang belum ditulis. Nota memberitahu Karya apa yang mesti berlaku dalam bab itu.',
  },
  chapterWritten: { en: 'Written: locked', ms: 'Sudah ditulis: dikunci' },
  chapterActions: { en: '{chapter}: move, add or delete', ms: '{chapter}: alih, tambah atau padam' },
  chapterUp: { en: 'Move {chapter} up', ms: 'Alih {chapter} ke atas' },
  chapterDown: { en: 'Move {chapter} down', ms: 'Alih {chapter} ke bawah' },
  chapterInsert: { en: 'Add a chapter after {chapter}', ms: 'Tambah bab selepas {chapter}' },
  chapterDelete: { en: 'Delete {chapter}', ms: 'Padam {chapter}' },
  chapterDeleted: { en: '{chapter} deleted (not saved yet).', ms: '{chapter} dipadam (belum disimpan).' },
  chapterUndo: { en: 'Undo', ms: 'Buat asal' },
  chapterAdd: { en: 'Add a chapter', ms: 'Tambah bab' },
  chapterTitleLabel: { en: 'Title', ms: 'Tajuk' },
  chapterPlanLabel: { en: 'Plan', ms: 'Rancangan' },
  chapterNoteLabel: { en: 'Note: what must happen here', ms: 'Nota: apa yang mesti berlaku di sini' },
  chapterNotePlaceholder: { en: 'e.g. Aisha finds the letter; Tan lies to her', ms: 'cth. Aisyah menemui surat itu; Tan berbohong kepadanya' },
  chaptersSave: { en: 'Save chapters', ms: 'Simpan bab' },
  chaptersUnsaved: {
    en: 'Chapter changes not saved yet (kept on this device). Generate saves them first.',
    ms: 'Perubahan bab belum disimpan (disimpan pada peranti ini). Jana akan menyimpannya dahulu.',
  },
  chaptersDiscard: { en: 'Discard changes', ms: 'Buang perubahan' },
  chaptersSaved: { en: 'Your chapters are saved; each chapter is written from its plan and note.', ms: 'Bab anda telah disimpan; setiap bab ditulis mengikut rancangan dan notanya.' },
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
    en: 'This part ends mid-sentence: the model stopped (at its length limit, or its answer broke off), even after being asked to continue. It is kept as it is; use Write more or rewrite its ending.',
    ms: 'Bahagian ini berhenti di tengah ayat: model berhenti (pada had panjangnya, atau jawapannya terputus), walaupun selepas diminta menyambungnya. Ia disimpan seadanya; gunakan Tulis lagi atau tulis semula pengakhirannya.',
  },
  // Length control and the story bible (the long-books issue).
  shortPart: {
    en: 'Short: {words} of {target} words, even after asking the model for more.',
    ms: 'Pendek: {words} daripada {target} patah perkataan, walaupun selepas model diminta menulis lagi.',
  },
  stoppedPart: {
    en: 'Stopped by you and kept at {words} of {target} words.',
    ms: 'Dihentikan oleh anda dan disimpan pada {words} daripada {target} patah perkataan.',
  },
  // Rewrite with a note, write again, and earlier versions.
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
  versionCurrent: { en: 'Current text', ms: 'Teks semasa' },
  versionMadeWith: { en: 'written with the note “{note}”', ms: 'ditulis dengan nota “{note}”' },
  restore: { en: 'Restore', ms: 'Pulihkan' },
  restored: { en: 'Version {n} restored; the text it replaced is kept as version {kept}', ms: 'Versi {n} dipulihkan; teks yang digantikannya disimpan sebagai versi {kept}' },
  writeMore: { en: 'Write more', ms: 'Tulis lagi' },
  repeatingPart: { en: 'Repeats: {share}% of this part\'s words were already written. Rewrite it before you publish.', ms: 'Berulang: {share}% perkataan bahagian ini sudah ditulis sebelum ini. Tulis semula sebelum anda menerbitkannya.' },
  indonesianWords: { en: 'Indonesian words in this Malay part: {words}', ms: 'Perkataan bahasa Indonesia dalam bahagian ini: {words}' },
  writeMoreLabel: { en: 'Write more of {part}', ms: 'Tulis lagi untuk {part}' },
  writingMore: { en: 'Writing more…', ms: 'Sedang menulis lagi…' },
  wroteMore: { en: '{n} words added', ms: '{n} patah perkataan ditambah' },
  wroteMoreRestarted: { en: 'The model wrote the part again from its start instead of continuing it. Your text is kept as version {n}: restore it from the part\'s versions.', ms: 'Model menulis semula bahagian ini dari awal dan bukan menyambungnya. Teks anda disimpan sebagai versi {n}: pulihkannya daripada versi bahagian ini.' },
  writeMoreFailed: { en: 'Could not write more. Please try again.', ms: 'Tidak dapat menulis lagi. Sila cuba lagi.' },
  // After an edit of a part the bible had taken in: it keeps what it knew while it reads the part again.
  bibleUpdating: {
    en: 'The story bible is being updated with this part. Until then it keeps everything it knew.',
    ms: 'Catatan cerita sedang dikemas kini dengan bahagian ini. Sehingga itu, semua yang diketahuinya kekal.',
  },
  updateBible: { en: 'Update the story bible', ms: 'Kemas kini catatan cerita' },
  bibleUpdated: {
    en: 'Story bible updated: {parts} part(s) read again, {added} entries added, {removed} dropped.',
    ms: 'Catatan cerita dikemas kini: {parts} bahagian dibaca semula, {added} entri ditambah, {removed} dibuang.',
  },
  storyBible: { en: 'Story Bible', ms: 'Catatan Cerita' },
  bibleCovers: { en: 'Covers:', ms: 'Meliputi:' },
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
});

export const PAGE_WORDS = {
  ...CONTINUITY_WORDS,
  ...VOICE_WORDS,
  ...PROVENANCE_WORDS,
  ...EDIT_WORDS,
  ...COVER_WORDS,
  ...BILINGUAL_WORDS,
  ...PASSAGE_WORDS,
  ...PUBLISH_WORDS,
  ...PACKAGE_EDIT_WORDS,
  ...OWN_WORDS,
};

export type PageWord = keyof typeof PAGE_WORDS;

/** A page word in a language with {placeholders} filled; a counted word takes the form for `vars.n`. */
export function pageWord(key: PageWord, lang: Lang, vars: Record<string, string | number> = {}): string {
  const text: Text = textIn(PAGE_WORDS[key], lang, key);
  return fillPlaceholders(pickForm(text, lang, vars.n), vars);
}
