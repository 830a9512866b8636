// What the commands that take a book's settings (--chapters, --brief) say about them to the book's writer, in
// English and Malay beside the code and in every other language of the table in languages/<code>/cli-brief.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-brief', {
  setPair: { en: '--set {pair}: expected name=value', ms: '--set {pair}: dijangka nama=nilai' },
  chaptersRange: {
    en: '--chapters: "{value}" must be a whole number from {min} to 100, written in plain digits (like 12)',
    ms: '--chapters: "{value}" mestilah nombor bulat dari {min} hingga 100, ditulis dengan digit biasa (seperti 12)',
  },
  chaptersSingle: { en: '{id} writes a single output; --chapters is ignored', ms: '{id} menulis satu hasil sahaja; --chapters diabaikan' },
  chaptersFixed: { en: '{id} has {n} fixed sections; --chapters is ignored', ms: '{id} mempunyai {n} bahagian tetap; --chapters diabaikan' },
  noteBeyond: {
    en: '--brief {file}: "Chapter {n}" has a note, but the book has {chapters} chapters',
    ms: '--brief {file}: "Bab {n}" mempunyai nota, tetapi buku ini hanya mempunyai {chapters} bab',
  },
  noteNoChapters: { en: '--brief {file}: "Chapter {n}" has a note, but {id} has no numbered chapters', ms: '--brief {file}: "Bab {n}" mempunyai nota, tetapi {id} tiada bab bernombor' },
  noteLong: {
    en: '--brief {file}: the note of chapter {n} is {length} characters; a note may be at most {max}',
    ms: '--brief {file}: nota bab {n} mempunyai {length} aksara; nota boleh mempunyai paling banyak {max} aksara',
  },
  briefLarge: { en: '--brief {file}: the file is {kb} KB; a brief may be at most {max} KB', ms: '--brief {file}: fail ini {kb} KB; ringkasan boleh paling besar {max} KB' },
  briefUnreadable: {
    en: '--brief {file}: cannot be read ({code}); give the path of a Markdown file',
    ms: '--brief {file}: tidak dapat dibaca ({code}); berikan laluan fail Markdown',
  },
  headingUnknown: {
    en: '--brief {file}: heading "{heading}" names no setting of {id} (headings: {headings})',
    ms: '--brief {file}: tajuk "{heading}" tidak menamakan mana-mana tetapan {id} (tajuk: {headings})',
  },
  briefEmpty: {
    en: '--brief {file}: no setting found; write a heading per setting, e.g. "# Premise" with the text under it',
    ms: '--brief {file}: tiada tetapan ditemui; tulis satu tajuk bagi setiap tetapan, contohnya "# Premis" dengan teksnya di bawah',
  },
});

/** The settings words for a key in a language, with its placeholders filled. */
export const briefWord = sayer(WORDS);
