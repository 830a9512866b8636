// The words of a book's continuity on its page, in en and ms: findings beside a part (what kind, where
// it was established, "Rewrite with this note"), "check against the rewritten …", and the story bible's
// threads with the part each should pay off in; a part the story bible has not taken in. Part of the page's
// words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const CONTINUITY_WORDS = studioCatalogue('studio-continuity', {
  // A part the story bible has not taken in.
  notInBible: {
    en: "The story bible has not taken in this part: its update failed or did not fit the model's context window. It is tried again before the next part.",
    ms: 'Catatan cerita belum mengambil kira bahagian ini: kemas kininya gagal atau tidak muat dalam tetingkap konteks model. Ia dicuba lagi sebelum bahagian seterusnya.',
  },
  // The same on a finished book: no next part will try it again.
  notInBibleFinished: {
    en: "The story bible has not taken in this part: its update failed or did not fit the model's context window. The book is finished, so nothing tries it again by itself: update the story bible to take it in.",
    ms: 'Catatan cerita belum mengambil kira bahagian ini: kemas kininya gagal atau tidak muat dalam tetingkap konteks model. Buku ini sudah siap, jadi tiada apa yang mencubanya semula dengan sendiri: kemas kini catatan cerita untuk mengambil kiranya.',
  },
  continuityLabel: { en: 'Continuity of {part}', ms: 'Kesinambungan {part}' },
  continuity_acts_after_death: { en: 'Acts after death', ms: 'Bertindak selepas mati' },
  continuity_fact_changed: { en: 'Fact changed', ms: 'Fakta berubah' },
  continuity_name_spelling: { en: 'Name spelled two ways', ms: 'Nama dieja dua cara' },
  continuity_thread_overdue: { en: 'Promise overdue', ms: 'Janji tertunggak' },
  continuity_ignores_bible: { en: "Not the book's people", ms: 'Bukan watak buku ini' },
  continuity_audit: { en: 'Continuity check', ms: 'Semakan kesinambungan' },
  continuitySee: { en: 'see {part}', ms: 'lihat {part}' },
  continuityRewrite: { en: 'Rewrite with this note', ms: 'Tulis semula dengan nota ini' },
  // The book's Continuity panel: every finding, where it is, and what to do with it.
  continuityPanel: { en: 'Continuity ({n})', ms: 'Kesinambungan ({n})' },
  continuityPanelHint: {
    en: 'What the story bible says against the text, part by part. Rewrite the part with the finding as its note, or mark it as intended.',
    ms: 'Perkara dalam teks yang bercanggah dengan catatan cerita, bahagian demi bahagian. Tulis semula bahagian itu dengan dapatan sebagai notanya, atau tandakannya sebagai disengajakan.',
  },
  continuityGoTo: { en: 'Go to {part}', ms: 'Pergi ke {part}' },
  continuityIntended: { en: 'Intended', ms: 'Disengajakan' },
  continuityMarked: { en: 'Marked as intended: it is no longer listed.', ms: 'Ditandakan sebagai disengajakan: ia tidak lagi disenaraikan.' },
  continuityIntendedLabel: { en: 'Mark as intended: {finding}', ms: 'Tandakan sebagai disengajakan: {finding}' },
  continuityIntendedCount: { en: { one: '1 finding marked as intended.', other: '{n} findings marked as intended.' }, ms: '{n} dapatan ditandakan sebagai disengajakan.' },
  continuityCount: { en: { one: '⚠ 1 continuity finding', other: '⚠ {n} continuity findings' }, ms: '⚠ {n} dapatan kesinambungan' },
  checkAgainst: { en: 'Check against the rewritten {part}', ms: 'Semak dengan {part} yang telah ditulis semula' },
  threadsTitle: { en: 'Threads and promises', ms: 'Urusan dan janji cerita' },
  threadsHint: {
    en: 'To say where a thread should pay off, add “due” and the chapter to its line in the notes: “thread | opened | open | due Chapter 5”.',
    ms: 'Untuk menetapkan di mana sesuatu urusan patut diselesaikan, tambah “sasaran” dan babnya pada barisnya dalam catatan: “urusan | dibuka | terbuka | sasaran Bab 5”.',
  },
  threadOpened: { en: 'opened in {part}', ms: 'dibuka dalam {part}' },
  threadDue: { en: 'due in {part}', ms: 'perlu selesai dalam {part}' },
  thread_open: { en: 'Open', ms: 'Terbuka' },
  thread_advanced: { en: 'Advanced', ms: 'Bergerak' },
  thread_resolved: { en: 'Resolved', ms: 'Selesai' },
  thread_dropped: { en: 'Dropped', ms: 'Digugurkan' },
  threadOverdue: { en: 'Overdue', ms: 'Tertunggak' },
});
