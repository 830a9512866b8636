// The answers' phrases and the language guard are sections of the table (languages/<code>/answers.yaml and
// guard.yaml): an Indonesian model's refusal, announcement and assistant talk are known as a Malay or English
// one is; a table missing a list, or a family whose languages disagree on their markers, is refused at start
// naming the key; and a language added with its own guard (a family of its own, its function words and samples)
// is kept in its own book and refused in the others, with no code changed.
import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureLanguages,
  LanguageWordsError,
  setLanguageSource,
  type LanguageSource,
} from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import {
  answerNotesOf,
  isAnnouncement,
  isClosingRemark,
  isRefusal,
  withoutTalk,
} from '../../engine/session/answers/index.js';
import { findLanguageDrift } from '../../engine/session/reading/index.js';

const withDrafts = () => readLanguages(languageFolders(), { ...process.env, KARYA_DRAFT_LANGUAGES: '1' });
const codeOf = (src: LanguageSource) => (src.data as { code: string }).code;
/** The table with drafts, one file of one language changed by `edit`. */
function tableWith(code: string, edit: (src: LanguageSource) => LanguageSource): () => LanguageSource[] {
  return () => withDrafts().map((src) => (codeOf(src) === code ? edit(src) : src));
}
function startFails(read: () => readonly LanguageSource[]): LanguageWordsError {
  setLanguageSource(read);
  try {
    ensureLanguages();
  } catch (error) {
    return error as LanguageWordsError;
  }
  throw new Error('the table was read');
}

afterEach(() => setLanguageSource(() => readLanguages()));

describe('an Indonesian model, as the answer checks read it', () => {
  it('its refusal is refused, its announcement and closing remark taken off, its assistant paragraph taken out', () => {
    setLanguageSource(withDrafts);
    expect(isRefusal('Maaf, saya tidak bisa membantu dengan permintaan itu karena kontennya terlalu eksplisit.')).toBe(
      true,
    );
    expect(isRefusal('Maaf, saya tidak dapat menulis bab ini.')).toBe(true);
    // A character who says sorry is the story's own.
    expect(isRefusal('Maaf, saya tidak bisa mencintaimu seperti yang kamu mau.')).toBe(false);
    expect(isAnnouncement('Tentu! Berikut adalah Bab 2 dari cerita Anda:')).toBe(true);
    expect(isClosingRemark('Semoga Anda menikmati bab ini! Beri tahu saya jika ingin ada perubahan.')).toBe(true);
    const story =
      'Hujan turun sejak pagi.\n\nSebagai model bahasa AI, saya tidak dapat ' +
      'menggambarkan adegan itu secara lebih rinci.\n\nSari menutup jendela.';
    expect(withoutTalk(story)).toMatchObject({ text: 'Hujan turun sejak pagi.\n\nSari menutup jendela.', removed: 1 });
  });

  it('a part says in Indonesian what was done to its answers', () => {
    setLanguageSource(withDrafts);
    const [note] = answerNotesOf(
      { answerNotes: { askedAgain: ['recipe'] }, continuations: 0, isComplete: true },
      'Bab 2',
      'id',
    );
    expect(note!.message).toBe('Bab 2: satu jawaban berupa resep; diminta sekali lagi, dan jawaban baru disimpan');
  });
});

describe('the table refuses what the checks cannot read', () => {
  it('a language without its refusals fails the start naming the key', () => {
    const error = startFails(
      tableWith('ms', (src) => ({
        ...src,
        words: { ...src.words, answers: { ...(src.words.answers as object), refusals: undefined } },
      })),
    );
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect(error.message).toContain('answers.refusals');
  });

  it('two languages of one family with different markers fail the start naming the guard', () => {
    const error = startFails(
      tableWith('id', (src) => {
        const guard = src.words.guard as { markers: Record<string, { words: Record<string, string> }> };
        return {
          ...src,
          words: {
            ...src.words,
            guard: {
              ...guard,
              markers: {
                ...guard.markers,
                id: { ...guard.markers.id, words: { ...guard.markers.id!.words, 3: 'karena' } },
              },
            },
          },
        };
      }),
    );
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect(error.message).toMatch(/guard/);
  });
});

/**
 * Tagalog, added the way a maintainer adds a language: its table (English's words stand in for its catalogues here) and
 * its guard.
 */
const TAGALOG_GUARD = {
  family: 'tagalog',
  functionWords:
    'ang ng mga sa na at ay si ni kay siya sila kami tayo ito iyon hindi para kung ' +
    'pero dahil may mayroon wala ko mo niya namin natin nila ba lang din rin pa po',
};
const TAGALOG = [
  'Ayon sa ulat ng PAGASA, magpapatuloy ang malakas na ulan sa ' +
    'Metro Manila at mga karatig na lalawigan hanggang Linggo.',
  'Sinabi ng pulisya na naaresto na ang dalawang suspek sa pagnanakaw sa isang tindahan ng alahas sa Quezon City.',
  'Hindi pa rin nakakauwi ang mga residente dahil mataas pa ang tubig baha sa kanilang lugar.',
];

describe('a fourth language with its own guard', () => {
  it('is kept in its own book and refused in the others, and theirs in it', () => {
    setLanguageSource(() => {
      const all = withDrafts();
      const en = all.find((src) => codeOf(src) === 'en')!;
      const tl: LanguageSource = {
        file: 'fixture/tl.yaml',
        data: { ...(en.data as object), code: 'tl', order: 9, autonym: 'Tagalog', draft: true },
        words: { ...en.words, guard: TAGALOG_GUARD },
      };
      return [...all, tl];
    });
    for (const s of TAGALOG) {
      expect(findLanguageDrift(s, 'tl'), s).toBeUndefined();
      expect(findLanguageDrift(s, 'en')?.found, s).toBe('tl');
      expect(findLanguageDrift(s, 'ms')?.found, s).toBe('tl');
    }
    expect(
      findLanguageDrift(
        'The central bank kept its benchmark interest rate unchanged, citing signs that inflation was easing.',
        'tl',
      )?.found,
    ).toBe('en');
    expect(
      findLanguageDrift(
        'Polis menahan tiga suspek bagi membantu siasatan kes samun di sebuah kedai emas di Klang semalam.',
        'tl',
      )?.found,
    ).toBe('ms');
  });
});
