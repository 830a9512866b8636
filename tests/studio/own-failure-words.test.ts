// @vitest-environment jsdom
// Every failure the studio names itself has its words in every language of the table: a network failure (never the
// browser's "Failed to fetch"), an answer that is not the server's (a proxy's "502 Bad Gateway" page), a stream
// closed before its answer. Walked in the code: each failure the studio makes with a code and no words
// (`new ApiError(0, 'network')`) has `state.<code>` in studio-states in every language, and none carries words
// written beside the code (an English or an empty message). Nor does the server make one with words written in code
// (a message, a field's text): its words are a catalogue's, said in the caller's language.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { langs, type Lang } from '../../engine/index.js';
import { ROOT } from '../../engine/node/load.js';
import { api, setRequestLang } from '../../studio/src/lib/api.js';
import { STATES } from '../../studio/src/i18n/states.js';
import { useStudioDom } from './dom.js';

useStudioDom();

/** The arguments of each `new ApiError(…)` in a folder's code, split at their top-level commas, and where. */
function failuresMade(folder = path.join('studio', 'src')): Array<{ at: string; args: string[] }> {
  const dir = path.join(ROOT, folder);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile() && /\.tsx?$/.test(e.name),
  );
  return files.flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    return [...code.matchAll(/new ApiError\(/g)].map((m) => {
      const args: string[] = [];
      let depth = 0;
      let current = '';
      for (const ch of code.slice(m.index + m[0].length)) {
        if (depth === 0 && (ch === ')' || ch === ',')) {
          args.push(current.trim());
          current = '';
          if (ch === ')') break;
          continue;
        }
        if ('([{'.includes(ch)) depth++;
        if (')]}'.includes(ch)) depth--;
        current += ch;
      }
      const line = code.slice(0, m.index).split('\n').length;
      return { at: `${path.relative(ROOT, file)}:${line}`, args: args.filter(Boolean) };
    });
  });
}

const LITERAL = /^(['"])[^'"]*\1$|^`[^`$]*`$/;

type Failure = { status: number; code: string; message: string };
async function failureOf(lang: Lang, answer: () => Promise<Response>): Promise<Failure> {
  setRequestLang(lang);
  vi.stubGlobal('fetch', answer);
  try {
    await api('/books');
  } catch (error) {
    return error as Failure;
  }
  throw new Error('the call did not fail');
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const PAGE = '<html><body><h1>502 Bad Gateway</h1></body></html>';
const proxyPage = async () =>
  new Response(PAGE, { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } });

describe("the server's failures made beside their words", () => {
  it("carry no words written in code: a message or a field text is a catalogue's, in the caller's language", () => {
    const made = failuresMade('server');
    expect(made.length).toBeGreaterThan(5);
    // A text with words in it (an empty one is a failure no one reads: a client gone).
    const WORDS = /^(['"`])[^'"`]*[A-Za-z]{3}[^'"`]*\1$/;
    const fieldWords = /:\s*(['"`])[^'"`]*[A-Za-z]{3}/;
    // A template's placeholders are no words (`${message} (…)`).
    const outside = (text = '') => text.replace(/\$\{[^}]*\}/g, '');
    const worded = made
      .filter((f) => WORDS.test(f.args[2] ?? '') || fieldWords.test(outside(f.args[3])))
      .map((f) => f.at);
    expect(worded).toEqual([]);
  });
});

describe('the failures the studio names itself', () => {
  it('each made with a code alone has its words in every language, and none is made with words beside the code', () => {
    const made = failuresMade();
    expect(made.length).toBeGreaterThan(10);
    const ownCodes = made
      .filter((f) => f.args.length === 2 && LITERAL.test(f.args[1]!))
      .map((f) => ({ at: f.at, code: f.args[1]!.slice(1, -1) }));
    const codes = ownCodes.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['network', 'connection_closed', 'edition_connection_closed']));
    const states = STATES as Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    const lacking = ownCodes.flatMap(({ at, code }) =>
      langs()
        .filter((l) => typeof states[`state.${code}`]?.[l] !== 'string')
        .map((l) => `${at}: state.${code} in ${l}`),
    );
    expect(lacking).toEqual([]);
    const worded = made
      .filter((f) => f.args[2] !== undefined && LITERAL.test(f.args[2]))
      .map((f) => `${f.at}: ${f.args[2]}`);
    expect(worded).toEqual([]);
  });

  it('a network failure and a page not the server’s are said in the studio’s language, not the browser’s', async () => {
    const en = await failureOf('en', offline);
    expect(en).toMatchObject({ status: 0, code: 'network' });
    expect(en.message).toMatch(/^The Karya server could not be reached/);
    expect((await failureOf('id', offline)).message).toMatch(/^Server Karya tidak dapat dihubungi/);
    expect((await failureOf('ms', offline)).message).toMatch(/^Pelayan Karya tidak dapat dihubungi/);
    const id = await failureOf('id', proxyPage);
    expect(id).toMatchObject({ status: 502, code: 'http_502' });
    expect(id.message).toMatch(/^Server tidak dapat menjawab \(HTTP 502\)/);
    expect((await failureOf('en', proxyPage)).message).toMatch(/^The server could not answer \(HTTP 502\)/);
    for (const lang of langs()) {
      for (const answer of [offline, proxyPage]) {
        const { message } = await failureOf(lang, answer);
        expect(message, lang).not.toMatch(/Failed to fetch|Bad Gateway|Network error|Request failed/);
        expect(message, lang).not.toMatch(/^(?:network|http_error)$/);
      }
    }
  });
});
