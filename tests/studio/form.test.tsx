// @vitest-environment jsdom
// The studio's spec-driven settings form on the generator page, rendered from the real form models the
// server serves (compileForm over generators/*.yaml): every widget, defaults, conditional fields,
// validation messages in en and ms, and the parsed settings the page sends to the server. Expected
// values come from spec/.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { FormModel, Settings } from '../../studio/src/engine.js';
import type { Profile } from '../../engine/contract/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import type { Catalog } from '../../engine/index.js';
import { defaultValues, valuesFromSettings } from '../../studio/src/generator/form.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';
import { fieldMessage, serverFieldMessage } from '../../studio/src/generator/messages.js';
import { slowHint } from '../../studio/src/generator/parts.js';
import { renderPage } from './page.js';
import { typeIn } from './dom.js';

let catalog: Catalog;
/** The form model as the browser receives it: through JSON, like GET /api/generators/:id. */
const model = (id: string): FormModel => JSON.parse(JSON.stringify(catalog.form(id))) as FormModel;

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: '',
  bio: '',
  role: 'free',
  credits_available: 10,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The generator's page around the form, with a server that keeps the settings each generate request
 * sends (and answers it with an error: the page's generation is not what these tests are about).
 * `lang: 'ms'`: the account's studio language is Bahasa Malaysia (the page's words follow it, and a book's
 * language field starts at it).
 */
async function renderForm(id: string, opts: { lang?: 'en' | 'ms' } = {}) {
  const sent: Settings[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/generate')) sent.push((JSON.parse(String(init.body)) as { settings: Settings }).settings);
    return new Response(JSON.stringify({ error: { code: 'service_unavailable', message: 'Service unavailable' } }), {
      status: 503,
      headers: { 'content-type': 'application/json' },
    });
  });
  const form = model(id);
  renderPage(<GeneratorWorkspace form={form} />, { user: { ...USER, lang: opts.lang ?? 'en' } });
  const user = userEvent.setup();
  return { form, sent, user };
}

const generate = () => screen.getByTestId('generate-button');
/** The fields marked invalid for screen readers. */
const invalidFields = () =>
  [...document.querySelectorAll('[aria-invalid="true"]')]
    .map((el) => el.closest('[data-field]')?.getAttribute('data-field'))
    .sort();

describe('every field type renders as its widget, labelled', () => {
  // [generator, field label (en), widget check]
  const cases: Array<[string, string, (el: HTMLElement) => void]> = [
    ['romance', 'Heat Level', (el) => expect(el.tagName).toBe('SELECT')],
    ['copyright', 'Book Title', (el) => expect((el as HTMLInputElement).type).toBe('text')],
    ['book-title', 'Book Content', (el) => expect(el.tagName).toBe('TEXTAREA')],
    ['copyright', 'Publication Year', (el) => expect((el as HTMLInputElement).type).toBe('number')],
    ['copyright', 'Include ISBN', (el) => expect((el as HTMLInputElement).type).toBe('checkbox')],
  ];
  it.each(cases)('%s: %s', async (id, label, check) => {
    await renderForm(id);
    check(screen.getByLabelText(new RegExp(`^${label}`)));
  });

  it('flags render as a group of checkboxes under a legend (language-story includeExtras)', async () => {
    await renderForm('language-story');
    const group = screen.getByRole('group', { name: 'Include Extras' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(4);
  });

  it('select options carry the labels of the studio language', async () => {
    await renderForm('romance', { lang: 'ms' });
    const select = screen.getByLabelText('Tahap Keintiman') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Manis (bersih)',
      'Sederhana Ringan',
      'Sederhana',
      'Hangat',
    ]);
  });
});

describe('defaults from spec/', () => {
  it('romance: first value of each list, 12 chapters, language en', async () => {
    expect(defaultValues(model('romance')).numberOfChapters).toBe('12');
    await renderForm('romance');
    expect((screen.getByLabelText('Romance Type') as HTMLSelectElement).value).toBe('contemporary');
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('en');
  });

  it(
    'a 10-credit account opens Romance at a length it can finish (7 ' +
      'chapters: 10 credits, not 12 needing 15), the brief before the choices',
    async () => {
      await renderForm('romance');
      expect((screen.getByLabelText('Number of Chapters') as HTMLSelectElement).value).toBe('7');
      expect(defaultValues(model('romance'), 'en', 100).numberOfChapters).toBe('12');
      expect(defaultValues(model('romance'), 'en', 4).numberOfChapters).toBe('12');
      const labels = [...document.querySelectorAll('[data-testid="settings-form"] label')].map((l) =>
        l.textContent?.trim(),
      );
      expect(labels.indexOf('Premise')).toBeLessThan(labels.indexOf('Language'));
      expect(labels.indexOf('Working Title')).toBe(0);
    },
  );

  it('sci-fi settingScope defaults to interplanetary; children ageGroup to 5-8; conspiracy threat national', () => {
    expect(defaultValues(model('sci-fi')).settingScope).toBe('interplanetary');
    expect(defaultValues(model('children')).ageGroup).toBe('5-8');
    expect(defaultValues(model('conspiracy')).threatLevel).toBe('national');
    expect(defaultValues(model('conspiracy')).plotComplexity).toBe('intricate');
  });

  it('copyright: disclaimer on, ISBN off, publication year the current year', async () => {
    await renderForm('copyright');
    expect((screen.getByLabelText('Include Disclaimer') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Include ISBN') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText(/^Publication Year/) as HTMLInputElement).value).toBe(
      String(new Date().getFullYear()),
    );
  });

  it('language story extras: pronunciation and vocabulary on, grammar and exercises off', async () => {
    await renderForm('language-story');
    const checked = (name: string) => (screen.getByLabelText(name) as HTMLInputElement).checked;
    expect([
      checked('Pronunciation Guide'),
      checked('Vocabulary List'),
      checked('Grammar Notes'),
      checked('Practice Exercises'),
    ]).toEqual([true, true, false, false]);
  });

  it('saved settings restore into the widgets, missing ones at their defaults', () => {
    const values = valuesFromSettings(model('romance'), { heatLevel: 'steamy', numberOfChapters: 7 });
    expect(values.heatLevel).toBe('steamy');
    expect(values.numberOfChapters).toBe('7');
    expect(values.plotStyle).toBe('enemies-to-lovers');
  });
});

describe('conditional fields', () => {
  it('copyright: the ISBN field appears only when Include ISBN is ticked', async () => {
    const { user } = await renderForm('copyright');
    expect(screen.queryByLabelText('ISBN')).toBeNull();
    await user.click(screen.getByLabelText('Include ISBN'));
    expect(screen.getByLabelText('ISBN')).toBeTruthy();
    await user.click(screen.getByLabelText('Include ISBN'));
    expect(screen.queryByLabelText('ISBN')).toBeNull();
  });

  it('kids cover: the custom setting appears, and is required, only when the setting is custom', async () => {
    const { user, sent } = await renderForm('kids-book-cover');
    expect(screen.queryByLabelText(/Describe Your Setting/)).toBeNull();
    await typeIn(user, screen.getByLabelText(/^Book Title/), 'Sang Kancil');
    await typeIn(user, screen.getByLabelText(/^Main Character/), 'a mouse deer');
    await user.selectOptions(screen.getByLabelText('Setting'), 'custom');
    const custom = screen.getByLabelText(/Describe Your Setting/);
    expect(custom.getAttribute('aria-required')).toBe('true');
    await user.click(generate());
    expect(await screen.findByText('Describe Your Setting is required')).toBeTruthy();
    expect(sent).toEqual([]);
    await typeIn(user, custom, 'a floating island');
    await user.click(generate());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ setting: 'custom', customSetting: 'a floating island', title: 'Sang Kancil' });
  });

  it(
    'copyright: an emptied Publication Year is reported as ' +
      'required, never silently this year (spec: required, 1900-2100)',
    async () => {
      const { user, sent } = await renderForm('copyright');
      await typeIn(user, screen.getByLabelText(/^Book Title/), 'Hikayat Malam');
      await typeIn(user, screen.getByLabelText(/^Author Name/), 'Siti Aminah');
      await user.clear(screen.getByLabelText(/^Publication Year/));
      await user.click(generate());
      expect(await screen.findByText('Publication Year is required')).toBeTruthy();
      expect(sent).toEqual([]);
      await user.type(screen.getByLabelText(/^Publication Year/), '1850');
      await user.click(generate());
      expect(await screen.findByText(/Publication Year must be .*1900.*2100/)).toBeTruthy();
      expect(sent).toEqual([]);
    },
  );

  it('self-help: a custom topic is required when the topic is others', async () => {
    const { user } = await renderForm('self-help');
    await user.selectOptions(screen.getByLabelText('Topic'), 'others');
    await user.click(generate());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/is required$/);
  });
});

describe('validation messages', () => {
  it('copyright: required texts and the year range, each naming its field', async () => {
    const { user, sent } = await renderForm('copyright');
    const year = screen.getByLabelText(/^Publication Year/);
    await user.clear(year);
    await user.type(year, '1800');
    await user.click(generate());
    expect(await screen.findByText('Book Title is required')).toBeTruthy();
    expect(screen.getByText('Author Name is required')).toBeTruthy();
    expect(screen.getByText('Publication Year must be a number between 1900 and 2100')).toBeTruthy();
    expect(sent).toEqual([]);
    expect(invalidFields()).toEqual(['authorName', 'bookTitle', 'publicationYear']);
    // The error is tied to its input for screen readers.
    const title = screen.getByLabelText(/^Book Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Book Title is required',
    );
  });

  it('a Malay studio gives Malay messages', async () => {
    const { user } = await renderForm('biography', { lang: 'ms' });
    await user.click(generate());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/diperlukan$/);
  });

  it('messages from the engine schema, in both languages', () => {
    expect(
      fieldMessage(
        { field: 'publicationYear', code: 'number_range', params: { min: 1900, max: 2100 } },
        { label: 'Tahun Penerbitan', lang: 'ms' },
      ),
    ).toBe('Tahun Penerbitan mesti nombor antara 1900 dan 2100');
    expect(fieldMessage({ field: 'isbn', code: 'too_long', params: { max: 40 } }, { label: 'ISBN', lang: 'en' })).toBe(
      'ISBN must be at most 40 characters',
    );
    expect(
      fieldMessage(
        { field: 'numberOfChapters', code: 'not_an_option', params: { value: '99', allowed: [5, 7] } },
        { label: 'Bab', lang: 'ms' },
      ),
    ).toBe('Bab: sila pilih salah satu pilihan');
    expect(
      fieldMessage(
        { field: 'heatLevel', code: 'not_an_option', params: { value: 'hot', allowed: ['sweet'] } },
        { label: 'Heat Level', lang: 'en' },
      ),
    ).toBe('Heat Level: please choose one of the options');
    expect(
      fieldMessage({ field: 'bookTitle', code: 'required', params: {} }, { label: 'Tajuk Buku', lang: 'ms' }),
    ).toBe('Tajuk Buku diperlukan');
  });

  it('a message the server worded follows the field label', () => {
    expect(serverFieldMessage('is required', { label: 'Book Title', lang: 'en' })).toBe('Book Title is required');
    expect(serverFieldMessage('diperlukan', { label: 'Tajuk Buku', lang: 'ms' })).toBe('Tajuk Buku diperlukan');
  });

  it('a valid form hands over parsed settings: numbers as numbers, flags as lists, hidden fields dropped', async () => {
    const { user, sent } = await renderForm('copyright');
    await typeIn(user, screen.getByLabelText(/^Book Title/), '  Hikayat  ');
    await user.type(screen.getByLabelText(/^Author Name/), 'Aminah');
    await user.click(generate());
    await waitFor(() => expect(sent).toHaveLength(1));
    const settings = sent[0]!;
    expect(settings.bookTitle).toBe('Hikayat');
    expect(settings.publicationYear).toBe(new Date().getFullYear());
    expect(settings.includeDisclaimer).toBe(true);
    expect('isbn' in settings).toBe(false);
  });

  it(
    'a chapter count off the menu: "Another number…" opens a box, 1 ' +
      'to the largest preset; 5 arrives as 5; 25 is refused (issue 48)',
    async () => {
      const a = await renderForm('romance');
      await a.user.selectOptions(screen.getByLabelText('Number of Chapters'), 'Another number…');
      const box = screen.getByLabelText('Number of chapters, 1 to 20') as HTMLInputElement;
      expect([box.min, box.max]).toEqual(['1', '20']);
      await a.user.type(box, '5');
      // The menu shows the chosen count as its own entry.
      await waitFor(() =>
        expect((screen.getByLabelText('Number of Chapters') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
          '5 Chapters',
        ),
      );
      await a.user.click(generate());
      await waitFor(() => expect(a.sent).toHaveLength(1));
      expect(a.sent[0]!.numberOfChapters).toBe(5);
      await a.user.clear(box);
      await a.user.type(box, '25');
      await a.user.click(generate());
      expect(await screen.findByText(/between 1 and 20/)).toBeTruthy();
      expect(a.sent).toHaveLength(1);
    },
  );

  it('chapter counts arrive as integers; flags as the ticked values', async () => {
    const a = await renderForm('romance');
    await a.user.selectOptions(screen.getByLabelText('Number of Chapters'), '7');
    await a.user.click(generate());
    await waitFor(() => expect(a.sent).toHaveLength(1));
    expect(a.sent[0]!.numberOfChapters).toBe(7);
    cleanup();
    const b = await renderForm('language-story');
    await b.user.click(screen.getByLabelText('Grammar Notes'));
    await b.user.click(screen.getByLabelText('Pronunciation Guide'));
    await b.user.click(generate());
    await waitFor(() => expect(b.sent).toHaveLength(1));
    expect(b.sent[0]!.includeExtras).toEqual(['vocabulary', 'grammar']);
  });
});

describe("labels follow the studio language, not the book's (issue 24)", () => {
  it('an English studio writing a Malay book keeps its English labels', async () => {
    const { user } = await renderForm('romance');
    expect(screen.getByLabelText('Heat Level')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Language'), 'ms');
    expect(screen.getByLabelText('Heat Level')).toBeTruthy();
    expect(screen.getByLabelText('Language')).toBeTruthy();
    expect(screen.getByTestId('generate-label').textContent).toBe('Generate Story Outline');
  });

  it('a Malay studio writing an English book keeps its Malay labels', async () => {
    const { user } = await renderForm('romance', { lang: 'ms' });
    await user.selectOptions(screen.getByLabelText('Bahasa'), 'en');
    expect(screen.getByLabelText('Tahap Keintiman')).toBeTruthy();
    expect(screen.getByTestId('generate-label').textContent).toBe('Jana Rangka Cerita');
  });

  it('a generator that always writes English speaks Malay in a Malay studio (dad jokes)', async () => {
    await renderForm('dad-jokes', { lang: 'ms' });
    expect(screen.getByTestId('generator-title').textContent).toBe('Penjana Jenaka Ayah');
    for (const label of ['Jenis Jenaka', 'Tema', 'Umur Khalayak', 'Bilangan Jenaka'])
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeTruthy();
    expect(screen.getByText('Tetapan')).toBeTruthy();
  });
});

describe('slow-generation hints (spec/: 60, 120, 150, 170 s)', () => {
  it.each([
    [59, null],
    [60, 'This is taking longer than usual...'],
    [120, 'Complex content may take up to 3 minutes...'],
    [150, 'Your content is being carefully crafted...'],
    [170, 'Almost there...'],
  ])('%i s', (s, hint) => {
    expect(slowHint(s, 'en')).toBe(hint);
  });
});
