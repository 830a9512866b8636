// The studio's client typed from the contract: routes become URLs, calls send what the contract types
// and answer its responses; and the contract stays importable in a browser (zod and engine files only).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { FormModel } from '../../studio/src/engine.js';
import type {
  CreditsGrantedResponse,
  GeneratorForm,
  HistoryItem,
  HistoryListItem,
  Profile,
  RequestOf,
  ResponseOf,
} from '../../engine/contract/index.js';
import { ROOT } from '../../engine/node/load.js';
import { ApiError, call, routeUrl } from '../../studio/src/lib/api.js';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('routeUrl', () => {
  it.each([
    ['GET /me', {}, ['GET', '/me']],
    ['DELETE /history/:id', { params: { id: 7 } }, ['DELETE', '/history/7']],
    ['PATCH /admin/users/:id', { params: { id: 'a/b c' } }, ['PATCH', '/admin/users/a%2Fb%20c']],
    ['POST /admin/deployments/:id/rollback', { params: { id: 3 } }, ['POST', '/admin/deployments/3/rollback']],
    [
      'GET /history',
      { query: { limit: 200, search: 'raja & ratu', type: undefined, offset: '' } },
      ['GET', '/history?limit=200&search=raja+%26+ratu'],
    ],
  ] as const)('%s', (route, input, expected) => {
    expect(routeUrl(route, input)).toEqual(expected);
  });
});

describe('call', () => {
  it('sends the method, path and JSON body of the route and answers the JSON', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    const answer: CreditsGrantedResponse = {
      message: 'Credit code redeemed successfully!',
      credits_awarded: 5,
      credits_available: 15,
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await expect(call('POST /credits/redeem', { body: { code: 'ABC' } })).resolves.toEqual(answer);
    expect(seen[0]!.url).toBe('/api/credits/redeem');
    expect(seen[0]!.init).toMatchObject({ method: 'POST', body: '{"code":"ABC"}' });
  });

  it('throws the error envelope as ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ error: { code: 'unauthenticated', message: 'User not authenticated' } }), {
          status: 401,
        }),
    );
    await expect(call('GET /me')).rejects.toMatchObject(new ApiError(401, 'unauthenticated', 'User not authenticated'));
  });

  it('is typed from the contract', () => {
    expectTypeOf<ResponseOf<'GET /me'>>().toEqualTypeOf<Profile>();
    expectTypeOf<ResponseOf<'GET /history'>['items'][number]>().toEqualTypeOf<HistoryListItem>();
    expectTypeOf<ResponseOf<'GET /history/:id'>>().toEqualTypeOf<HistoryItem>();
    expectTypeOf<ResponseOf<'GET /generators/:id'>>().toEqualTypeOf<GeneratorForm>();
    expectTypeOf<GeneratorForm>().toEqualTypeOf<FormModel>();
    expectTypeOf<RequestOf<'PATCH /me'>>().toEqualTypeOf<{ body: { name?: string; bio?: string } }>();
    expectTypeOf<RequestOf<'DELETE /history/:id'>>().toEqualTypeOf<{ params: { id: number | string } }>();
    expectTypeOf(call<'GET /me'>).parameters.toEqualTypeOf<[route: 'GET /me', input?: { signal?: AbortSignal }]>();
  });
});

// zod, marked: the engine's one Markdown reader (engine/markdown.ts, a heading's plain line), which the studio
// already ships for its preview (studio/src/components/Markdown.tsx), @noble/hashes' pure SHA-256 (the text
// hash an edit names the part by, engine/text-hash.ts), and entities, the one decoder of character references
// (engine/markup.ts), which the Markdown reader uses; all pure JavaScript a browser runs.
const BROWSER_PACKAGES = new Set(['zod', 'marked', '@noble/hashes', 'entities']);
const packageOf = (spec: string) =>
  (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');

describe('the contract in the browser', () => {
  it('imports only zod, marked, @noble/hashes, entities and pure engine files, never Node or the server', () => {
    const seen = new Set<string>();
    const outside: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const [, spec] of source.matchAll(/^(?:import|export)\s[^'"]*?from\s+'([^']+)'/gm)) {
        if (spec!.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec!.replace(/\.js$/, '.ts'));
          if (!target.startsWith(path.join(ROOT, 'engine') + path.sep) || target.includes(`${path.sep}node${path.sep}`))
            outside.push(`${path.relative(ROOT, file)} → ${spec}`);
          else visit(target);
        } else if (!BROWSER_PACKAGES.has(packageOf(spec!))) outside.push(`${path.relative(ROOT, file)} → ${spec}`);
      }
    };
    visit(path.join(ROOT, 'engine', 'contract', 'index.ts'));
    expect(outside).toEqual([]);
    expect(seen.size).toBeGreaterThan(5);
  });
});
