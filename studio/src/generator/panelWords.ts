// The words of a finished book's panels, loaded with them (PublishPanel.tsx, AudioPanel.tsx and what they show): the
// page's words (words.ts) and the panels' own catalogues, every language's, which a generator page without a finished
// book does not load.
import type { Lang } from '../engine.js';
import { AUDIO_WORDS } from './audioWords.js';
import { PACKAGE_EDIT_WORDS } from './packageEditWords.js';
import { PUBLISH_WORDS } from './publishWords.js';
import { PAGE_WORDS, wordsLookUp } from './words.js';

const PANEL_WORDS = { ...PAGE_WORDS, ...PUBLISH_WORDS, ...PACKAGE_EDIT_WORDS, ...AUDIO_WORDS };

export type PanelWord = keyof typeof PANEL_WORDS;

/** A panel's word in a language with {placeholders} filled, as pageWord gives a page word. */
export const panelWord: (key: PanelWord, lang: Lang, vars?: Record<string, string | number>) => string =
  wordsLookUp(PANEL_WORDS);
