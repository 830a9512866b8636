// Seeding a browser test's starting point the way a writer's earlier session would have left it: over the server's
// HTTP API, with the calls the studio itself makes (sign-up, generation steps, the administrator's credit grant), so
// a test whose point is a kept draft, a sticky button or a paywall label starts from a saved book instead of clicking
// through generation first. Every tests/e2e file may use it (the browser files that walk the generation flow by hand
// keep doing so where the walk is what they check).
import type { Page } from 'playwright-core';
import { grantCredits } from './model-helpers.js';

/** A writer signed up over the API: their session cookie, for requests and for a browser context. */
export interface Writer {
  base: string;
  email: string;
  password: string;
  /** The session cookie's value (karya_session: the server runs on http, so without the `__Host-` prefix). */
  session: string;
}

const SESSION_COOKIE = 'karya_session';

async function ok(res: Response, what: string): Promise<Response> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** Sign up as the studio's sign-up page does (e-mail, password, the studio's language); the writer is signed in. */
export async function signUpWriter(
  base: string,
  email: string,
  opts: { password?: string; lang?: string } = {},
): Promise<Writer> {
  const password = opts.password ?? 'secret12';
  const sent = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, lang: opts.lang ?? 'en' }),
  });
  return { base, email, password, session: sessionOf(await ok(sent, `signing up ${email}`), email) };
}

function sessionOf(res: Response, email: string): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`${email}'s session: the answer set no ${SESSION_COOKIE} cookie`);
  return cookie.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
}

/** A session of a writer who has an account, signed in over the API as the sign-in page does. */
export async function signInWriter(base: string, email: string, password = 'secret12'): Promise<Writer> {
  const sent = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { base, email, password, session: sessionOf(await ok(sent, `signing in ${email}`), email) };
}

/**
 * A request to the server's API as the signed-in writer (`path` under /api); a `body` is sent as JSON, or as it is
 * (bytes, a string) when its `type` is given. Throws with the answer's status and text unless it is 2xx.
 */
export async function asWriter(
  writer: Writer,
  path: string,
  init: { method?: string; body?: unknown; type?: string } = {},
): Promise<Response> {
  const { body } = init;
  const sent =
    init.type === undefined
      ? JSON.stringify(body)
      : typeof body === 'string'
        ? body
        : body instanceof Uint8Array
          ? Buffer.from(body)
          : JSON.stringify(body);
  const method = init.method ?? (body === undefined ? 'GET' : 'POST');
  const res = await fetch(`${writer.base}/api${path}`, {
    method,
    headers: { 'content-type': init.type ?? 'application/json', cookie: `${SESSION_COOKIE}=${writer.session}` },
    ...(body === undefined ? {} : { body: sent }),
  });
  return ok(res, `${method} /api${path} as ${writer.email}`);
}

/**
 * Every step of a book in `generatorId`, one after the other as writeSteps sends them, until the book says none is
 * next.
 */
export async function writeBook(
  writer: Writer,
  generatorId: string,
  settings: Record<string, unknown> = {},
): Promise<void> {
  for (let n = 1; n <= 60; n++) {
    const done = (await (
      await asWriter(writer, `/generators/${generatorId}/generate`, { body: { settings } })
    ).json()) as { next: unknown };
    if (done.next === null) return;
  }
  throw new Error(`${generatorId}: 60 steps and the book is not finished`);
}

/**
 * The next `steps` steps of the writer's book in `generatorId` (outline, introduction, chapters … in the book's order),
 * each a POST to the generate route as the studio's Generate button sends it (the form's `settings`; the server fills
 * what is left out with the form's defaults), answered as JSON rather than a stream. Charged as any step is.
 */
export async function writeSteps(
  writer: Writer,
  generatorId: string,
  steps: number,
  settings: Record<string, unknown> = {},
): Promise<void> {
  for (let n = 1; n <= steps; n++)
    await asWriter(writer, `/generators/${generatorId}/generate`, { body: { settings } });
}

/**
 * The writer's credits set as the administrator sets them (model-helpers' grantCredits: the admin signs in with the
 * writer's password).
 */
export async function setCredits(writer: Writer, adminEmail: string, credits: number): Promise<void> {
  await grantCredits(writer.base, { email: adminEmail, password: writer.password }, writer.email, credits);
}

/** The page's browser context signed in as the writer (their session cookie, as the sign-up answer set it). */
export async function signInPage(page: Page, writer: Writer): Promise<void> {
  await page
    .context()
    .addCookies([{ name: SESSION_COOKIE, value: writer.session, url: writer.base, httpOnly: true, sameSite: 'Lax' }]);
}

/** A writer signed up over the API with their book's first `steps` steps written, and `page` signed in as them. */
export async function seededWriter(
  page: Page,
  input: { base: string; email: string; generatorId: string; steps: number; settings?: Record<string, unknown> },
): Promise<Writer> {
  const writer = await signUpWriter(input.base, input.email);
  await writeSteps(writer, input.generatorId, input.steps, input.settings);
  await signInPage(page, writer);
  return writer;
}
