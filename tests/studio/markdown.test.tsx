// @vitest-environment jsdom
// The studio's preview renders the engine's block model (engine/markdown.ts), the one the exports print:
// quotes, rules, code and line breaks as elements, raw HTML blocks as text. The reader loads with the first text shown
// (components/Markdown.tsx): each case waits for its elements.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { Markdown } from '../../studio/src/components/Markdown.js';

afterEach(cleanup);

describe('studio Markdown', () => {
  it('renders quotes, rules, code, ordered lists from their start and line breaks', async () => {
    const { container } = render(
      <Markdown text={'> quoted\n\n---\n\n```\ncode()\n```\n\n2. two\n3. three\n\nline one\nline two'} />,
    );
    await waitFor(() => expect(container.querySelector('blockquote')?.textContent).toBe('quoted'));
    expect(container.querySelectorAll('hr')).toHaveLength(1);
    expect(container.querySelector('pre code')?.textContent).toBe('code()');
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('2');
    expect(container.querySelectorAll('ol li')).toHaveLength(2);
    expect(container.querySelector('p:last-child br')).not.toBeNull();
  });

  it('shows an HTML block of the text as text', async () => {
    const { container } = render(<Markdown text={'<script>\nalert(1)\n</script>\n\n<div onclick="x()">hi</div>'} />);
    await waitFor(() => expect(container.textContent).toContain('<script>alert(1)</script>'));
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('div')).toBeNull();
    expect(container.textContent).toContain('<div onclick="x()">hi</div>');
  });
});
