// The scripted models of tests/scripted-models.ts and the fake server's writeRatio / honourMaxTokens
// options behave as the long-books issue describes them: an under-writer writes ratio × every ask (parts
// and "N more words" extensions), a drifter answers a Malay book in recognisable Indonesian or English, a
// planter plants one unique fact per chapter and echoes every planted fact it is shown, outlines have an
// entry of about 90 words per chapter, and an answer over max_tokens is cut with finish_reason "length".
// Requests go to the fake over loopback with fetch, shaped as the engine words them.
import { afterEach, describe, expect, it } from 'vitest';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from './fake-openai.js';
import { describeRequest, drifter, outliner, plantedFact, planter, underWriter } from './scripted-models.js';
import { AI_PARAGRAPH, RECIPE } from './wrong-kind.js';
import { detectLanguage, joinCut } from '../engine/index.js';

const SYSTEM = {
  en: 'You are an expert writer.\nWrite the whole answer in English.',
  ms: 'Anda ialah penulis pakar.\nTulis keseluruhan jawapan dalam Bahasa Malaysia (bahasa Melayu baku Malaysia).',
  id: 'Anda adalah penulis ahli.\nTulis seluruh jawaban dalam Bahasa Indonesia.',
};

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function start(options: FakeOpenAIOptions): Promise<FakeOpenAI> {
  fake = await startFakeOpenAI(options);
  return fake;
}

interface Answered {
  text: string;
  finish: string;
}

/** One chat completion (plain or streamed) with a system and a user message, as the engine sends it. */
async function ask(
  server: FakeOpenAI,
  user: string,
  opts: { lang?: 'en' | 'ms' | 'id'; maxTokens?: number; stream?: boolean } = {},
): Promise<Answered> {
  const body = {
    model: 'gpt-4o-mini',
    messages: [
      { role: 'system', content: SYSTEM[opts.lang ?? 'en'] },
      { role: 'user', content: user },
    ],
    max_tokens: opts.maxTokens ?? 12_000,
    temperature: 0.8,
    ...(opts.stream ? { stream: true } : {}),
  };
  const res = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  if (!opts.stream) {
    const json = (await res.json()) as { choices: Array<{ message: { content: string }; finish_reason: string }> };
    return { text: json.choices[0]!.message.content, finish: json.choices[0]!.finish_reason };
  }
  let text = '';
  let finish = '';
  for (const line of (await res.text()).split('\n')) {
    if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
    const chunk = JSON.parse(line.slice(6)) as {
      choices: Array<{ delta: { content?: string }; finish_reason: string | null }>;
    };
    text += chunk.choices[0]?.delta.content ?? '';
    finish = chunk.choices[0]?.finish_reason ?? finish;
  }
  return { text, finish };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
/** The prose of an introduction without its character list. */
const withoutList = (text: string) => text.split(/\n\s*\n(?=Character Details:|Butiran Watak:)/)[0]!;

const chapter = (k: number, of: number, n: number) =>
  `Write Chapter ${k} of ${of}, titled "The Storm", of a book (genre: Romance).\n\nMove the plot forward.\n` +
  `Write about ${n} words. Do not start with the part's heading.\nWrite the whole answer in English.`;
const bab = (k: number, of: number, n: number) =>
  `Tulis Bab ${k} daripada ${of} bab, bertajuk "Ribut", bagi sebuah buku (genre: ` +
  `Romantik).\n\nGerakkan plot ke hadapan.\nTulis kira-kira ${n} patah perkataan. Jangan ` +
  `mulakan dengan tajuk bahagian.\nTulis keseluruhan jawapan dalam Bahasa Malaysia.`;
const extension = (k: number, written: number, more: number) =>
  `${chapter(k, 12, 1500)}\n\nYour answer so far is ${written} words, ` +
  `and this part needs about 1500. It ended like this:\n"""\nShe let ` +
  `him in.\n"""\nContinue the same part from exactly that point. ` +
  `Write about ${more} more words that carry it to its planned end.`;
const perluasan = (k: number, more: number) =>
  `${bab(k, 12, 1500)}\n\nJawapan anda setakat ini ialah 900 patah ` +
  `perkataan, sedangkan bahagian ini memerlukan kira-kira 1500. ` +
  `Ia berakhir begini:\n"""\nDia masuk.\n"""\nSambung bahagian yang sama tepat dari titik itu. ` +
  `Tulis kira-kira ${more} patah perkataan lagi yang membawanya ke penghujung yang dirancang.`;
const introduction =
  'Write the introduction (the opening) of a book (genre: Romance) of 12 chapters.\n\nAfter the story text, ' +
  'add a section headed exactly "Character Details:" listing each main character.\nWrite about 1500 words.';
const outline = (n: number) =>
  `Create a detailed story outline for a book (genre: Romance) of ${n} chapters.\n\nWrite ` +
  `the outline in exactly this order, each label at the start of its own line:\nTitle: the ` +
  `book's working title\nChapter 1: the chapter's title\n… and so on for every ` +
  `chapter, Chapter 1 to Chapter ${n}, skipping none\nEnding: how the story concludes`;
const rangka = (n: number) =>
  `Hasilkan rangka cerita yang terperinci bagi sebuah buku (genre: Romantik) sebanyak ${n} ` +
  `bab.\n\nBab 1: tajuk bab\n… dan begitulah seterusnya bagi setiap bab, Bab 1 hingga ` +
  `Bab ${n}, tanpa melangkau satu pun\nPengakhiran: bagaimana cerita ini berkesudahan`;
const bibleUpdate = (bible: string, part: string, label = 'Chapter 3') =>
  `Update the story bible of a book (genre: Romance) that is being written, ` +
  `so that later parts stay consistent.\n\nThe story bible so far:\n${bible}\n` +
  `\nThe part just written (${label}):\n${part}\n\nAnswer in English, in ` +
  `exactly this shape and with no preamble:\n## Chapter\none line\n` +
  `## Characters\n- Name | role | current state | last seen\n## Open threads\n- thread | ` +
  `where it was opened | open or resolved\n## Established facts\n- one fact per line`;

describe('the fake server: writeRatio', () => {
  it(
    'answers a request for N words with exactly round(ratio ' +
      '× N) words of English prose ending with a sentence end',
    async () => {
      const server = await start({ writeRatio: 0.6 });
      const a = await ask(server, chapter(2, 12, 1500));
      expect(words(a.text)).toBe(900);
      expect(a.text.trim()).toMatch(/[.!?]$/);
      expect(detectLanguage(a.text).language).toBe('en');
      expect(a.finish).toBe('stop');
    },
  );

  it('answers a Malay request in Malay, and "N more words" extensions with ratio × the words still asked', async () => {
    const server = await start({ writeRatio: 0.5 });
    const a = await ask(server, bab(2, 12, 1000), { lang: 'ms' });
    expect(words(a.text)).toBe(500);
    expect(detectLanguage(a.text).language).toBe('ms');
    expect(a.text).not.toMatch(/\b(the|and|karena|nggak)\b/);
    const more = await ask(server, extension(2, 900, 600));
    expect(words(more.text)).toBe(300);
    const lagi = await ask(server, perluasan(2, 600), { lang: 'ms' });
    expect(words(lagi.text)).toBe(300);
    expect(detectLanguage(lagi.text).language).toBe('ms');
  });

  it(
    'gives an introduction its "Character Details:" block after the ' +
      'prose, and takes the ratio per request when it is a function',
    async () => {
      const server = await start({ writeRatio: (_body, index) => (index === 0 ? 0.2 : 1) });
      const a = await ask(server, introduction);
      expect(a.text).toMatch(/\n\nCharacter Details:\n- \S/);
      expect(words(withoutList(a.text))).toBe(300);
      const b = await ask(server, chapter(1, 12, 800));
      expect(words(b.text)).toBe(800);
    },
  );

  it('keeps the usual default for requests that ask for no words', async () => {
    const server = await start({ writeRatio: 0.3 });
    const a = await ask(server, 'Say hello.');
    expect(a.text).toMatch(/^Fake answer 1\./);
  });
});

describe('the fake server: honourMaxTokens', () => {
  it('cuts an answer longer than max_tokens there and sends finish_reason "length", plain and streamed', async () => {
    const server = await start({ writeRatio: 1, honourMaxTokens: true });
    const plain = await ask(server, chapter(1, 12, 1500), { maxTokens: 300 });
    expect(plain.finish).toBe('length');
    const tokens = encode(plain.text).length;
    expect(tokens).toBeLessThanOrEqual(300);
    expect(tokens).toBeGreaterThanOrEqual(295);
    const streamed = await ask(server, chapter(1, 12, 1500), { maxTokens: 300, stream: true });
    expect(streamed.finish).toBe('length');
    expect(encode(streamed.text).length).toBeLessThanOrEqual(300);
    expect(words(streamed.text)).toBeLessThan(1500);
  });

  it('leaves an answer that fits whole, with finish_reason "stop"', async () => {
    const server = await start({ writeRatio: 1, honourMaxTokens: true });
    const a = await ask(server, chapter(1, 12, 200), { maxTokens: 1000 });
    expect(a.finish).toBe('stop');
    expect(words(a.text)).toBe(200);
  });
});

describe('underWriter(ratio)', () => {
  it("writes ratio × every ask, parts and extensions, in the request's language", async () => {
    const model = underWriter(0.6);
    const server = await start(model.fakeOptions());
    for (const [user, lang, asked] of [
      [chapter(3, 12, 1500), 'en', 1500],
      [extension(3, 900, 600), 'en', 600],
      [bab(3, 12, 1500), 'ms', 1500],
      [perluasan(3, 240), 'ms', 240],
    ] as const) {
      const a = await ask(server, user, { lang });
      expect(Math.abs(words(a.text) - 0.6 * asked), user.slice(0, 40)).toBeLessThanOrEqual(2);
      expect(detectLanguage(a.text).language).toBe(lang);
    }
    const intro = await ask(server, introduction);
    expect(Math.abs(words(withoutList(intro.text)) - 900)).toBeLessThanOrEqual(2);
    expect(intro.text).toMatch(/Character Details:\n- /);
    // The model is an answer function too (answer: (body, i) => underWriter(r)(body, i)).
    const once = underWriter(0.2)({ messages: [{ role: 'user', content: chapter(1, 12, 1000) }] }, 0);
    expect(Math.abs(words(once) - 200)).toBeLessThanOrEqual(2);
  });

  it('writes a valid story-bible update in the shape the request asks for (English and Malay headings)', async () => {
    const server = await start(underWriter(0.2).fakeOptions());
    const en = await ask(
      server,
      bibleUpdate('## Characters\n- Aisha | lead | at home | Chapter 2', 'Aisha walked to the harbour.'),
    );
    expect(en.text.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Chapter',
      '## Characters',
      '## Open threads',
      '## Established facts',
    ]);
    expect(en.text).toMatch(/^- [^|\n]+ \| [^|\n]+ \| [^|\n]+ \| Chapter 3$/m);
    expect(en.text).toMatch(/^- [^|\n]+ \| [^|\n]+ \| (open|resolved)$/m);
    const ms = await ask(
      server,
      'Kemas kini catatan cerita bagi sebuah buku (genre: Romantik).\n\nBahagian yang ' +
        'baru ditulis (Bab 4):\nAisyah berjalan.\n\nJawab dalam Bahasa Malaysia:\n## Bab\n' +
        '## Arka\nsatu baris\n## Watak\n## Urusan belum selesai\n## Fakta yang ditetapkan',
      { lang: 'ms' },
    );
    expect(ms.text.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Bab',
      '## Arka',
      '## Watak',
      '## Urusan belum selesai',
      '## Fakta yang ditetapkan',
    ]);
    expect(ms.text).toMatch(/\| (terbuka|selesai)$/m);
    expect(detectLanguage(ms.text.replace(/^##.*$/gm, '')).language).not.toBe('en');
  });
});

describe('outliner(entryWords)', () => {
  it(
    "writes the title, premise, characters, every chapter's " + 'titled entry of about 90 words and the ending',
    async () => {
      const server = await start(outliner(90).fakeOptions());
      const a = await ask(server, outline(40));
      const lines = a.text.split('\n');
      expect(lines[0]).toMatch(/^Title: \S/);
      expect(a.text).toMatch(/^Premise: \S/m);
      expect(a.text).toMatch(/^Main characters:\n- \S/m);
      const heads = lines.filter((l) => /^Chapter \d+: \S/.test(l));
      expect(heads.map((l) => Number(/^Chapter (\d+)/.exec(l)![1]))).toEqual(
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
      expect(new Set(heads.map((l) => l.replace(/^Chapter \d+: /, ''))).size).toBe(40);
      const entries = a.text.split(/\n\n(?=Chapter \d+:|Ending:)/).filter((e) => /^Chapter \d+:/.test(e));
      for (const e of entries) {
        const plan = words(e.split('\n').slice(1).join(' '));
        expect(plan).toBeGreaterThanOrEqual(80);
        expect(plan).toBeLessThanOrEqual(110);
      }
      expect(lines.at(-1)).toMatch(/^Ending: \S/);
      expect(a.finish).toBe('stop');
    },
  );

  it(
    'writes a Malay outline with "Tajuk:", "Bab k:" and ' +
      '"Pengakhiran:", and only the missing entries when asked for them',
    async () => {
      const server = await start(outliner(60).fakeOptions());
      const a = await ask(server, rangka(12), { lang: 'ms' });
      expect(a.text).toMatch(/^Tajuk: \S/);
      expect(a.text.match(/^Bab \d+: /gm)).toHaveLength(12);
      expect(a.text).toMatch(/^Pengakhiran: \S/m);
      expect(detectLanguage(a.text).language).toBe('ms');
      const more = await ask(
        server,
        `${outline(12)}\n\nYour outline stopped before it was complete. It ended like this:\n"""\n…\n"""\n` +
          `Write only the entries still missing, Chapter 9 to Chapter 12, in the same format.`,
      );
      expect(more.text.match(/^Chapter (\d+):/gm)).toEqual(['Chapter 9:', 'Chapter 10:', 'Chapter 11:', 'Chapter 12:']);
      expect(more.text).not.toMatch(/^Title:/m);
      expect(more.text).toMatch(/^Ending: /m);
    },
  );
});

describe('drifter(opts)', () => {
  const indonesian = /\b(nggak|karena|saja|uang|mobil|kalian|bisa|kantor|besok)\b/g;

  it("answers a Malay book's parts in real Indonesian, and in Malay when asked again firmly", async () => {
    const server = await start(drifter().fakeOptions());
    const a = await ask(server, bab(2, 12, 600), { lang: 'ms' });
    expect(new Set(a.text.match(indonesian)).size).toBeGreaterThanOrEqual(5);
    expect(detectLanguage(a.text).language).toBe('id');
    expect(Math.abs(words(a.text) - 600)).toBeLessThanOrEqual(2);
    const firm = await ask(
      server,
      `${bab(2, 12, 600)}\n\nJawapan anda yang sebelumnya tidak ditulis dalam ` +
        `Bahasa Malaysia. Tulis semula keseluruhan bahagian ini.`,
      { lang: 'ms' },
    );
    expect(detectLanguage(firm.text).language).toBe('ms');
    expect(firm.text).not.toMatch(indonesian);
  });

  it(
    'drifts only the chosen chapters, into English when asked, ' +
      'stubbornly when asked, and leaves English books in English',
    async () => {
      const server = await start(drifter({ into: 'en', parts: [3], stubborn: true }).fakeOptions());
      expect(detectLanguage((await ask(server, bab(2, 12, 400), { lang: 'ms' })).text).language).toBe('ms');
      expect(detectLanguage((await ask(server, bab(3, 12, 400), { lang: 'ms' })).text).language).toBe('en');
      const firm = await ask(
        server,
        `${bab(3, 12, 400)}\n\nJawapan anda yang sebelumnya tidak ditulis dalam Bahasa Malaysia.`,
        { lang: 'ms' },
      );
      expect(detectLanguage(firm.text).language).toBe('en');
      expect(detectLanguage((await ask(server, chapter(3, 12, 400))).text).language).toBe('en');
      await fake!.close();
      const reverse = await start(drifter({ reverse: true }).fakeOptions());
      expect(detectLanguage((await ask(reverse, chapter(3, 12, 400))).text).language).toBe('ms');
    },
  );
});

describe('planter()', () => {
  it('writes every chapter at its target with one fact whose token no other chapter has', async () => {
    const model = planter();
    const server = await start(model.fakeOptions());
    const tokens = new Set<string>();
    for (let k = 1; k <= 40; k++) tokens.add(plantedFact(k, 'en').token);
    expect(tokens.size).toBe(40);
    const a = await ask(server, chapter(7, 40, 1500));
    expect(Math.abs(words(a.text) - 1500)).toBeLessThanOrEqual(2);
    expect(a.text).toContain(plantedFact(7, 'en').sentence);
    // Early in the chapter: the next chapter's "previous ending" (its last 150 words) does not carry it.
    expect(a.text.split(/\s+/).slice(-150).join(' ')).not.toContain(plantedFact(7, 'en').token);
    expect(model.planted.get(7)?.token).toBe(plantedFact(7, 'en').token);
    const b = await ask(server, bab(8, 40, 1500), { lang: 'ms' });
    expect(b.text).toContain(plantedFact(8, 'ms').token);
    expect(detectLanguage(b.text).language).toBe('ms');
  });

  it(
    'echoes every planted fact its bible update is shown ' + '(the bible so far, then the new part), in order',
    async () => {
      const server = await start(planter().fakeOptions());
      const bible = `## Established facts\n- ${plantedFact(2, 'en').sentence}\n- ${plantedFact(1, 'en').sentence}`;
      const part = `Rain fell. ${plantedFact(3, 'en').sentence} The ferry left.`;
      const a = await ask(server, bibleUpdate(bible, part));
      const facts = a.text.split('## Established facts\n')[1]!.split('\n').filter(Boolean);
      expect(facts).toEqual([2, 1, 3].map((k) => `- ${plantedFact(k, 'en').sentence}`));
      expect(a.text).toMatch(/^## Characters\n(- .+\n){1,10}## Open threads\n(- .+\n){1,8}## Established facts/m);
    },
  );
});

describe('every scripted model', () => {
  it(
    'continues an answer cut at max_tokens from where it was ' + 'cut (the engine joins the two into the whole answer)',
    async () => {
      const server = await start(planter().fakeOptions());
      const whole = await ask(server, chapter(5, 12, 1200));
      const cut = await ask(server, chapter(5, 12, 1200), { maxTokens: 500 });
      expect(cut.finish).toBe('length');
      const shown = cut.text.split(/\s+/).filter(Boolean);
      const ending = `…${shown.slice(-150).join(' ')}`;
      const rest = await ask(
        server,
        `${chapter(5, 12, 1200)}\n\nYour previous answer was cut off by the length limit. ` +
          `It ended like this:\n"""\n${ending}\n"""\nContinue exactly from that point.`,
      );
      expect(rest.finish).toBe('stop');
      expect(joinCut(cut.text, rest.text)).toBe(whole.text);
    },
  );

  it('marks each answer with its number when asked', async () => {
    const server = await start(underWriter(0.5, { mark: true }).fakeOptions());
    const a = await ask(server, chapter(1, 12, 100));
    const b = await ask(server, chapter(2, 12, 100));
    expect(a.text).toMatch(/^\[answer 1\] /);
    expect(b.text).toMatch(/^\[answer 2\] /);
    expect(words(b.text)).toBe(50);
  });

  it('reads what a request asks for as the engine words it', () => {
    const body = (user: string, lang: 'en' | 'ms' = 'en') => ({
      messages: [
        { role: 'system', content: SYSTEM[lang] },
        { role: 'user', content: user },
      ],
    });
    expect(describeRequest(body(chapter(4, 12, 1500)))).toMatchObject({
      kind: 'chapter',
      chapter: 4,
      asked: 1500,
      lang: 'en',
    });
    expect(describeRequest(body(extension(4, 900, 600)))).toMatchObject({
      kind: 'chapter',
      follow: 'extension',
      asked: 600,
    });
    expect(describeRequest(body(perluasan(4, 240), 'ms'))).toMatchObject({
      kind: 'chapter',
      follow: 'extension',
      asked: 240,
      lang: 'ms',
    });
    expect(describeRequest(body(outline(40)))).toMatchObject({ kind: 'outline', chapters: 40 });
    expect(describeRequest(body(rangka(12), 'ms'))).toMatchObject({ kind: 'outline', chapters: 12, lang: 'ms' });
    expect(describeRequest(body(introduction))).toMatchObject({ kind: 'introduction', wantsCharacterDetails: true });
    expect(describeRequest(body(bibleUpdate('', 'x')))).toMatchObject({ kind: 'memory', label: 'Chapter 3' });
  });
});

// Indonesian requests, worded as languages/id/prompts.yaml words them: the scripted models and the fake's wrong kinds
// answer them in Indonesian, so an Indonesian book's (or edition's) story bible is built against them.
const babId = (k: number, of: number, n: number) =>
  `Tulis Bab ${k} dari ${of} bab, berjudul "Badai", untuk sebuah buku (genre: ` +
  `Romansa).\n\nGerakkan alur ke depan.\nTulis sekitar ${n} kata. Jangan ` +
  `mulai dengan judul bagian.\nTulis seluruh jawaban dalam Bahasa Indonesia.`;
const kerangka = (n: number) =>
  `Buat kerangka cerita yang terperinci untuk sebuah buku (genre: Romansa) yang terdiri ` +
  `atas ${n} bab.\n\nTulis kerangka itu tepat dalam urutan ini:\nJudul: judul kerja buku ` +
  `ini\nBab 1: judul bab\n… dan seterusnya untuk setiap bab, Bab 1 sampai ` +
  `Bab ${n}, tanpa melewatkan satu pun\nAkhir: bagaimana cerita ini berakhir`;
const perbarui =
  'Perbarui catatan cerita sebuah buku (genre: Romansa) yang sedang ditulis, agar bagian-bagian ' +
  'berikutnya tetap konsisten.\n\nBagian yang baru ditulis (Bab 4):\nAisyah berjalan ke ' +
  'pelabuhan.\n\nJawablah dalam Bahasa Indonesia, tepat dalam bentuk ini dan tanpa pengantar:\n' +
  '## Bab\n## Alur\nsatu baris\n## Tokoh\n## Urusan belum selesai\n## Fakta yang ditetapkan';

describe('Indonesian requests', () => {
  it('are read as the engine words them: a chapter, an extension, an outline, a story-bible update', () => {
    const body = (user: string) => ({
      messages: [
        { role: 'system', content: SYSTEM.id },
        { role: 'user', content: user },
      ],
    });
    expect(describeRequest(body(babId(4, 12, 1500)))).toMatchObject({
      kind: 'chapter',
      chapter: 4,
      asked: 1500,
      lang: 'id',
    });
    expect(
      describeRequest(
        body(
          `${babId(4, 12, 1500)}\n\nJawaban Anda sejauh ini berjumlah 900 kata, sedangkan bagian ini memerlukan ` +
            `sekitar 1500 kata. Jawaban itu berakhir seperti ini:\n"""\nDia masuk.\n"""\n` +
            `Lanjutkan bagian yang sama tepat dari titik itu. Tulis sekitar 600 kata lagi.`,
        ),
      ),
    ).toMatchObject({ kind: 'chapter', follow: 'extension', asked: 600, shownEnding: 'Dia masuk.' });
    expect(describeRequest(body(kerangka(12)))).toMatchObject({
      kind: 'outline',
      chapters: 12,
      lang: 'id',
      isStory: true,
    });
    expect(describeRequest(body(perbarui))).toMatchObject({
      kind: 'memory',
      label: 'Bab 4',
      asksArc: true,
      lang: 'id',
    });
  });

  it('get an Indonesian story-bible update under the headings asked, and an Indonesian outline', async () => {
    const server = await start(outliner(60).fakeOptions());
    const update = await ask(server, perbarui, { lang: 'id' });
    expect(update.text.split('\n').filter((l) => l.startsWith('## '))).toEqual([
      '## Bab',
      '## Alur',
      '## Tokoh',
      '## Urusan belum selesai',
      '## Fakta yang ditetapkan',
    ]);
    expect(update.text).toMatch(/^- [^|\n]+ \| [^|\n]+ \| [^|\n]+ \| Bab 4$/m);
    expect(update.text).toMatch(/\| terbuka$/m);
    expect(detectLanguage(update.text.replace(/^##.*$/gm, '')).language).toBe('id');
    const outlined = await ask(server, kerangka(12), { lang: 'id' });
    expect(outlined.text).toMatch(/^Judul: \S/);
    expect(outlined.text.match(/^Bab \d+: /gm)).toHaveLength(12);
    expect(outlined.text).toMatch(/^Akhir: \S/m);
    expect(detectLanguage(outlined.text).language).toBe('id');
  });

  it("get the fake's wrong kinds of Chapter 2 in Indonesian: a recipe, an assistant's paragraph", async () => {
    const server = await start({ writeRatio: 1, wrongKind: 'recipe' });
    expect((await ask(server, babId(2, 3, 300), { lang: 'id' })).text).toBe(RECIPE.id);
    server.setWrongKind('ai-paragraph');
    const prose = await ask(server, babId(2, 3, 300), { lang: 'id' });
    expect(prose.text).toContain(AI_PARAGRAPH.id);
    expect(detectLanguage(prose.text).language).toBe('id');
  });
});
