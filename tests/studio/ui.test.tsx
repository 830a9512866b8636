// @vitest-environment jsdom
// Studio building blocks: the dialog keeps focus inside and gives it back, the event-stream reader
// handles split chunks and error answers, the guards' return path refuses other sites, relative ages,
// the theme toggle's storage and theme colour.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, renderHook, act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from '../../studio/src/components/Dialog.js';
import { ApiError } from '../../studio/src/lib/api.js';
import { parseEventBlock, postEventStream, type StreamEvent } from '../../studio/src/lib/events.js';
import { returnPath } from '../../studio/src/components/Guards.js';
import { relativeAge } from '../../studio/src/lib/time.js';
import { Markdown } from '../../studio/src/components/Markdown.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Dialog', () => {
  function Harness() {
    const [isOpen, setIsOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setIsOpen(true)}>
          Open
        </button>
        <Dialog
          isOpen={isOpen}
          title="Continue Previous Progress?"
          onClose={() => setIsOpen(false)}
          footer={
            <>
              <button type="button">Start New Book</button>
              <button type="button" data-autofocus>
                Continue Progress
              </button>
            </>
          }
        >
          <p>Saved book</p>
        </Dialog>
      </>
    );
  }

  it('is labelled, focuses its default button, keeps Tab inside, closes on Escape and returns focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Continue Previous Progress?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Continue Progress');
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe('event stream reader', () => {
  it('parses named events with JSON data and ignores comments', () => {
    expect(parseEventBlock(': keep-alive')).toBeNull();
    expect(parseEventBlock('event: delta\ndata: {"text":"Hi"}')).toEqual({ event: 'delta', data: { text: 'Hi' } });
  });

  it('reassembles events split across network chunks, in order', async () => {
    const body =
      'event: delta\ndata: {"text":"Once "}\n\nevent: del' +
      'ta\ndata: {"text":"upon"}\n\nevent: done\ndata: {"content":"Once upon"}\n\n';
    const parts = [body.slice(0, 20), body.slice(20, 47), body.slice(47)];
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const p of parts) c.enqueue(new TextEncoder().encode(p));
        c.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }));
    const events: StreamEvent[] = [];
    await postEventStream('/generators/x/generate', {}, (e) => events.push(e));
    expect(events.map((e) => e.event)).toEqual(['delta', 'delta', 'done']);
    expect(events[2]!.data).toEqual({ content: 'Once upon' });
  });

  it('an error answer before the stream becomes an ApiError with the server message and fields', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(
          JSON.stringify({
            error: { code: 'insufficient_credits', message: 'Insufficient credits. Please upgrade your plan.' },
          }),
          { status: 402, headers: { 'content-type': 'application/json' } },
        ),
    );
    const error = await postEventStream('/generators/x/generate', {}, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(402);
    expect((error as ApiError).message).toBe('Insufficient credits. Please upgrade your plan.');
  });

  it('a network failure is an ApiError with status 0 (retried by the page)', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await postEventStream('/x', {}, () => undefined).catch((e: unknown) => e)) as ApiError;
    expect(error.isNetwork).toBe(true);
  });
});

describe('guards', () => {
  it.each([
    [{ from: { pathname: '/romance', search: '?a=1', hash: '' } }, '/romance?a=1'],
    [{ from: { pathname: '//evil.example', search: '', hash: '' } }, '/'],
    [{ from: { pathname: '/signin', search: '', hash: '' } }, '/'],
    [null, '/'],
  ])('return path %j → %s', (state, expected) => {
    expect(returnPath(state)).toBe(expected);
  });
});

describe('relative ages (Recent Updates)', () => {
  const now = new Date('2026-11-21T12:00:00');
  it.each([
    ['2026-11-21', 'Today'],
    ['2026-11-20', 'Yesterday'],
    ['2026-11-17', '4 days ago'],
    ['2026-11-07', '2 weeks ago'],
    ['2026-09-15', '2 months ago'],
    ['2024-10-01', '2 years ago'],
  ])('%s → %s', (date, expected) => {
    expect(relativeAge(new Date(`${date}T09:00:00`), now)).toBe(expected);
  });
});

describe('theme', () => {
  it('toggles, stores the choice under `theme` and sets the theme colour', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    });
    localStorage.clear();
    const { useTheme, initTheme } = await import('../../studio/src/lib/theme.js');
    initTheme();
    const { result } = renderHook(() => useTheme());
    expect(result.current.theme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#ffffff');
    act(() => result.current.toggle());
    expect(result.current.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#1a1a1a');
  });
});

describe('generated text is shown as Markdown, never as HTML', () => {
  it('renders headings, lists and emphasis; markup in the text stays text', async () => {
    const { container } = render(
      <Markdown text={'# Title\n\n- one\n- **two**\n\nA <script>x</script> *quiet* line'} />,
    );
    // The Markdown reader loads with the first text shown (components/Markdown.tsx).
    await waitFor(() => expect(container.querySelector('[role="heading"]')?.textContent).toBe('Title'));
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('strong')?.textContent).toBe('two');
    expect(container.querySelector('em')?.textContent).toBe('quiet');
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<script>x</script>');
  });
});
