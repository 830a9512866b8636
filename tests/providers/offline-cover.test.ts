// The offline cover: a real PNG at the generator's size (the publishing requirements, §9:
// 1024x1024 kids, 1024x1792 otherwise) with the title, an author or character line, and colours by
// genre (or the kids colour scheme) and mood.
import { describe, expect, it } from 'vitest';
import { coverFacts, coverPalette, coverSvg, renderCoverPng, wrapText } from '../../engine/providers/cover.js';
import { createOfflineProvider } from '../../engine/providers/offline.js';
import { parseSettings, renderPrompt, runStep, startBook } from '../../engine/index.js';
import type { ImageRequest } from '../../engine/provider.js';
import { readPng } from './helpers.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();

/** The image request the engine builds for a cover generator with these settings. */
function coverRequest(id: string, settings: Record<string, unknown>): ImageRequest {
  const spec = catalog.get(id)!;
  const state = startBook({ spec, settings: parseSettings(spec, settings) });
  const prompt = renderPrompt({ spec, renderer: catalog.renderer, state, step: { kind: 'image' } });
  return { prompt: prompt.user, size: spec.image!.size, meta: prompt.meta };
}

describe('offline cover PNG', () => {
  it('kids-book-cover "Sang Kancil" with a mouse deer: a valid 1024x1024 PNG through the engine', async () => {
    const spec = catalog.get('kids-book-cover')!;
    const state = startBook({
      spec,
      settings: parseSettings(spec, { title: 'Sang Kancil', mainCharacter: 'a mouse deer' }),
    });
    const outcome = await runStep({
      spec,
      renderer: catalog.renderer,
      provider: createOfflineProvider(),
      state,
      step: { kind: 'image' },
    });
    expect(readPng(outcome.png!)).toMatchObject({ width: 1024, height: 1024 });
  });

  it('book-cover: a valid 1024x1792 PNG', () => {
    expect(
      readPng(renderCoverPng(coverRequest('book-cover', { title: 'The Last Dragon of Langkawi', genre: 'fantasy' }))),
    ).toMatchObject({ width: 1024, height: 1792 });
  });

  it('the same cover asked again is the same PNG, as bytes of its own; a picture drawn anew is the same too', () => {
    const request = coverRequest('book-cover', { title: 'Sungai Kenangan', genre: 'mystery' });
    const first = renderCoverPng(request);
    const again = renderCoverPng(request);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    first.fill(0);
    expect(readPng(again)).toMatchObject({ width: 1024, height: 1792 });
    expect(Buffer.from(renderCoverPng(request)).equals(Buffer.from(again))).toBe(true);
    // Five other covers drawn since: the first is no longer kept and is drawn again, to the same bytes.
    for (const title of ['A', 'B', 'C', 'D', 'E'])
      renderCoverPng(coverRequest('book-cover', { title, genre: 'mystery' }));
    expect(Buffer.from(renderCoverPng(request)).equals(Buffer.from(again))).toBe(true);
    const other = renderCoverPng(coverRequest('book-cover', { title: 'Sungai Kenangan', genre: 'romance' }));
    expect(Buffer.from(other).equals(Buffer.from(again))).toBe(false);
  });

  it('shows the title and the character line (kids) or the main character (book)', () => {
    const kids = coverFacts(
      coverRequest('kids-book-cover', {
        title: 'Sang Kancil',
        mainCharacter: 'a mouse deer',
        colorScheme: 'nature',
        characterMood: 'curious',
      }),
    );
    expect(kids).toMatchObject({
      title: 'Sang Kancil',
      byline: 'featuring a mouse deer',
      scheme: 'nature',
      mood: 'curious',
    });
    const svg = coverSvg(kids, { width: 1024, height: 1024 });
    expect(svg).toContain('>Sang Kancil<');
    expect(svg).toContain('>featuring a mouse deer<');
    expect(svg).toContain('Offline demo cover');
    const book = coverFacts(
      coverRequest('book-cover', { title: 'Orbit', genre: 'scifi', mood: 'adventurous', mainCharacter: 'Captain Mei' }),
    );
    expect(book).toMatchObject({
      title: 'Orbit',
      genre: 'scifi',
      mood: 'adventurous',
      byline: 'featuring Captain Mei',
    });
  });

  it('an author line reads "by …" (en) and "oleh …" (ms)', () => {
    const meta = (lang: 'en' | 'ms', label: string) => ({
      generatorId: 'x',
      family: 'covers',
      kind: 'image',
      stepKind: 'image' as const,
      stepLabel: '',
      lang,
      title: 'x',
      wordTarget: 0,
      isFiction: false,
      settingsSummary: [
        { label: lang === 'en' ? 'Book Title' : 'Tajuk Buku', value: 'Hikayat', role: 'bookTitle' as const },
        { label, value: 'Aisha Rahman', role: 'author' as const },
      ],
    });
    expect(coverFacts({ prompt: 'x', size: '1024x1792', meta: meta('en', 'Author Name') }).byline).toBe(
      'by Aisha Rahman',
    );
    expect(coverFacts({ prompt: 'x', size: '1024x1792', meta: meta('ms', 'Nama Pengarang') }).byline).toBe(
      'oleh Aisha Rahman',
    );
  });

  it('reads each fact from the field with its role, never from a label', () => {
    const meta = {
      generatorId: 'x',
      family: 'covers',
      kind: 'image',
      stepKind: 'image' as const,
      stepLabel: '',
      lang: 'en' as const,
      title: 'x',
      wordTarget: 0,
      isFiction: false,
      settingsSummary: [
        { label: 'Book Title', value: 'Not the title' },
        { label: 'Author', value: 'Nobody' },
        { label: 'Genre', value: 'Horror' },
        { label: 'Heading', value: 'Hikayat', role: 'bookTitle' as const },
        { label: 'Written by', value: 'Aisha Rahman', role: 'author' as const },
        { label: 'Kind of book', value: 'Romance', role: 'genre' as const },
      ],
    };
    expect(coverFacts({ prompt: 'x', size: '1024x1792', meta })).toEqual({
      title: 'Hikayat',
      byline: 'by Aisha Rahman',
      genre: 'romance',
      lang: 'en',
    });
    expect(
      coverFacts({
        prompt: 'x',
        size: '1024x1792',
        meta: { ...meta, settingsSummary: meta.settingsSummary.slice(0, 3) },
      }),
    ).toEqual({ title: 'Untitled', lang: 'en' });
  });

  it('every image generator marks its title, and what else its cover shows, with a role', () => {
    const covers = catalog.specs.filter((s) => s.kind === 'image');
    expect(covers.map((s) => s.id).sort()).toEqual(['book-cover', 'kids-book-cover']);
    const roles = Object.fromEntries(
      covers.map((s) => [s.id, Object.fromEntries(s.fields.filter((f) => f.role).map((f) => [f.role, f.name]))]),
    );
    expect(roles).toEqual({
      'book-cover': { bookTitle: 'title', genre: 'genre', mainCharacter: 'mainCharacter', mood: 'mood' },
      'kids-book-cover': {
        bookTitle: 'title',
        mainCharacter: 'mainCharacter',
        mood: 'characterMood',
        colorScheme: 'colorScheme',
      },
    });
  });

  it('colours follow the genre, the mood and the kids colour scheme', () => {
    const genres = ['children', 'mystery', 'fantasy', 'scifi', 'romance', 'thriller', 'horror', 'nonfiction'];
    const palettes = genres.map((genre) =>
      coverPalette(coverFacts(coverRequest('book-cover', { title: 'T', genre }))).join(),
    );
    expect(new Set(palettes).size).toBe(genres.length);
    const fantasy = coverPalette(
      coverFacts(coverRequest('book-cover', { title: 'T', genre: 'fantasy', mood: 'playful' })),
    );
    const fantasyRomantic = coverPalette(
      coverFacts(coverRequest('book-cover', { title: 'T', genre: 'fantasy', mood: 'romantic' })),
    );
    expect(fantasy[0]).toBe(fantasyRomantic[0]);
    expect(fantasy[2]).not.toBe(fantasyRomantic[2]);
    const schemes = ['bright', 'pastel', 'rainbow', 'nature', 'fantasy', 'candy'];
    const kids = schemes.map((colorScheme) =>
      coverFacts(coverRequest('kids-book-cover', { title: 'T', mainCharacter: 'c', colorScheme })),
    );
    expect(kids.map((k) => k.scheme)).toEqual(schemes);
    expect(new Set(kids.map((k) => coverPalette(k).join())).size).toBe(schemes.length);
    const a = Buffer.from(renderCoverPng(coverRequest('book-cover', { title: 'Same', genre: 'horror' })));
    const b = Buffer.from(renderCoverPng(coverRequest('book-cover', { title: 'Same', genre: 'romance' })));
    expect(a.equals(b)).toBe(false);
  });

  it('Malay option labels are understood too', () => {
    const meta = {
      generatorId: 'book-cover',
      family: 'covers',
      kind: 'image',
      stepKind: 'image' as const,
      stepLabel: '',
      lang: 'ms' as const,
      title: 'x',
      wordTarget: 0,
      isFiction: false,
      settingsSummary: [
        { label: 'Tajuk Buku', value: 'Pontianak', role: 'bookTitle' as const },
        { label: 'Genre Buku', value: 'Seram', role: 'genre' as const },
        { label: 'Suasana', value: 'Penuh Misteri', role: 'mood' as const },
      ],
    };
    expect(coverFacts({ prompt: 'x', size: '1024x1792', meta })).toMatchObject({
      title: 'Pontianak',
      genre: 'horror',
      mood: 'mysterious',
      lang: 'ms',
    });
  });

  it('a long title wraps and is cut with an ellipsis; markup in it is escaped', () => {
    expect(
      wrapText('The Extraordinary and Unbelievable Adventures of a Very Small Mouse Deer in the Great Forest', 16, 4),
    ).toHaveLength(4);
    expect(
      wrapText(
        'The Extraordinary and Unbelievable Adventures of a Very Small Mouse Deer in the Great Forest',
        16,
        4,
      ).at(-1),
    ).toMatch(/…$/);
    const svg = coverSvg({ title: 'Tom & <Jerry>', lang: 'en' }, { width: 1024, height: 1792 });
    expect(svg).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(readPng(renderCoverPng({ prompt: 'x', size: '1024x1024' }))).toMatchObject({ width: 1024, height: 1024 });
  });
});
