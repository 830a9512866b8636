// The admin page's credit codes: make a code (its own text or a generated one, 1 to 10,000 credits, an
// optional expiry in the future and an optional cap on redemptions), and the codes made so far with
// their claims, expiry and a confirmed Deactivate.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Plus, Ticket } from 'lucide-react';
import type { CreditCode } from '../../engine.js';
import { ApiError, call } from '../../lib/api.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { useT } from '../../i18n/index.js';
import { MakeAndList, useConfirmedAction, useServerList } from './lists.js';
import { when } from './Section.js';
import { Field } from './Field.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

/** The word for a code's expiry: expired once its date has passed, else the date it expires on. */
const expiryWord = (at: string) => (Date.parse(at) <= Date.now() ? 'admin.expired' : 'admin.expiresOn');

const fetchCodes = () => call('GET /admin/credit-codes').then((r) => r.codes);
const deactivateCode = (c: CreditCode) => call('DELETE /admin/credit-codes/:id', { params: { id: c.id } });

type T = ReturnType<typeof useT>['t'];
type CodeBody = { credits: number; code?: string; expires_at?: string; max_redemptions?: number };

/** The form's values checked as the server will (the first problem found, in words), else the request's body. */
function readCodeForm(
  form: { code: string; credits: string; expires: string; cap: string },
  t: T,
): { problem: string } | { body: CodeBody } {
  const n = Number(form.credits);
  const wanted = form.code.trim().toUpperCase();
  const capValue = form.cap.trim() ? Number(form.cap) : undefined;
  const expiresAt = form.expires ? new Date(form.expires) : undefined;
  const problem =
    !Number.isInteger(n) || n < 1 || n > 10000
      ? t('admin.invalidAmount')
      : wanted && !/^[A-Z0-9_-]{8,40}$/.test(wanted)
        ? t('admin.codeFormat')
        : capValue !== undefined && (!Number.isInteger(capValue) || capValue < 1 || capValue > 1_000_000)
          ? t('admin.capRange')
          : expiresAt && !(expiresAt.getTime() > Date.now())
            ? t('admin.expiryFuture')
            : null;
  if (problem) return { problem };
  return {
    body: {
      credits: n,
      ...(wanted ? { code: wanted } : {}),
      ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}),
      ...(capValue !== undefined ? { max_redemptions: capValue } : {}),
    },
  };
}

/** Why a code was not made: the server's words for what it refused (each field's), else the studio's. */
function failureOf(err: unknown, t: T): string {
  if (!(err instanceof ApiError) || err.status >= 500) return t('admin.codeCreateFailed');
  return err.fields ? Object.values(err.fields).join('; ') : err.message;
}

/** The form that makes a code; `onMade` reloads the list. */
function CodeForm({ onMade }: { onMade(): void }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [credits, setCredits] = useState('100');
  const [expires, setExpires] = useState('');
  const [cap, setCap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const read = readCodeForm({ code, credits, expires, cap }, t);
    if ('problem' in read) {
      setError(read.problem);
      return;
    }
    setError(null);
    try {
      const r = await call('POST /admin/credit-codes', { body: read.body });
      if (r) toast.success(t('admin.codeCreated'));
      setCode('');
      setExpires('');
      setCap('');
      onMade();
    } catch (err) {
      const message = failureOf(err, t);
      setError(message);
      toast.error(message);
    }
  };
  return (
    <>
      <form onSubmit={create} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <Field id={`${id}-code`} label={t('admin.codeLabel')} className="lg:col-span-2">
          <input
            id={`${id}-code`}
            className="input font-mono uppercase"
            maxLength={40}
            value={code}
            onChange={(e) => setCode(e.target.value.toUpperCase())}
          />
        </Field>
        <Field id={`${id}-credits`} label={t('admin.credits')}>
          <input
            id={`${id}-credits`}
            type="number"
            min={1}
            max={10000}
            className="input"
            value={credits}
            onChange={(e) => setCredits(e.target.value)}
          />
        </Field>
        <Field id={`${id}-expires`} label={t('admin.expires')}>
          <input
            id={`${id}-expires`}
            type="datetime-local"
            className="input"
            value={expires}
            onChange={(e) => setExpires(e.target.value)}
          />
        </Field>
        <Field id={`${id}-cap`} label={t('admin.maxRedemptions')}>
          <input
            id={`${id}-cap`}
            type="number"
            min={1}
            className="input"
            value={cap}
            onChange={(e) => setCap(e.target.value)}
          />
        </Field>
        <button type="submit" className="btn-primary sm:col-span-2 lg:col-span-5 lg:justify-self-start">
          <Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.createCode')}
        </button>
      </form>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** One code: its text, credits, claims (of its cap), expiry and whether it is active, with Deactivate while it is. */
function CodeItem({ code: c, onDeactivate }: { code: CreditCode; onDeactivate(): void }) {
  const { t, lang } = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span className="font-mono font-semibold">{c.code}</span>
      <span className="flex flex-wrap items-center gap-2 text-gray-600 dark:text-gray-400">
        {t('admin.linkCredits', { n: c.credits })} ·{' '}
        {c.max_redemptions !== null
          ? t('admin.claimsOf', { n: c.claims, max: c.max_redemptions })
          : t('admin.claimCount', { n: c.claims })}
        {c.expires_at ? ` · ${t(expiryWord(c.expires_at), { date: when(c.expires_at, lang) })}` : ''}
        {c.is_active ? '' : ` · ${t('admin.codeInactive')}`}
        {c.is_active && (
          <button
            type="button"
            className="btn-ghost px-2 py-1 text-red-600 dark:text-red-400"
            aria-label={t('admin.deactivateNamed', { name: c.code })}
            onClick={onDeactivate}
          >
            {t('admin.deactivate')}
          </button>
        )}
      </span>
    </li>
  );
}

export function CreditCodes() {
  const { t } = useT();
  const codes = useServerList(fetchCodes);
  const deactivate = useConfirmedAction(
    deactivateCode,
    'admin.codeDeactivated',
    'admin.codeDeactivateFailed',
    codes.reload,
  );
  const words = { failed: t('state.loadFailed'), loading: t('admin.codesLoading'), empty: t('admin.noCodes') };
  return (
    <MakeAndList
      title={t('admin.codesTitle')}
      icon={Ticket}
      form={<CodeForm onMade={codes.reload} />}
      gap="mt-4"
      list={codes}
      words={words}
      className="divide-y divide-gray-100 text-sm dark:divide-neutral-800"
      testId="credit-codes"
      item={(c) => <CodeItem key={c.id} code={c} onDeactivate={() => deactivate.ask(c)} />}
    >
      <ConfirmDialog
        {...deactivate.dialog}
        title={t('admin.deactivateTitle')}
        message={t('admin.deactivateBody', { code: deactivate.pending?.code ?? '' })}
        confirmLabel={t('admin.deactivate')}
        isDanger
      />
    </MakeAndList>
  );
}
