// The disk cache of the resolved catalog returns exactly what a fresh build returns, and any change to a
// generator, the shared file or a template gives a different key.
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../engine/index.js';
import { cacheKey, loadCatalog, readSources } from '../../engine/node/load.js';

describe('catalog disk cache', () => {
  it('a cache hit equals a fresh build', () => {
    const fresh = buildCatalog(readSources()).specs;
    loadCatalog({ fresh: true, useDiskCache: true });
    const fromCache = loadCatalog({ fresh: true, useDiskCache: true });
    expect(JSON.parse(JSON.stringify(fromCache.specs))).toEqual(JSON.parse(JSON.stringify(fresh)));
    expect(Object.isFrozen(fromCache.specs[0]!.fields)).toBe(true);
  });
  it('the key changes with any generator, shared or template text', () => {
    const s = readSources();
    const key = cacheKey(s);
    const first = Object.keys(s.generators)[0]!;
    expect(cacheKey({ ...s, generators: { ...s.generators, [first]: s.generators[first] + '\n# edit' } })).not.toBe(key);
    expect(cacheKey({ ...s, shared: { ...s.shared, text: s.shared.text + '\n# edit' } })).not.toBe(key);
    expect(cacheKey({ ...s, templates: { ...s.templates, system: 'x' } })).not.toBe(key);
    expect(cacheKey(readSources())).toBe(key);
  });
});
