import { loadCatalog } from './engine/node.js';
import { BookSession, parseSettings, judgeAnswer, findLanguageDrift, answerText } from './engine/index.js';
import { createOfflineProvider } from './engine/providers/offline.js';
const catalog = loadCatalog({});
for (const id of ['cookbook', 'pet-care']) {
  const spec = catalog.get(id)!;
  const offline = createOfflineProvider();
  const provider = { ...offline, generateText: async (r: any) => { const res = await offline.generateText(r); 
     const t = answerText(res.text); const d = findLanguageDrift(t, 'ms'); if (d && r.meta?.stepKind==='memory') console.log(id, 'DRIFT', d, t.slice(0,600));
     return res; } };
  const session = await BookSession.open({ spec, renderer: catalog.renderer, provider, store: { load: async () => null, saveStep: async () => undefined, saveMemory: async () => undefined } as any, key: 'x', settings: parseSettings(spec, { language: 'ms' }), onFinished: 'restart' });
  try {
  for (let step = session.next(); step; step = session.next()) { await session.advance(); await session.remember(); }
  } catch (e) { console.log(id, 'ERR', (e as Error).message); }
}
