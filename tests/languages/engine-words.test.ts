// The engine's and the session's words as a writer in Indonesia meets them, and what a maintainer meets when a
// word is missing. Indonesian is a draft of the table until every area has worded it: the second block reads the
// table with drafts, so it runs the same before and after that line goes. Expected texts are typed here from
// what an Indonesian writer should read (standard Bahasa Indonesia), not read back from the words files.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../temp.js';
// The words first: their catalogue is the first the table checks in this file.
import { word } from '../../engine/i18n.js';
import { ensureLanguages, isLang, LanguageWordsError, setLanguageSource } from '../../engine/languages/index.js';
import { languageFolders, readLanguageFolder, readLanguages } from '../../engine/node/languages.js';
import { catalogueMessage, generationMessage, settingsIssueMessage, waitText } from '../../engine/errors.js';
import { stepLabel } from '../../engine/compile/labels.js';
import { renderBible } from '../../engine/session/bible/render.js';
import { EMPTY_BIBLE, parseBible } from '../../engine/session/bible/bible.js';
import { seriesLabel } from '../../engine/session/bible/series.js';

const REPO_LANGUAGES = languageFolders()[0]!;
const withDrafts = () =>
  setLanguageSource(() => readLanguages(languageFolders(), { ...process.env, KARYA_DRAFT_LANGUAGES: '1' }));
const asUsual = () => setLanguageSource(() => readLanguages());

describe('a missing Indonesian word', () => {
  afterEach(asUsual);

  it('stops the table being read, naming the language, the catalogue and the key', () => {
    // A maintainer's folder: Indonesian's table, no longer a draft, with the words file lacking "chapter".
    const dir = tempDir('karya-words-');
    writeFileSync(
      path.join(dir, 'id.yaml'),
      readFileSync(path.join(REPO_LANGUAGES, 'id.yaml'), 'utf8').replace(/^draft: true$/m, ''),
    );
    cpSync(path.join(REPO_LANGUAGES, 'id'), path.join(dir, 'id'), { recursive: true });
    const words = readFileSync(path.join(REPO_LANGUAGES, 'id', 'words.yaml'), 'utf8');
    expect(words).toMatch(/^chapter: /m);
    writeFileSync(path.join(dir, 'id', 'words.yaml'), words.replace(/^chapter: .*\n/m, ''));
    // The maintainer's folder gives Indonesian in place of the repository's.
    setLanguageSource(() => [
      ...readLanguages([REPO_LANGUAGES]).filter((src) => (src.data as { code?: string }).code !== 'id'),
      ...readLanguageFolder(dir),
    ]);
    let error: unknown;
    try {
      ensureLanguages();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect((error as LanguageWordsError).params).toEqual({ language: 'id', catalogue: 'words', key: 'chapter' });
    expect((error as Error).message).toContain('languages/id/words.yaml');
  });
});

describe('what an Indonesian writer reads', () => {
  beforeAll(() => {
    if (!isLang('id')) withDrafts();
    // A start reads the table before any word is shown (the server, a command): so does this file.
    ensureLanguages();
  });
  afterAll(asUsual);

  it('an error in Indonesian, naming the languages as Indonesian does', () => {
    expect(catalogueMessage('timeout', 'id')).toBe('Waktu pembuatan konten habis. Silakan coba lagi.');
    expect(generationMessage({ code: 'wrong_language', params: { expected: 'id', found: 'ms' } }, 'id')).toBe(
      'Jawaban diterima dalam bahasa Melayu (Malaysia), bukan Bahasa Indonesia, walaupun sudah diminta sekali ' +
        'lagi. Tidak ada yang disimpan untuk langkah ini dan langkah ini tidak dikenai biaya. Silakan coba lagi.',
    );
    expect(waitText(100, 'id')).toBe('2 menit');
    expect(
      settingsIssueMessage(
        { field: 'chapters', code: 'number_range', params: { min: 3, max: 30 } },
        { lang: 'id', label: 'Jumlah bab' },
      ),
    ).toBe('Jumlah bab harus berupa angka antara 3 dan 30');
  });

  it('a step label and a progress line in Indonesian: "Bab 2"', () => {
    expect(stepLabel({ kind: 'chapter', position: 2 }, 'id')).toBe('Bab 2');
    expect(stepLabel({ kind: 'introduction', position: 0 }, 'id')).toBe('Pendahuluan');
    expect(word('stepOf', 'id', { k: 3, n: 7, action: word('actionChapters', 'id') })).toBe(
      'Langkah 3 dari 7: Buat bagian berikutnya',
    );
    expect(word('resuming', 'id', { id: 12, done: 2, total: 5 })).toBe(
      'melanjutkan 12: 2 dari 5 bagian sudah ditulis (gunakan --fresh untuk memulai dari awal)',
    );
    expect(seriesLabel(2, 'Bab 3', 'id')).toBe('Buku 2, Bab 3');
  });

  it('the story bible written in Indonesian reads back whole', () => {
    const bible = {
      ...EMPTY_BIBLE,
      premise: 'Sari menyelamatkan toko buku ayahnya.',
      characters: [{ name: 'Sari', role: 'pemilik toko', state: 'cemas', lastSeen: 'Bab 2', since: 'Bab 1' }],
      threads: [{ thread: 'surat lama', opened: 'Bab 1', isResolved: false, due: 'Bab 4' }],
      facts: ['Toko itu di Makassar'],
    };
    const text = renderBible(bible, 'id');
    expect(text).toContain('## Tokoh\n- Sari | pemilik toko | cemas | Bab 2 | sejak Bab 1');
    expect(text).toContain('## Benang cerita yang masih terbuka\n- surat lama | Bab 1 | terbuka | sasaran Bab 4');
    expect(text).not.toMatch(/\b(Characters|Open threads|Watak|Urusan)\b/);
    const read = parseBible(text);
    expect(read.characters.map((c) => c.name)).toEqual(['Sari']);
    expect(read.threads.map((t) => t.thread)).toEqual(['surat lama']);
    expect(read.facts).toEqual(['Toko itu di Makassar']);
  });

  it('English and Malay read as before', () => {
    expect(stepLabel({ kind: 'chapter', position: 2 }, 'ms')).toBe('Bab 2');
    expect(stepLabel({ kind: 'chapter', position: 2 }, 'en')).toBe('Chapter 2');
    expect(generationMessage({ code: 'wrong_language', params: { expected: 'ms', found: 'id' } }, 'ms')).toBe(
      'Jawapan diterima dalam bahasa Indonesia, bukan Bahasa Malaysia, walaupun selepas diminta sekali ' +
        'lagi. Tiada apa-apa yang disimpan bagi langkah ini dan ia tidak dikenakan bayaran. Sila cuba lagi.',
    );
    expect(generationMessage({ code: 'wrong_language', params: { expected: 'en', found: 'zh' } }, 'en')).toBe(
      'The answer came back in Chinese, not English, even when asked again. ' +
        'Nothing was saved for this step and it costs nothing. Please try again.',
    );
  });
});
