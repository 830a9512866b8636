// The point of view and the tense of a text's narration, as detected for the writer's voice (fingerprint.ts): the
// person of its pronouns, and in English the verbs right after a pronoun subject.
import type { Lang } from '../../spec/types.js';
import type { VoiceFingerprint } from '../../compile/book-voice.js';
import { voiceLanguageOf } from './language.js';

/** The point of view of the narration: first when its own "I" is frequent, else second or third. */
export function pointOfViewOf(narration: readonly string[], lang: Lang): VoiceFingerprint['pointOfView'] {
  const persons = voiceLanguageOf(lang).persons;
  const counts = [0, 0, 0, 0];
  for (const w of narration) {
    const person = persons.get(w);
    if (person !== undefined) counts[person]!++;
  }
  const [, first, second, third] = counts as [number, number, number, number];
  const n = Math.max(1, narration.length);
  if (first / n >= 0.012 && first >= third / 3) return 'first';
  if (second / n >= 0.012 && second > third) return 'second';
  return 'third';
}

const SUBJECTS = new Set(['i', 'he', 'she', 'it', 'we', 'they', 'you']);
const PAST = new Set([
  'was',
  'were',
  'had',
  'did',
  'could',
  'would',
  'said',
  'went',
  'came',
  'saw',
  'took',
  'made',
  'told',
  'thought',
  'felt',
  'knew',
  'got',
  'gave',
  'found',
  'left',
  'ran',
  'sat',
  'stood',
  'held',
  'heard',
  'kept',
  'began',
  'brought',
  'spoke',
  'wrote',
  'put',
  'let',
  'set',
  'turned',
  'looked',
]);
const PRESENT = new Set([
  'am',
  'is',
  'are',
  'has',
  'have',
  'do',
  'does',
  'can',
  'will',
  'say',
  'says',
  'go',
  'goes',
  'come',
  'comes',
  'see',
  'sees',
  'take',
  'takes',
  'make',
  'makes',
  'tell',
  'tells',
  'think',
  'thinks',
  'feel',
  'feels',
  'know',
  'knows',
  'get',
  'gets',
  'give',
  'gives',
  'find',
  'finds',
  'run',
  'runs',
  'sit',
  'sits',
  'stand',
  'stands',
  'hold',
  'holds',
  'hear',
  'hears',
  'keep',
  'keeps',
  'walk',
  'walks',
  'look',
  'looks',
  'turn',
  'turns',
  'want',
  'wants',
  'need',
  'needs',
  "i'm",
  "he's",
  "she's",
  "it's",
  "we're",
  "they're",
  "you're",
]);

/** English tense of the narration: the verbs right after a pronoun subject (dialogue left out). */
export function tenseOf(narration: readonly string[], lang: Lang): VoiceFingerprint['tense'] {
  if (!voiceLanguageOf(lang).measuresTense) return null;
  let past = 0;
  let present = 0;
  for (let i = 0; i < narration.length; i++) {
    const w = narration[i]!;
    if (w.length <= 7 && (w.includes("'") || w.includes('’')) && /^(?:i|he|she|it|we|they|you)['’](?:m|s|re)$/.test(w))
      present++;
    if (!SUBJECTS.has(w)) continue;
    const next = narration[i + 1] ?? '';
    if (PAST.has(next) || /^[a-z]{3,}ed$/.test(next)) past++;
    else if (PRESENT.has(next) || ((w === 'he' || w === 'she' || w === 'it') && /^[a-z]{3,}[^s]s$/.test(next)))
      present++;
  }
  if (past + present < 5) return null;
  return past >= 2 * present ? 'past' : present >= 2 * past ? 'present' : 'mixed';
}
