// End to end: a writer brings a manuscript made in a word processor (a DOCX by pandoc, as Debian's
// pandoc writes one) to My Books, sees the chapters found with their titles and what the story bible costs,
// imports it, reads the book on its generator page and writes its next chapter; the same in Bahasa Malaysia
// with a manuscript headed BAB I, BAB II. The model is the offline provider (the bible and the new chapter).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { GENERATE, describeInChromium } from './helpers.js';
import { setCredits, signInPage, signUpWriter } from './seed.js';
import { malayManuscript } from '../import/manuscript.js';
import { tempDir } from '../temp.js';

const PASSWORD = 'secret12';
const TITLES = ['The Lantern Shop', 'A Letter from the Bank', 'The Evening Ferry', 'Rain on the Pier'];

/** A DOCX made by pandoc from Markdown: a title, then one `#` heading a chapter. */
function docx(dir: string, name: string, markdown: string): string {
  const source = path.join(dir, `${name}.md`);
  const out = path.join(dir, `${name}.docx`);
  writeFileSync(source, markdown);
  const made = spawnSync('pandoc', ['-f', 'markdown', source, '-o', out], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`pandoc failed: ${made.stderr}`);
  return out;
}

const paragraph = (n: number) =>
  `Aisha opened the lantern shop at dawn on day ${n}, swept the step ` +
  `and counted the lamps that still needed mending before the ferry ` +
  `came in. Daniel watched from the pier and said nothing about the letter in his pocket.`;

describeInChromium('Import a manuscript', { what: 'offline provider' }, (app) => {
  it('a DOCX on My Books: its chapters and cost shown, imported, read and continued', async () => {
    const dir = tempDir('karya-e2e-import-');
    const file = docx(
      dir,
      'lantern',
      [
        '---',
        'title: Harbour Lights',
        '---',
        '',
        ...TITLES.flatMap((t, i) => [`# Chapter ${i + 1}: ${t}`, '', paragraph(i + 1), '', paragraph(i + 11), '']),
      ].join('\n'),
    );
    const page = await app.open();
    // Signed up over the API (tests/e2e/seed.ts; the sign-up page is walked in tests/e2e/studio.test.ts).
    const writer = await signUpWriter(app.base, 'import.docx@e2e.test', { password: PASSWORD });
    await setCredits(writer, app.karya.adminEmail, 30);
    await signInPage(page, writer);
    await page.goto(`${app.base}/books`);
    const section = page.getByTestId('import-manuscript');
    await section.getByRole('heading', { name: 'Import a manuscript' }).waitFor();
    await section.getByLabel('Manuscript file').setInputFiles(file);
    await section.getByLabel('Kind of book').selectOption('romance');
    await section.getByRole('button', { name: 'Find the chapters' }).click();
    await section.getByTestId('import-preview').waitFor();
    const found = await section.getByTestId('import-chapter').allTextContents();
    expect(found).toHaveLength(4);
    TITLES.forEach((t, i) => expect(found[i]).toContain(`Chapter ${i + 1}: ${t}`));
    expect(await section.getByTestId('import-cost').textContent()).toBe(
      'Reading its 4 parts into the story bible takes 4 credits.',
    );
    await section.getByLabel('Chapters in the finished book').fill('5');
    await section.getByRole('button', { name: 'Import these chapters' }).click();

    // The generator page opens with the book: the writer's chapters, then the next one to write.
    await page.waitForURL((u) => u.pathname !== '/books');
    await page.getByText(paragraph(4).slice(0, 60)).first().waitFor({ timeout: 30_000 });
    // Each of the writer's chapters says it is theirs.
    await page.getByTestId('authored-part').nth(3).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('authored-part').count()).toBe(4);
    expect(await page.getByTestId('authored-part').first().textContent()).toBe('Your text');
    // The outline first (the four chapters as written, the fifth planned), then chapter 5.
    await page.locator(GENERATE.label, { hasText: /Outline/ }).waitFor({ timeout: 30_000 });
    await page.click(GENERATE.button);
    await page.locator(GENERATE.label, { hasText: 'Chapter 5' }).waitFor({ timeout: 60_000 });
    await page.click(GENERATE.button);
    await page.locator(GENERATE.label, { hasText: /Conclusion/ }).waitFor({ timeout: 60_000 });
    const { books } = (await page.evaluate(() => fetch('/api/books').then((r) => r.json()))) as { books: unknown[] };
    expect(books).toEqual([
      expect.objectContaining({ title: 'Harbour Lights', chapters_written: 5, chapters_total: 5 }),
    ]);
  }, 240_000);

  it('in Bahasa Malaysia: a manuscript headed BAB I, BAB II, with the words and errors in Malay', async () => {
    const dir = tempDir('karya-e2e-import-ms-');
    const file = docx(dir, 'bab', malayManuscript(3, 'roman').replace(/^(BAB [IVX]+)$/gm, '# $1'));
    writeFileSync(path.join(dir, 'cover.docx'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
    const page = await app.open();
    // Signed up in a Malay studio over the API (tests/e2e/seed.ts; the sign-up page and the language switch are walked
    // in tests/e2e/studio.test.ts).
    await signInPage(page, await signUpWriter(app.base, 'import.ms@e2e.test', { password: PASSWORD, lang: 'ms' }));
    await page.goto(`${app.base}/books`);
    const section = page.getByTestId('import-manuscript');
    await section.getByRole('heading', { name: 'Import manuskrip' }).waitFor();
    // A picture named .docx: the server's refusal, in Malay.
    await section.getByLabel('Fail manuskrip').setInputFiles(path.join(dir, 'cover.docx'));
    await section.getByRole('button', { name: 'Cari bab' }).click();
    expect(await section.getByTestId('import-error').textContent()).toBe(
      'cover.docx bukan fail DOCX: kandungannya ialah imej. Karya mengimport fail .txt, .md, .docx dan .epub.',
    );
    await section.getByLabel('Fail manuskrip').setInputFiles(file);
    await section.getByLabel('Jenis buku').selectOption('romance');
    await section.getByRole('button', { name: 'Cari bab' }).click();
    await section.getByTestId('import-preview').waitFor();
    const found = await section.getByTestId('import-chapter').allTextContents();
    expect(found.map((f) => f.split(':')[0])).toEqual(['Bab 1', 'Bab 2', 'Bab 3']);
    expect(await section.getByTestId('import-cost').textContent()).toBe(
      'Membaca 3 bahagiannya ke dalam catatan cerita mengambil 3 kredit.',
    );
    await section.getByRole('button', { name: 'Import bab-bab ini' }).click();
    await page.waitForURL((u) => u.pathname !== '/books');
    // The finished book has more chapters than were imported by default (three more), so the next step is the outline.
    await page.locator(GENERATE.label, { hasText: /Rangka/ }).waitFor({ timeout: 30_000 });
    const { books } = (await page.evaluate(() => fetch('/api/books').then((r) => r.json()))) as { books: unknown[] };
    expect(books).toEqual([expect.objectContaining({ lang: 'ms', chapters_written: 3, chapters_total: 6 })]);
  }, 240_000);
});
