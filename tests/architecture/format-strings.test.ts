// The formatter's string step (scripts/format-strings.ts): a long literal becomes a concatenation of the same text,
// cut at its spaces, only where the concatenation means what the literal meant; formatting twice changes nothing.
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { breakStrings } from '../../scripts/format-strings.js';
import { longLinesIn } from '../../scripts/long-lines.js';

const OPTIONS = { printWidth: 120, singleQuote: true, parser: 'typescript' };
const format = (text: string) => prettier.format(text, OPTIONS);
const step = async (code: string) => breakStrings('a.ts', await format(code), format);
const words = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ['harbour', 'lantern', 'morning', 'fisher'][(i + from) % 4]).join(' ');

/** The value of the last expression statement's `v` in `code`, run as JavaScript (the type-only parts removed). */
async function valueOf(code: string): Promise<unknown> {
  const js = code.replace(/: string/g, '');
  return new Function(`${js}; return v;`)();
}

describe('long strings cut by the formatter', () => {
  it('cuts a long string at its spaces into parts that fit, whose concatenation is the same text', async () => {
    const text = words(40);
    const code = `const v: string = '${text}';\n`;
    const out = await step(code);
    expect(longLinesIn(out)).toBe(0);
    expect(out).toContain("' +\n");
    expect(await valueOf(out)).toBe(text);
  });

  it('gives a test name that fits alone but not beside its function lines of its own, the name unchanged', async () => {
    const name = words(14);
    const out = await step(`it('${name}', async () => {\n  expect(1).toBe(1);\n});\n`);
    expect(longLinesIn(out)).toBe(0);
    const it = (n: string) => n;
    expect(new Function('it', 'expect', `return ${out.trim().replace(/;$/, '')}`)(it, () => ({ toBe() {} }))).toBe(
      name,
    );
  });

  it("cuts a template literal only in its text, never inside a ${}, and keeps each part's substitutions", async () => {
    const code = `const x = 7;\nconst v = \`${words(12)} \${x + 1} ${words(12, 1)} \${'a b c'} ${words(8, 2)}\`;\n`;
    const out = await step(code);
    expect(longLinesIn(out)).toBe(0);
    expect(out).toContain('${x + 1}');
    expect(out).toContain("${'a b c'}");
    const x = 7;
    expect(await valueOf(out)).toBe(`${words(12)} ${x + 1} ${words(12, 1)} a b c ${words(8, 2)}`);
  });

  it(
    'never cuts off a part that is only whitespace: a ' + 'table row led by spaces keeps them with its first cell',
    async () => {
      const cells = ['model', 'lang', 'ch', 'caught/planted', 'false alarms', 'threads resolved'];
      const row = `\`  ${cells.map((c, i) => `\${'${c}'.padEnd(${9 + i})}`).join(' ')}  findings by kind\``;
      for (const code of [`console.log(${row});\n`, `const v = ${row};\n`]) {
        const out = await step(code);
        expect(out, code).toContain('` +');
        expect(out, code).not.toMatch(/`\s*`\s*\+|\+\s*`\s*`/);
        expect(out, code).toContain("`  ${'model'.padEnd(9)}");
        if (code.startsWith('const')) expect(await valueOf(out)).toBe(await valueOf(code));
      }
    },
  );

  it('keeps the meaning where the literal is an operand: a member call, a comparison, a sum', async () => {
    const text = words(30);
    const code = `const n = 1;\nconst v = ['${text}'.length, n + '${text}', '${text}' === '${text}' ? 1 : 0];\n`;
    expect(await valueOf(await step(code))).toEqual([text.length, `1${text}`, 1]);
  });

  it('never cuts an escape: a long string of escapes and quotes comes back the same', async () => {
    const text = `${words(10)} \\\\ ${words(10)}\\n${words(6)} \\' "quoted" \\u00e9 ${words(8)}`;
    const code = `const v = '${text}';\n`;
    expect(await valueOf(await step(code))).toBe(await valueOf(code));
  });

  it('leaves what must stay one literal: types, keys, case labels, tagged templates, modules, as const', async () => {
    const long = words(24);
    const kept = [
      `type T = '${long}';`,
      `const o = { '${long}': 1 };`,
      `switch (o) {\n  case '${long}':\n    break;\n}`,
      `const t = tag\`${long}\`;`,
      `import x from '${long}';`,
      `const c = '${long}' as const;`,
      `const r = /${long}/;`,
    ];
    for (const code of kept) {
      const pretty = await format(code);
      expect(await breakStrings('a.ts', pretty, format), code).toBe(pretty);
    }
  });

  it('is a fixed point: the step over its own output changes nothing', async () => {
    const code =
      `describe('${words(20)}', () => {\n  it('${words(20)}', () ` +
      `=> {\n    throw new Error(\`${words(30)}\`);\n  });\n});\n`;
    const once = await step(code);
    expect(await breakStrings('a.ts', once, format)).toBe(once);
    expect(await format(once)).toBe(once);
  });
});
