// The contract's languages are the table's: a code the table has passes, any other is refused naming the codes
// there are (the studio and the API show that message), and a text by language keeps every code it is given.
import { describe, expect, it } from 'vitest';
import { LangSchema } from '../../engine/contract/index.js';
import { langs } from '../../engine/languages/index.js';

describe('LangSchema', () => {
  it("takes every language of the table and refuses another, naming the table's languages", () => {
    for (const code of langs()) expect(LangSchema.parse(code)).toBe(code);
    expect(langs()).toEqual(expect.arrayContaining(['en', 'ms']));
    const refused = LangSchema.safeParse('xx');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(`"xx" is not one of ${langs().join(', ')}`);
    expect(LangSchema.safeParse(7).success).toBe(false);
  });
});
