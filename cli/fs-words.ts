// What a command says when a file or folder cannot be written or the state file fails (cli/fs-check.ts): what
// happened and what to do, to the writer in their language (a book's, else the one their locale names). English
// and Malay beside the code, every other language of the table in languages/<code>/cli-files.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-files', {
  EACCES: {
    en: 'permission denied: you may not write there; choose a folder you own or change its permissions',
    ms: 'kebenaran ditolak: anda tidak boleh menulis di situ; pilih folder milik anda atau ubah kebenarannya',
  },
  EPERM: {
    en: 'not permitted: you may not write there; choose a folder you own or change its permissions',
    ms: 'tidak dibenarkan: anda tidak boleh menulis di situ; pilih folder milik anda atau ubah kebenarannya',
  },
  ENOENT: { en: 'no such file or folder, and it cannot be created there; check the path', ms: 'tiada fail atau folder sedemikian, dan ia tidak boleh dicipta di situ; semak laluannya' },
  ENOTDIR: { en: 'a part of this path is a file, not a folder; choose another path', ms: 'sebahagian laluan ini ialah fail, bukan folder; pilih laluan lain' },
  EISDIR: { en: 'this is a folder; name a file inside it', ms: 'ini ialah folder; namakan fail di dalamnya' },
  EROFS: { en: 'the disk is read-only; choose a path on a writable disk', ms: 'cakera ini baca sahaja; pilih laluan pada cakera yang boleh ditulis' },
  ENOSPC: { en: 'the disk is full; free some space or choose another disk', ms: 'cakera sudah penuh; kosongkan sedikit ruang atau pilih cakera lain' },
  EDQUOT: { en: 'your disk quota is used up; free some space or choose another disk', ms: 'kuota cakera anda sudah habis; kosongkan sedikit ruang atau pilih cakera lain' },
  EEXIST: { en: 'something with this name exists already; choose another path', ms: 'sesuatu dengan nama ini sudah wujud; pilih laluan lain' },
  ENAMETOOLONG: { en: 'the path is too long; choose a shorter one', ms: 'laluan ini terlalu panjang; pilih laluan yang lebih pendek' },
  EMFILE: { en: 'too many files are open; close some programs and try again', ms: 'terlalu banyak fail dibuka; tutup beberapa program dan cuba lagi' },
  EBUSY: { en: 'the file is in use by another program; close it and try again', ms: 'fail ini sedang digunakan oleh program lain; tutup program itu dan cuba lagi' },
  ELOOP: { en: 'the path has a loop of symbolic links; check the path', ms: 'laluan ini mempunyai gelung pautan simbolik; semak laluannya' },
  stateBusy: {
    en: 'the state file is in use by another karya command; wait for it to finish, or give this one its own --state file',
    ms: 'fail keadaan sedang digunakan oleh arahan karya lain; tunggu sehingga ia selesai, atau berikan arahan ini fail --state sendiri',
  },
  stateReadOnly: {
    en: 'the state file is read-only; make it writable or choose another --state file',
    ms: 'fail keadaan ini baca sahaja; jadikan ia boleh ditulis atau pilih fail --state lain',
  },
  stateCannotOpen: {
    en: 'the state file cannot be opened; check that its folder exists and is writable, or choose another --state file',
    ms: 'fail keadaan tidak dapat dibuka; pastikan foldernya wujud dan boleh ditulis, atau pilih fail --state lain',
  },
  stateDamaged: {
    en: 'the state file is damaged or is not a karya state file; move it away (saved progress in it is lost) or choose another --state file',
    ms: 'fail keadaan rosak atau bukan fail keadaan karya; alihkan ia (kemajuan yang disimpan di dalamnya hilang) atau pilih fail --state lain',
  },
  stateFull: { en: 'the disk is full; free some space and run the same command again', ms: 'cakera sudah penuh; kosongkan sedikit ruang dan jalankan arahan yang sama sekali lagi' },
  stateIo: {
    en: 'the disk failed to read or write the state file; check the disk and run the same command again',
    ms: 'cakera gagal membaca atau menulis fail keadaan; semak cakera dan jalankan arahan yang sama sekali lagi',
  },
  cannotWrite: { en: '{flag} {path}: cannot write there: {reason}', ms: '{flag} {path}: tidak boleh menulis di situ: {reason}' },
  fileNotFolder: {
    en: 'this is a file, not a folder; name a folder (it is created when missing)',
    ms: 'ini ialah fail, bukan folder; namakan folder (ia dicipta jika belum ada)',
  },
});

export type FsWordKey = keyof typeof WORDS;

/** Whether `code` (an errno code) has its own sentence. */
export const hasErrnoWords = (code: string): code is FsWordKey => /^E[A-Z]+$/.test(code) && code in WORDS;

/** The words for a key in a language, with its placeholders filled. */
export const fsWord = sayer(WORDS);
