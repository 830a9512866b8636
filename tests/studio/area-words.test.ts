// An area's words load with the code that shows them (studio/src/i18n/catalogue.ts studioEntry): `translate` finds a
// key only once its area's module (i18n/<area>.ts) is loaded, and only the areas of i18n/shared.ts load with it. So a
// studio file that names a key of any other area imports that area's module itself: then its words are there before
// its code runs, in every chunk the build puts it in. Read from the sources: each key a file names, whole
// ('admin.title') or by its start (`storyMap.mark.${m}`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const I18N = path.resolve(import.meta.dirname, '..', '..', 'studio', 'src', 'i18n');
const SRC = path.dirname(I18N);

/** Each catalogue key, by the area module that registers it (`admin` for i18n/admin.ts). */
async function keysByArea(): Promise<Map<string, string>> {
  const byKey = new Map<string, string>();
  for (const file of readdirSync(I18N).filter((f) => f.endsWith('.ts') && f !== 'catalogue.ts')) {
    if (!/\bstudioCatalogue\(/.test(readFileSync(path.join(I18N, file), 'utf8'))) continue;
    const area = file.replace(/\.ts$/, '');
    const mod = (await import(path.join(I18N, file))) as Record<string, unknown>;
    for (const table of Object.values(mod))
      if (table && typeof table === 'object' && !Array.isArray(table))
        for (const key of Object.keys(table)) if (key.includes('.')) byKey.set(key, area);
  }
  return byKey;
}

/** The area modules a file imports (`import '../i18n/admin.js'`, `import { X } from './i18n/guide.js'`). */
const imported = (code: string): Set<string> =>
  new Set(
    [...code.matchAll(/from\s+'[./]*(?:\.\.\/)*i18n\/([\w-]+)\.js'|import\s+'[./]*i18n\/([\w-]+)\.js'/g)].map(
      (m) => (m[1] ?? m[2])!,
    ),
  );

describe("an area's words load with the code that shows them", () => {
  it('every key a studio file names is of a shared area or of one the file imports', async () => {
    const byKey = await keysByArea();
    const shared = imported(
      readFileSync(path.join(I18N, 'shared.ts'), 'utf8').replace(/import '\.\//g, "import 'i18n/"),
    );
    expect(shared.size).toBeGreaterThan(0);
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (f) => /\.tsx?$/.test(f) && !f.startsWith(`i18n${path.sep}`),
    );
    const lacking: string[] = [];
    let named = 0;
    for (const file of files) {
      const code = readFileSync(path.join(SRC, file), 'utf8');
      const own = imported(code);
      const areas = new Set<string>();
      for (const [, key] of code.matchAll(/['"`]([\w]+\.[\w.]+)['"`]/g)) {
        const area = byKey.get(key!);
        if (area) areas.add(area);
      }
      for (const [, start] of code.matchAll(/`([\w]+\.[\w.]*)\$\{/g))
        for (const [key, area] of byKey) if (key.startsWith(start!)) areas.add(area);
      named += areas.size;
      for (const area of areas)
        if (!shared.has(area) && !own.has(area)) lacking.push(`studio/src/${file}: i18n/${area}.ts`);
    }
    expect(named).toBeGreaterThan(50);
    expect(lacking).toEqual([]);
  });
});
