// The writer's voice measured: two samples that differ as a terse first-person present-tense
// writer with much dialogue and a novel's long third-person past prose differ (tests/fixtures/voice/, in
// English and Malay); sentences are not ended by Malay or English titles and abbreviations; a part is
// measured against a voice; overused phrases are counted per 1,000 words (6 mark a part) with the writer's
// own named; the guidance a writing step gets is bounded and its exemplars are what a small window loses first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fingerprintOf,
  isOverused,
  overusedIn,
  partVoiceOf,
  voiceFromSample,
  voiceGuidanceOf,
  VoiceError,
  withoutExemplars,
  EXEMPLAR_WORDS,
} from '../../engine/index.js';
import { sentencesOf } from '../../engine/session/voice/text.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'voice');
const sample = (name: string) => readFileSync(path.join(DIR, name), 'utf8');
const words = (t: string) => t.split(/\s+/).filter(Boolean).length;

describe.each([['en'], ['ms']] as const)('two voices in %s', (lang) => {
  const terse = voiceFromSample(sample(`${lang}-terse.txt`), lang).fingerprint;
  const long = voiceFromSample(sample(`${lang}-long.txt`), lang).fingerprint;

  it('the terse sample has short sentences and paragraphs, the novel long ones', () => {
    expect(terse.sentenceWords.mean).toBeLessThan(8);
    expect(long.sentenceWords.mean).toBeGreaterThan(40);
    expect(long.sentenceWords.mean / terse.sentenceWords.mean).toBeGreaterThan(5);
    expect(terse.paragraphWords).toBeLessThan(20);
    expect(long.paragraphWords).toBeGreaterThan(60);
  });

  it('the terse sample is first person with dialogue, the novel third person without', () => {
    expect(terse.pointOfView).toBe('first');
    expect(long.pointOfView).toBe('third');
    expect(terse.dialogueShare).toBeGreaterThan(0.15);
    expect(long.dialogueShare).toBe(0);
  });

  it(lang === 'en' ? 'tense: present against past' : 'tense: not marked in Malay', () => {
    expect(terse.tense).toBe(lang === 'en' ? 'present' : null);
    expect(long.tense).toBe(lang === 'en' ? 'past' : null);
  });

  it("a part in the novel's prose drifts from the terse voice, by name, and not from the long one", () => {
    const part = sample(`${lang}-long.txt`);
    const against = partVoiceOf({ fingerprint: terse }, part, lang)!;
    expect(against.drifts).toEqual(
      expect.arrayContaining(['sentenceWords', 'paragraphWords', 'dialogueShare', 'pointOfView']),
    );
    expect(against.distance).toBeGreaterThan(1);
    expect(against.notes[0]).toMatch(
      lang === 'en' ? /^sentences \d+(\.\d)?× longer$/ : /^ayat \d+(\.\d)?× lebih panjang$/,
    );
    expect(against.notes).toContain(lang === 'en' ? 'no dialogue' : 'tiada dialog');
    const own = partVoiceOf({ fingerprint: long }, part, lang)!;
    expect(own.drifts).toEqual([]);
    expect(own.distance).toBeLessThan(0.5);
  });
});

describe('a sample pasted with single line breaks', () => {
  it.each(['en-terse', 'en-long', 'ms-terse', 'ms-long'])(
    '%s: measures like the same text with blank lines, and its own prose does not drift',
    (name) => {
      const lang = name.slice(0, 2) as 'en' | 'ms';
      const text = sample(`${name}.txt`);
      // The same paragraphs, one line break between them (as a chat box or a word processor's copy pastes them).
      const pasted = text
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .join('\n');
      expect(pasted).not.toMatch(/\n\s*\n/);
      const blank = voiceFromSample(text, lang).fingerprint;
      const single = voiceFromSample(pasted, lang).fingerprint;
      expect(single).toEqual(blank);
      expect(partVoiceOf({ fingerprint: single }, text, lang)!.drifts).toEqual([]);
    },
  );
});

describe('sentences', () => {
  it('Malay titles and company abbreviations do not end a sentence', () => {
    expect(
      sentencesOf(
        'En. Ahmad bekerja di Syarikat Maju Sdn. Bhd. di Jln. Ampang. Dr. Siti datang semalam. Pn. Rohani pula tidak.',
        'ms',
      ),
    ).toEqual([
      'En. Ahmad bekerja di Syarikat Maju Sdn. Bhd. di Jln. Ampang.',
      'Dr. Siti datang semalam.',
      'Pn. Rohani pula tidak.',
    ]);
  });

  it('nor do English ones and initials', () => {
    expect(
      sentencesOf('Mr. Smith met Dr. Jones at St. Mary\'s. J. R. Tolkien wrote it. "Go," she said.', 'en'),
    ).toEqual(["Mr. Smith met Dr. Jones at St. Mary's.", 'J. R. Tolkien wrote it.', '"Go," she said.']);
  });
});

describe('a sample that cannot be measured', () => {
  const refused = (text: string, lang: 'en' | 'ms') => {
    try {
      voiceFromSample(text, lang);
    } catch (error) {
      return error as VoiceError;
    }
    throw new Error('not refused');
  };
  it('under 300 words, in the other language, or not text; over 10,000 words it is measured on an even sample', () => {
    expect(refused('I walk. She runs. '.repeat(40), 'en')).toMatchObject({
      code: 'voice_too_short',
      params: { min: 300 },
    });
    const long = voiceFromSample(`${sample('en-long.txt')}\n\n`.repeat(25), 'en');
    expect(long.fingerprint.words).toBeLessThanOrEqual(10000);
    expect(long.fingerprint.words).toBeGreaterThan(5000);
    expect(long.sampledFrom).toBeGreaterThan(10000);
    expect(refused(sample('ms-long.txt'), 'en')).toMatchObject({ code: 'voice_language', params: { expected: 'en' } });
    expect(refused(sample('en-long.txt'), 'ms')).toMatchObject({
      code: 'voice_language',
      params: { expected: 'ms', found: 'en' },
    });
    expect(refused('\u0000\u0001PNG\u0002'.repeat(200), 'en')).toMatchObject({ code: 'voice_not_text' });
  });
});

/** `n` words of plain prose with `phrases` spread through it. */
function proseWith(n: number, phrases: readonly string[]): string {
  const filler = 'The boat came in late and the men carried the nets up the beach before the light went.'.split(' ');
  const out: string[] = [];
  const every = Math.floor(n / (phrases.length + 1));
  for (let i = 0, k = 0; out.length < n; i++) {
    if (k < phrases.length && out.length >= every * (k + 1)) out.push(...phrases[k++]!.split(' '));
    else out.push(filler[i % filler.length]!);
  }
  return out.join(' ');
}

describe('overused phrases', () => {
  it('a part with 6 listed phrases per 1,000 words is marked, one with 2 is not', () => {
    const six = overusedIn(
      proseWith(1000, ['a testament to', 'tapestry', 'barely above a whisper', 'palpable', 'a wave of', 'newfound']),
      'en',
    );
    expect(six.perThousand).toBeGreaterThanOrEqual(5.9);
    expect(isOverused(six)).toBe(true);
    expect(six.phrases).toEqual(expect.arrayContaining(['a testament to', 'tapestry', 'palpable']));
    expect(isOverused(overusedIn(proseWith(1000, ['tapestry', 'palpable']), 'en'))).toBe(false);
  });

  it("EQ-Bench's three-word phrases are found through the stop words", () => {
    expect(
      overusedIn('Her voice was barely above a whisper. He took a deep breath and went on.', 'en').phrases,
    ).toEqual(expect.arrayContaining(['voice barely whisper', 'took deep breath']));
  });

  it('in Malay too, with the "bukan sekadar …, tetapi" construction', () => {
    const found = overusedIn('Jantungnya berdegup kencang. Ini bukan sekadar sebuah kedai, tetapi sebuah rumah.', 'ms');
    expect(found.phrases).toEqual(expect.arrayContaining(['jantungnya berdegup', 'bukan sekadar X, tetapi Y']));
  });

  it("the writer's own phrase marks a part by itself and is named", () => {
    const found = overusedIn(proseWith(1000, ['crimson dawn']), 'en', ['crimson dawn']);
    expect(found.avoided).toEqual(['crimson dawn']);
    expect(isOverused(found)).toBe(true);
  });

  it('the prose of the fixtures is under the band', () => {
    for (const f of ['en-terse', 'en-long', 'ms-terse', 'ms-long'])
      expect(fingerprintOf(sample(`${f}.txt`), f.slice(0, 2) as 'en' | 'ms').overusedPerThousand).toBeLessThan(5);
  });
});

describe('the guidance a writing step gets', () => {
  const voice = { ...voiceFromSample(sample('en-terse.txt'), 'en'), avoid: ['crimson dawn'] };
  const guidance = voiceGuidanceOf(voice, 'en', []);

  it(
    'turns the numbers into instructions, names the phrases ' + "to avoid (the writer's first) and quotes the sample",
    () => {
      expect(guidance).toMatch(/sentences of about 5 words on average/);
      expect(guidance).toMatch(/first-person narration, in the present tense/);
      expect(guidance).toMatch(/Avoid these overused phrases: "crimson dawn", "a testament to"/);
      for (const e of voice.exemplars) expect(guidance).toContain(e);
      expect(voice.exemplars.length).toBeGreaterThan(0);
      expect(words(voice.exemplars.join(' '))).toBeLessThanOrEqual(EXEMPLAR_WORDS);
    },
  );

  it('loses its exemplars first and keeps its instructions', () => {
    const trimmed = withoutExemplars(guidance);
    expect(trimmed).not.toContain(voice.exemplars[0]);
    expect(trimmed).toMatch(/sentences of about 5 words/);
  });

  it('in Malay for a Malay book', () => {
    const ms = voiceGuidanceOf(voiceFromSample(sample('ms-terse.txt'), 'ms'), 'ms', []);
    expect(ms).toMatch(/^Tulis dengan suara penulis sendiri/);
    expect(ms).toMatch(/penceritaan orang pertama/);
    expect(ms).toMatch(/Elakkan frasa yang terlalu kerap digunakan ini: "seolah-olah"/);
  });
});
