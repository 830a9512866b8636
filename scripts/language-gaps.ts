// What a language still lacks: every catalogue text and every rule's text missing in it (a draft's too), listed.
// (Generators' labels and briefs are checked by `karya validate`.)
// Usage: KARYA_DRAFT_LANGUAGES=1 npx tsx scripts/language-gaps.ts id
import { loadPublishFiles, loadProviders } from '../engine/node.js';
import { catalogueGaps, ensureLanguages, isLang, registryGaps } from '../engine/index.js';
import '../server/index.js';

const lang = process.argv[2];
if (!lang) throw new Error('usage: npx tsx scripts/language-gaps.ts <code>');
await Promise.all([loadPublishFiles(), loadProviders()]);
ensureLanguages();
if (!isLang(lang)) throw new Error(`"${lang}" is not in the language table (a draft needs KARYA_DRAFT_LANGUAGES=1)`);
const gaps = [
  ...catalogueGaps([lang]).map((g) => `${g.catalogue}: ${g.key}`),
  ...registryGaps([lang]).map(
    (g) => `${g.registry} (languages/${lang}/${g.registry.replace(/\s+/g, '-')}.yaml) ${g.rule}: ${g.key}`,
  ),
];
for (const g of gaps) console.log(g);
console.error(`${gaps.length} text(s) missing in ${lang}`);
