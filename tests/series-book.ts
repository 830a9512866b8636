// A scripted model that writes a series of short romances, for the fake OpenAI server (startFakeOpenAI({ answer })).
// Each book's parts carry "[Bn]" so its requests can be told apart; its bible updates record, as a model keeps its
// table, a fact "Marker Bn-k" per part and:
// - book 1: Aisyah the baker (fact "Aisyah's job: baker"), Mak Som alive until the conclusion, where she is dead
//   and Daniel has left for London; the thread "the lost recipe" opened in chapter 1 and still open at the end
//   (resolved when a rewrite's note asks for it: the part then says RECIPE-FOUND);
// - book 2: Aisyah runs a café ("Aisyah's job: café owner", overriding book 1's fact), Mak Som speaks in its
//   first chapter, a new thread "the café lease";
// - book 3: a fact only it records ("Lighthouse secret: B3-only").
// The book being written is the number of outlines asked so far; a rewrite's and an update's is the part's [Bn].
import { fullLength, userMessageOf } from './fake-openai.js';

const isOutline = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user.trim());
const isUpdate = (user: string) => /^(Update the story bible|Kemas kini catatan cerita)/.test(user.trim());
const isRewrite = (user: string) => /This part has been written before|Bahagian ini sudah ditulis/.test(user);

/** The part an update reads: "(Chapter 2)" → 2, the introduction 0, the conclusion 99. */
function updatedPart(user: string): number {
  const m = /\((?:Chapter|Bab) (\d+)\)|\((Introduction|Pengenalan)\)/.exec(user);
  return m ? (m[1] ? Number(m[1]) : 0) : 99;
}

function writtenChapter(user: string): number {
  return Number(/Write Chapter (\d+) of|Tulis Bab (\d+) daripada/.exec(user)?.slice(1).find(Boolean) ?? 0);
}

function outline(book: number, chapters: number): string {
  const lines = [
    `Title: Penang Bakery ${book}`,
    `Premise: Aisyah keeps her family's bakery in Penang (book ${book}).`,
    '',
  ];
  for (let k = 1; k <= chapters; k++)
    lines.push(`Chapter ${k}: Morning ${k}`, `Aisyah bakes and talks with her family in chapter ${k}.`, '');
  lines.push('Ending: the bakery opens again.');
  return lines.join('\n');
}

/** A part of book `book` (chapter k; 0 the introduction or conclusion). */
function part(book: number, k: number, extra = ''): string {
  const lines = [`[B${book}] Aisyah rolled the dough at dawn in chapter ${k}, and the street outside was still quiet.`];
  if (book === 2 && k === 1) lines.push('"Eat first," Mak Som said from the doorway, and Aisyah laughed.');
  lines.push('The ovens ticked as they warmed, and the smell of butter reached the corner shop by six.');
  if (extra) lines.push(extra);
  return lines.join('\n\n');
}

function update(book: number, k: number, recipeFound: boolean): string {
  const label = k === 0 ? 'Introduction' : k === 99 ? 'Conclusion' : `Chapter ${k}`;
  const facts = Array.from({ length: Math.min(k, 5) + 1 }, (_, i) => `Marker B${book}-${i}: token ${i}`);
  const characters: string[] = [];
  const threads: string[] = [];
  if (book === 1) {
    facts.push("Aisyah's job: baker");
    characters.push(`- Aisyah | the lead | baking in Penang | ${label}`);
    characters.push(
      k === 99
        ? '- Mak Som | her aunt | dead, passed away in her sleep | Conclusion'
        : `- Mak Som | her aunt | alive, minding the till | ${label}`,
    );
    characters.push(
      k === 99
        ? '- Daniel | her rival | left for London | Conclusion'
        : `- Daniel | her rival | selling bread across the street | ${label}`,
    );
    if (k >= 1) threads.push(`- the lost recipe | Chapter 1 | ${recipeFound ? 'resolved' : 'open'}`);
  } else if (book === 2) {
    facts.push("Aisyah's job: café owner");
    characters.push(`- Aisyah | the lead | running the café | ${label}`);
    characters.push(`- Hafiz | her new partner | engaged to Aisyah | ${label}`);
    threads.push('- the lost recipe | Book 1, Chapter 1 | open', '- the café lease | Introduction | open');
  } else {
    facts.push('Lighthouse secret: B3-only');
    characters.push(`- Aisyah | the lead | opening a second shop | ${label}`);
  }
  return [
    '## Chapter',
    `Events of ${label} in book ${book}.`,
    '## Characters',
    ...characters,
    ...(threads.length ? ['## Open threads', ...threads] : []),
    '## Established facts',
    ...facts.map((f) => `- ${f}`),
  ].join('\n');
}

/** The answer function of the scripted series; `book()` is the book being written. */
export function seriesModel(): {
  answer: (body: Record<string, unknown>, index: number) => string;
  book: () => number;
} {
  let outlines = 0;
  const answer = fullLength((body) => {
    const user = userMessageOf(body);
    if (isOutline(user)) {
      outlines++;
      return outline(outlines, Number(/of (\d+) chapters/.exec(user)?.[1] ?? 3));
    }
    const marked = Number(/\[B(\d)\]/.exec(user)?.[1] ?? outlines);
    if (isUpdate(user)) return update(marked, updatedPart(user), /RECIPE-FOUND/.test(user));
    if (isRewrite(user)) {
      const [ask = '', current = ''] = user.split(/Its current text:|Teksnya sekarang:/);
      const book = Number(/\[B(\d)\]/.exec(current)?.[1] ?? outlines);
      return part(
        book,
        0,
        /recipe/i.test(ask) && /found|jumpa/i.test(ask)
          ? 'RECIPE-FOUND: the lost recipe was in the tin all along.'
          : '',
      );
    }
    return part(outlines, writtenChapter(user));
  });
  return { answer, book: () => outlines };
}
