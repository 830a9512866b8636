// Where a JSON line breaks (cli/batch/json-line.ts): the column and the character a writer would look for, or none
// when the line ends early; a valid line has none.
import { describe, expect, it } from 'vitest';
import { jsonBreak } from '../../cli/batch/json-line.js';

describe('jsonBreak', () => {
  it.each([
    ['{rosak: is not JSON}', { column: 2, found: 'r' }],
    ['{"generator": romance}', { column: 15, found: 'r' }],
    ['{"a": 1,}', { column: 9, found: '}' }],
    ['{"a": 1} x', { column: 10, found: 'x' }],
    ['{"a": [1, 2}', { column: 12, found: '}' }],
    ['{"a": "b\\q"}', { column: 9, found: '\\' }],
    ['{"judul": "Hujan", "bab": 0x3}', { column: 28, found: 'x' }],
    ['{"a": 1', { column: 8 }],
    ['{"a": "tidak ditutup', { column: 21 }],
  ])('%s breaks at %o', (text, at) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonBreak(text)).toEqual(at);
  });

  it('a valid line has no break', () => {
    for (const text of ['{"a": [1, -2.5e3, true, null, {"b": "\\u00e9\\n"}]}', ' {} ', '"x"'])
      expect(jsonBreak(text)).toBeUndefined();
  });
});
