// @vitest-environment jsdom
// A call that waits on the model (or a translation's edition) whose stream ends with neither an answer nor an error
// fails with the studio's own words for it, in the studio's language: the failure carries only its code
// (`connection_closed`), never English written where it is thrown.
import { describe, expect, it, vi } from 'vitest';
import { langs, type Lang } from '../../engine/index.js';
import { setRequestLang } from '../../studio/src/lib/api.js';
import { callShowingWaits } from '../../studio/src/lib/model-wait.js';
import { useStudioDom } from './dom.js';

useStudioDom();

/** A server whose event stream opens, says it waits, and closes with no answer. */
function closingServer(): void {
  vi.stubGlobal('fetch', async () => {
    const body = new ReadableStream<Uint8Array>({
      start: (c) => {
        c.enqueue(new TextEncoder().encode('event: waiting\ndata: {"reason":"model"}\n\n'));
        c.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
}

async function failureIn(lang: Lang): Promise<{ status: number; code: string; message: string }> {
  setRequestLang(lang);
  closingServer();
  try {
    await callShowingWaits('POST /progress/:bookType/bible/update', { params: { bookType: 'romance' } });
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('the call did not fail');
}

describe('a stream closed before its answer', () => {
  it(
    'fails as a network failure named by its code, said ' + 'in the studio language (English, Malay, Indonesian)',
    async () => {
      const en = await failureIn('en');
      expect(en).toMatchObject({ status: 0, code: 'connection_closed' });
      expect(en.message).toMatch(/connection closed before the answer/i);
      const ms = await failureIn('ms');
      expect(ms.message).toMatch(/^Sambungan terputus sebelum jawapan tiba/);
      const id = await failureIn('id');
      expect(id.message).toMatch(/^Koneksi terputus sebelum jawabannya tiba/);
    },
  );

  it('has its words in every language of the table, none of them the code itself', async () => {
    for (const lang of langs()) {
      const failure = await failureIn(lang);
      expect(failure.message, lang).not.toBe('connection_closed');
      expect(failure.message.length, lang).toBeGreaterThan(20);
    }
  });
});
