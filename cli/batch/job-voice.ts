// A batch job's voice: `voice: FILE` (a sample of the writer's prose, read beside the jobs file) and `avoid:`
// (phrases to keep out), checked with the job's fields and made the book's voice by the one rule the studio and
// `karya generate` use too (bookVoiceOf, server/core/voice.ts).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  avoidListOf,
  checkImportFile,
  decodeText,
  IMPORT_LIMITS,
  ImportRefusal,
  tooLargeRefusal,
} from '../../engine/index.js';
import { VoiceError, type BookVoice, type Lang, type ResolvedSpec } from '../../engine/index.js';
import { bookVoiceOf } from '../../server/index.js';
import { checkSampleWords } from '../voice.js';
import { jobWords, type JobWords } from './job-words.js';

type AddIssue = (field: string, words: JobWords) => void;

/** `voice: FILE` (a path) and `avoid: [phrases]` (or one phrase): only books have a voice. */
export function checkVoiceFields(
  o: Record<string, unknown>,
  spec: ResolvedSpec | undefined,
  add: AddIssue,
): { voice?: string; avoid?: string[] } {
  if (o.voice === undefined && o.avoid === undefined) return {};
  if (spec && spec.kind !== 'book') {
    add(o.voice !== undefined ? 'voice' : 'avoid', jobWords('voiceSingle', { generator: spec.id }));
    return {};
  }
  const out: { voice?: string; avoid?: string[] } = {};
  if (o.voice !== undefined && (typeof o.voice !== 'string' || !o.voice.trim())) add('voice', jobWords('voiceNotPath'));
  else if (typeof o.voice === 'string') out.voice = o.voice.trim();
  if (o.avoid !== undefined) {
    const list = Array.isArray(o.avoid) ? o.avoid : [o.avoid];
    if (!list.every((p) => typeof p === 'string')) add('avoid', jobWords('avoidNotPhrases'));
    else {
      try {
        out.avoid = avoidListOf(list as string[]);
      } catch (error) {
        if (!(error instanceof VoiceError)) throw error;
        add('avoid', { voice: error, unlabelled: true });
      }
    }
  }
  return out;
}

/**
 * A job's voice sample read beside the jobs file and measured in the book's language (text or Markdown); an issue says
 * why not.
 */
export function voiceOfJob(
  shape: { voice?: string; avoid?: string[] },
  lang: Lang,
  jobsFile: string,
  add: AddIssue,
): BookVoice | undefined | null {
  try {
    let sample: string | undefined;
    if (shape.voice !== undefined) {
      const file = path.resolve(path.dirname(jobsFile), shape.voice);
      // Bounded as `karya voice` bounds a sample (cli/voice.ts): in bytes before it is read, in words before it is
      // measured.
      const size = statSync(file).size;
      if (size > IMPORT_LIMITS.bytes) throw tooLargeRefusal(shape.voice, size);
      const bytes = readFileSync(file);
      const format = checkImportFile(file, bytes);
      if (format !== 'text' && format !== 'markdown')
        throw new ImportRefusal('import_unknown_format', { file: shape.voice });
      sample = decodeText(bytes).text;
      checkSampleWords(shape.voice, sample);
    }
    // The phrases to avoid were checked with the job's fields: only the sample can be refused here.
    return bookVoiceOf({
      lang,
      ...(sample !== undefined ? { sample } : {}),
      ...(shape.avoid ? { avoid: shape.avoid } : {}),
    });
  } catch (error) {
    const file = shape.voice ?? '';
    const isTooMuch =
      error instanceof ImportRefusal && (error.code === 'import_too_large' || error.code === 'import_too_many_words');
    if (error instanceof VoiceError) add('voice', { voice: error, unlabelled: true });
    else if (isTooMuch) add('voice', { refusal: error });
    else if (error instanceof ImportRefusal) add('voice', jobWords('voiceNotText', { file, why: { refusal: error } }));
    else if ((error as NodeJS.ErrnoException).code === 'ENOENT') add('voice', jobWords('noSuchFile', { file }));
    else throw error;
    return null;
  }
}
