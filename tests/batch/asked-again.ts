// A model that makes a batch ask again within a step, as real ones do: a book's introduction first answered in
// Chinese (asked again firmly in the book's language), its first chapter's first answer cut at max_tokens a few
// words in (finish_reason "length": continued for the words it lacks), and its first story-bible update refused (the
// update fails, and the next step catches it up before it writes). Each of these is a call the model server answers and
// counts.
import { isBibleRequest, REFUSAL_TEXT, userMessageOf, type FakeOpenAIOptions } from '../fake-openai.js';

const CHINESE = '雨一直下在港口上，城里的灯一盏一盏地亮了起来。她把信折了两次，放进了外套的口袋里。';

/** The fake's options for one such model, for a batch of one English book (each habit happens once). */
export function askingAgainModel(): Pick<FakeOpenAIOptions, 'reply' | 'finishReason'> {
  const done = new Set<string>();
  const once = (habit: string): boolean => !done.has(habit) && Boolean(done.add(habit));
  const user = (body: Record<string, unknown>) => userMessageOf(body);
  const isIntroduction = (body: Record<string, unknown>) => /^Write the introduction\b/.test(user(body));
  const isChapterOne = (body: Record<string, unknown>) => /^Write Chapter 1 of\b/.test(user(body));
  return {
    reply: (body) => {
      if (isBibleRequest(body) && once('bible')) return { text: REFUSAL_TEXT.en };
      if (isIntroduction(body) && once('drift'))
        return { text: Array.from({ length: 12 }, () => CHINESE).join('\n\n') };
      if (isChapterOne(body) && once('cut'))
        return {
          text: 'The rain kept falling over the harbour while Aisha waited by the old bookshop and then she',
          finishReason: 'length',
        };
      return undefined;
    },
  };
}
