// The catalogue's promises, checked through the `karya` command (run in the test's process): the 41 generators
// the product requirements list, each in its family (a generator added by a YAML file is listed beside them), and every
// one generates offline with `--chapters 2` (in Malay too where it has the
// language field).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { languageTable } from '../../engine/index.js';

// The ids as the issue lists them (the route without its slash), typed from spec/.
const EXPECTED = {
  fiction: [
    'romance',
    'horror',
    'sci-fi',
    'mystery-thriller',
    'crime',
    'adventure',
    'children',
    'conspiracy',
    'apocalyptic',
  ],
  nonfiction: [
    'financial',
    'pet-care',
    'travel-guide',
    'study-guide',
    'self-help',
    'biography',
    'money',
    'sports',
    'black-history',
    'mental-health',
    'health-fitness',
    'parenting',
    'guide',
    'cookbook',
  ],
  creative: [
    'poems',
    'dad-jokes',
    'fun-facts',
    'did-you-know',
    'islamic-stories',
    'sad-stories',
    'rhyme-story',
    'moral-values',
    'language-story',
    'riddles',
  ],
  publishing: ['amazon-pdp', 'amazon-keywords', 'copyright', 'book-title', 'author-name'],
  covers: ['book-cover', 'kids-book-cover'],
  test: ['test'],
};
const ALL = Object.values(EXPECTED).flat();

/** Values for the required text fields of spec/ (the rest take their defaults). */
const REQUIRED: Record<string, string[]> = {
  'travel-guide': ['destination=Penang'],
  'study-guide': ['subject=Biology', 'topic=Cell division'],
  biography: ['personName=Tunku Abdul Rahman'],
  sports: ['athleteName=Lee Chong Wei'],
  'black-history': ['personName=Rosa Parks'],
  guide: ['topic=Home gardening'],
  'fun-facts': ['topic=Volcanoes'],
  'did-you-know': ['topic=The ocean'],
  'islamic-stories': ['prophet=Nabi Yusuf'],
  'amazon-pdp': ['bookTitle=Hujan di Kuala Lumpur'],
  'amazon-keywords': ['bookTitle=Hujan di Kuala Lumpur'],
  copyright: ['bookTitle=Hujan di Kuala Lumpur', 'authorName=Aisha Rahman'],
  'book-title': ['bookContent=A story about a baker in Ipoh who finds a letter from her grandmother.'],
  'book-cover': ['title=Hujan di Kuala Lumpur'],
  'kids-book-cover': ['title=Sang Kancil', 'mainCharacter=a mouse deer'],
};

const tmp = tempDir('karya-every-');

describe('the 41 generators', () => {
  it('karya list --json lists every id of the issue, with its family', async () => {
    const r = await runKaryaInProcess(['list', '--json']);
    const rows = JSON.parse(r.stdout) as Array<{ id: string; family: string }>;
    expect(rows.map((x) => x.id)).toEqual(expect.arrayContaining(ALL));
    expect(new Set(rows.map((x) => x.id)).size).toBe(rows.length);
    for (const [family, ids] of Object.entries(EXPECTED))
      for (const id of ids) expect(rows.find((x) => x.id === id)!.family, id).toBe(family);
  });

  it(
    'every generator writes its output offline, in en and (with a language field) in every other language of the table',
    { timeout: 60_000 },
    async () => {
      const runs: Array<{ id: string; lang: string; kind: string }> = [];
      for (const id of ALL) {
        const show = JSON.parse((await runKaryaInProcess(['show', id, '--json'])).stdout) as {
          kind: string;
          languages: string[];
        };
        for (const lang of show.languages) runs.push({ id, lang, kind: show.kind });
      }
      const failures: string[] = [];
      for (const { id, lang, kind } of runs) {
        const out = path.join(tmp, `${id}-${lang}.${kind === 'image' ? 'png' : 'md'}`);
        const args = [
          'generate',
          id,
          '--chapters',
          '2',
          '--lang',
          lang,
          '--out',
          out,
          '--state',
          path.join(tmp, 'state.sqlite'),
          '--fresh',
        ];
        for (const s of REQUIRED[id] ?? []) args.push('--set', s);
        const r = await runKaryaInProcess(args);
        if (r.code !== 0) {
          failures.push(`${id} ${lang}: exit ${r.code} ${r.stderr.trim().split('\n').pop()}`);
          continue;
        }
        if (kind === 'image') {
          const png = readFileSync(out);
          if (png.subarray(1, 4).toString() !== 'PNG') failures.push(`${id}: not a PNG`);
        } else {
          const md = readFileSync(out, 'utf8');
          if (statSync(out).size < 200) failures.push(`${id} ${lang}: output too short`);
          // The conclusion's heading is the language's word for it (languages/<code>/words.yaml).
          const conclusion = `## ${(languageTable(lang).files.words as Record<string, string>).conclusion}`;
          if (kind === 'book' && !md.includes(conclusion)) failures.push(`${id} ${lang}: no ${conclusion}`);
          if (lang === 'ms' && !md.includes('Teks demo luar talian')) failures.push(`${id} ms: not written in Malay`);
          if (lang === 'id' && !md.includes('Teks demo luring')) failures.push(`${id} id: not written in Indonesian`);
        }
      }
      expect(failures).toEqual([]);
      expect(runs.length).toBeGreaterThan(ALL.length);
    },
  );
});
