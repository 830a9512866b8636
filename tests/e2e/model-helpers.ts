// Test helpers of the e2e files that need no browser: the administrator's credit grant over the API, and the fake
// models the files start (helpers.ts re-exports them, so every file imports its helpers from one place).
import { startFakeOpenAI, userMessageOf, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';

/**
 * Set a user's credits as the administrator does, over the API: signs the administrator in (or up, on a
 * fresh server) with `password`, finds the user by e-mail and sets the balance.
 */
export async function grantCredits(
  base: string,
  admin: { email: string; password: string },
  email: string,
  credits: number,
): Promise<void> {
  const send = (path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    fetch(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  let signedIn = await send('/auth/sign-in/email', {
    method: 'POST',
    body: { email: admin.email, password: admin.password },
  });
  if (signedIn.status === 401)
    signedIn = await send('/auth/sign-up/email', {
      method: 'POST',
      body: { email: admin.email, password: admin.password },
    });
  if (!signedIn.ok) throw new Error(`the administrator could not sign in: ${signedIn.status} ${await signedIn.text()}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .find((c) => c.startsWith('karya_session='))!
    .split(';')[0]!;
  const { users } = (await (await send('/admin/users', { cookie })).json()) as {
    users: Array<{ id: string; email: string }>;
  };
  const user = users.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const set = await send(`/admin/users/${user.id}`, { method: 'PATCH', body: { credits }, cookie });
  if (!set.ok) throw new Error(`setting credits failed: ${set.status} ${await set.text()}`);
}

/**
 * A fake model writing the romance "The Lantern Shop": an outline with a `PLAN-n` line per chapter (as
 * many chapters as asked), a one-line story bible, and `prose` for any part.
 */
export function lanternShop(prose: string): (body: Record<string, unknown>) => string {
  return (body) => {
    const user = userMessageOf(body);
    if (/^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user)) {
      const n = Number(/Chapter 1 to Chapter (\d+)/.exec(user)?.[1] ?? 7);
      return ['Title: The Lantern Shop', '', "Premise: Aisha reopens her late father's lantern shop.", '']
        .concat(
          Array.from(
            { length: n },
            (_, k) => `Chapter ${k + 1}: Lantern ${k + 1}\nPLAN-${k + 1} Aisha mends lantern number ${k + 1}.\n`,
          ),
          ['Ending: Aisha lights every lantern.'],
        )
        .join('\n');
    }
    if (/^Update the story bible/.test(user)) return '## Characters\n- Aisha | shopkeeper | hopeful | now';
    return prose;
  };
}

/**
 * A suite's fake AI API (tests/fake-openai.ts): `serve` starts it and gives `karya serve` its address
 * (with `env` added), `fake` is the running one, `close` stops it (call it in afterAll).
 */
export function fakeModel(options: FakeOpenAIOptions, env: NodeJS.ProcessEnv = {}) {
  let running: FakeOpenAI | undefined;
  return {
    // What describeInChromium's `serve` answers (helpers.ts's KaryaOptions: the server's environment).
    serve: async (): Promise<{ env: NodeJS.ProcessEnv }> => {
      running = await startFakeOpenAI(options);
      return { env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: running.baseURL, ...env } };
    },
    get fake(): FakeOpenAI {
      if (!running) throw new Error('the fake model is not started');
      return running;
    },
    close: async () => running?.close(),
  };
}
