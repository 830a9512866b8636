// Every message of the studio's own pages (not the generator pages, whose words follow the book's
// language: studio/src/generator/words.ts). One table per area, merged here; add an area's table
// to MESSAGES and its keys become valid for `t()`. The studio imports only the type from here: `translate` reads a
// key from the catalogue that registered it, so an area's words load with the code that imports its module (the
// areas every page shows: shared.ts; the others: the pages and components that show them).
import { ADMIN } from './admin.js';
import { AUTH } from './auth.js';
import { COMMON } from './common.js';
import { CREDITS } from './credits.js';
import { DASHBOARD } from './dashboard.js';
import { EDITIONS } from './editions.js';
import { GUIDE } from './guide.js';
import { HISTORY } from './history.js';
import { IMPORT } from './import.js';
import { PAYMENTS } from './payments.js';
import { PROFILE } from './profile.js';
import { BOOKS, SHELL } from './shell.js';
import { SHELF } from './shelf.js';
import { TOPUP } from './topup.js';
import { STATES } from './states.js';
import { STORY_MAP } from './story-map.js';
import { SOURCE } from './source.js';
import type { Table } from './types.js';

export const MESSAGES = {
  ...SHELL,
  ...DASHBOARD,
  ...AUTH,
  ...HISTORY,
  ...PROFILE,
  ...BOOKS,
  ...SHELF,
  ...TOPUP,
  ...EDITIONS,
  ...ADMIN,
  ...PAYMENTS,
  ...CREDITS,
  ...STATES,
  ...STORY_MAP,
  ...GUIDE,
  ...SOURCE,
  ...COMMON,
  ...IMPORT,
} as const satisfies Table;

export type MessageKey = keyof typeof MESSAGES;
