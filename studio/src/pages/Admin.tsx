// /admin: AI configuration, credit URL generator (and credit codes), claims history, deployment history
// with Roll back (never on the running version), and user management refreshed live from the server's
// event stream (a role change is confirmed first: it resets the credits; on a phone each user is a card
// with its actions in view). The server allows all of it to the administrator only; this page mirrors
// its answers. Texts in the studio language.
import { LoadError, useRefetchOnOnline } from '../components/LoadError.js';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Bot, Copy, History, Link2, Plus, RotateCcw, Ticket, Trash2, Users } from 'lucide-react';
import type { AIConfigResponse, AssignableRole, ClaimsResponse, CreditCode, CreditLink, Deployment, Profile } from '../engine.js';
import { ASSIGNABLE_ROLES, ROLE_CREDITS } from '../engine.js';
import { ApiError, call, openEvents } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { ConfirmDialog, Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';
import { useT, type MessageKey } from '../i18n/index.js';
import type { Lang } from '../engine.js';

const PRESETS = [300, 500, 1000] as const;
const ROLE_NAMES: Record<Profile['role'], MessageKey> = { free: 'admin.roleFree', pro: 'admin.rolePro', business: 'admin.roleBusiness', admin: 'admin.roleAdmin' };
const when = (iso: string, lang: Lang) => new Date(iso).toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
/** A preset or tab label: a visible ring when its (visually hidden) radio has keyboard focus. */
const FOCUS_WITHIN = 'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 has-[input:focus-visible]:ring-offset-2 dark:has-[input:focus-visible]:ring-offset-neutral-900';

function Section({ title, icon: Icon, children, action }: { title: string; icon: typeof Bot; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section className="card min-w-0 p-5" aria-labelledby={id}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold"><Icon className="h-5 w-5 text-brand-600" aria-hidden="true" /> {title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

// ---------------------------------------------------------------- AI configuration

function AIConfiguration() {
  const { t, lang } = useT();
  const [config, setConfig] = useState<AIConfigResponse | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    call('GET /admin/ai-config').then(setConfig, () => setHasFailed(true));
  }, []);
  const toggleAzure = async (useAzure: boolean) => {
    try {
      const r = await call('PUT /admin/ai-config', { body: { useAzure } });
      setConfig(r);
      toast.success(t('admin.aiUpdated'));
    } catch (e) {
      toast.error(e instanceof ApiError && e.status < 500 && e.status !== 0 ? e.message : t('admin.aiUpdateFailed'));
    }
  };
  return (
    <Section title={t('admin.aiTitle')} icon={Bot}>
      {hasFailed ? (
        <p className="error-box">{t('admin.aiLoadFailed')}</p>
      ) : !config ? (
        <Spinner label={t('admin.aiLoading')} />
      ) : (
        <div className="space-y-3 text-sm">
          <p>{t('admin.activeService')} <strong data-testid="ai-active">{config.active === 'offline' ? t('admin.offlineWriter') : t('admin.cloudService')}</strong></p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-neutral-800 dark:border-neutral-700">
            {config.configs.map((c) => (
              <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{c.name === 'offline' ? t('admin.offlineDemo') : t('admin.cloudService')}</span>{' '}
                  <span className="text-gray-600 dark:text-gray-400">· {c.name === 'offline' ? t('admin.noKeyNeeded') : c.has_key ? t('admin.keyConfigured') : t('admin.noKey')}</span>
                  {c.context_tokens !== null && <span className="text-gray-600 dark:text-gray-400" data-testid="ai-context"> · {t('admin.contextWindow', { n: c.context_tokens.toLocaleString(lang === 'ms' ? 'ms-MY' : 'en-US') })}</span>}
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400'}`}>
                  {c.is_active ? t('admin.active') : t('admin.inactive')}
                </span>
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4 rounded border-gray-300" checked={config.openai_config.useAzure} onChange={(e) => void toggleAzure(e.target.checked)} />
            {t('admin.useAzure')}
          </label>
          <p className="text-xs text-gray-600 dark:text-gray-400">{t('admin.keysStay')}</p>
        </div>
      )}
    </Section>
  );
}

// ---------------------------------------------------------------- credit links and codes

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function CreditLinks({ onChange }: { onChange(): void }) {
  const { t, lang } = useT();
  const [links, setLinks] = useState<CreditLink[] | null>(null);
  const [preset, setPreset] = useState<number | 'custom'>(300);
  const [custom, setCustom] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [toDelete, setToDelete] = useState<CreditLink | null>(null);
  const id = useId();
  const [loadError, setLoadError] = useState<unknown>(null);
  const load = useCallback(() => {
    setLoadError(null);
    call('GET /admin/credit-links').then((r) => setLinks(r.links), setLoadError);
  }, []);
  useEffect(load, [load]);
  useRefetchOnOnline(load, loadError !== null);

  const generate = async (e: FormEvent) => {
    e.preventDefault();
    const credits = preset === 'custom' ? Number(custom) : preset;
    if (!Number.isInteger(credits) || credits < 1 || credits > 10000) {
      setError(t('admin.invalidAmount'));
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const r = await call('POST /admin/credit-links', { body: { credits, ...(description.trim() ? { description: description.trim() } : {}) } });
      if (r) toast.success(t('admin.linkCreated'));
      setDescription('');
      load();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 400 ? err.message : t('admin.linkCreateFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  const remove = async (link: CreditLink) => {
    setToDelete(null);
    try {
      await call('DELETE /admin/credit-links/:id', { params: { id: link.id } });
      toast.success(t('admin.linkDeleted'));
      load();
      onChange();
    } catch {
      toast.error(t('admin.linkDeleteFailed'));
    }
  };

  return (
    <Section title={t('admin.linksTitle')} icon={Link2}>
      <form onSubmit={generate} noValidate className="space-y-3">
        <fieldset>
          <legend className="label">{t('admin.credits')}</legend>
          <div className="flex flex-wrap gap-2">
            {PRESETS.map((p) => (
              <label key={p} className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${FOCUS_WITHIN} ${preset === p ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100' : 'border-gray-300 dark:border-neutral-600'}`}>
                <input type="radio" name={`${id}-preset`} className="sr-only" checked={preset === p} onChange={() => setPreset(p)} />
                {t('admin.presetCredits', { n: p })}
              </label>
            ))}
            <label className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${FOCUS_WITHIN} ${preset === 'custom' ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100' : 'border-gray-300 dark:border-neutral-600'}`}>
              <input type="radio" name={`${id}-preset`} className="sr-only" checked={preset === 'custom'} onChange={() => setPreset('custom')} />
              {t('admin.custom')}
            </label>
          </div>
        </fieldset>
        {preset === 'custom' && (
          <div>
            <label htmlFor={`${id}-custom`} className="label">{t('admin.customAmount')}</label>
            <input id={`${id}-custom`} type="number" min={1} max={10000} className="input sm:w-48" value={custom} onChange={(e) => setCustom(e.target.value)} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-desc`} className="label">{t('admin.description')}</label>
          <input id={`${id}-desc`} className="input" maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        {error && <p role="alert" className="field-error">{error}</p>}
        <button type="submit" className="btn-primary" disabled={isBusy}><Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.generateLink')}</button>
      </form>
      <div className="mt-5">
        {loadError !== null ? <LoadError error={loadError} message={t('admin.linksLoadFailed')} onRetry={load} /> : !links ? <Spinner label={t('admin.linksLoading')} /> : links.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('admin.noLinks')}</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-neutral-800" data-testid="credit-links">
            {links.map((l) => (
              <li key={l.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="truncate font-mono text-sm">{l.url}</p>
                  <p className="text-xs text-gray-600 dark:text-gray-400">{t('admin.linkCredits', { n: l.credits })} · {t('admin.claimCount', { n: l.claims })}{l.description ? ` · ${l.description}` : ''} · {when(l.created_at, lang)}</p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="btn-secondary px-3 py-1.5" onClick={async () => (await copyText(l.url)) ? toast.success(t('admin.linkCopied')) : toast.error(t('admin.linkCopyFailed'))}>
                    <Copy className="h-4 w-4" aria-hidden="true" /> {t('admin.copyLink')}
                  </button>
                  <button type="button" className="btn-ghost text-red-600" aria-label={t('admin.deleteNamed', { name: l.token })} onClick={() => setToDelete(l)}><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog isOpen={toDelete !== null} title={t('admin.deleteLinkTitle')} message={t('admin.deleteLinkBody', { url: toDelete?.url ?? '' })} confirmLabel={t('admin.delete')} isDanger onConfirm={() => toDelete && void remove(toDelete)} onCancel={() => setToDelete(null)} />
    </Section>
  );
}

function CreditCodes() {
  const { t, lang } = useT();
  const [codes, setCodes] = useState<CreditCode[] | null>(null);
  const [code, setCode] = useState('');
  const [credits, setCredits] = useState('100');
  const [expires, setExpires] = useState('');
  const [cap, setCap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDeactivate, setToDeactivate] = useState<CreditCode | null>(null);
  const id = useId();
  const [loadError, setLoadError] = useState<unknown>(null);
  const load = useCallback(() => {
    setLoadError(null);
    call('GET /admin/credit-codes').then((r) => setCodes(r.codes), setLoadError);
  }, []);
  useEffect(load, [load]);
  useRefetchOnOnline(load, loadError !== null);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(credits);
    const wanted = code.trim().toUpperCase();
    const capValue = cap.trim() ? Number(cap) : undefined;
    const expiresAt = expires ? new Date(expires) : undefined;
    const problem =
      !Number.isInteger(n) || n < 1 || n > 10000 ? t('admin.invalidAmount')
      : wanted && !/^[A-Z0-9_-]{8,40}$/.test(wanted) ? t('admin.codeFormat')
      : capValue !== undefined && (!Number.isInteger(capValue) || capValue < 1 || capValue > 1_000_000) ? t('admin.capRange')
      : expiresAt && !(expiresAt.getTime() > Date.now()) ? t('admin.expiryFuture')
      : null;
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const r = await call('POST /admin/credit-codes', {
        body: { credits: n, ...(wanted ? { code: wanted } : {}), ...(expiresAt ? { expires_at: expiresAt.toISOString() } : {}), ...(capValue !== undefined ? { max_redemptions: capValue } : {}) },
      });
      if (r) toast.success(t('admin.codeCreated'));
      setCode('');
      setExpires('');
      setCap('');
      load();
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 ? (err.fields ? Object.values(err.fields).join('; ') : err.message) : t('admin.codeCreateFailed');
      setError(message);
      toast.error(message);
    }
  };
  const deactivate = async (c: CreditCode) => {
    setToDeactivate(null);
    try {
      await call('DELETE /admin/credit-codes/:id', { params: { id: c.id } });
      toast.success(t('admin.codeDeactivated'));
      load();
    } catch {
      toast.error(t('admin.codeDeactivateFailed'));
    }
  };
  return (
    <Section title={t('admin.codesTitle')} icon={Ticket}>
      <form onSubmit={create} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div className="lg:col-span-2">
          <label htmlFor={`${id}-code`} className="label">{t('admin.codeLabel')}</label>
          <input id={`${id}-code`} className="input font-mono uppercase" maxLength={40} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        </div>
        <div>
          <label htmlFor={`${id}-credits`} className="label">{t('admin.credits')}</label>
          <input id={`${id}-credits`} type="number" min={1} max={10000} className="input" value={credits} onChange={(e) => setCredits(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-expires`} className="label">{t('admin.expires')}</label>
          <input id={`${id}-expires`} type="datetime-local" className="input" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-cap`} className="label">{t('admin.maxRedemptions')}</label>
          <input id={`${id}-cap`} type="number" min={1} className="input" value={cap} onChange={(e) => setCap(e.target.value)} />
        </div>
        <button type="submit" className="btn-primary sm:col-span-2 lg:col-span-5 lg:justify-self-start"><Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.createCode')}</button>
      </form>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="mt-4">
        {loadError !== null ? <LoadError error={loadError} message={t('state.loadFailed')} onRetry={load} /> : !codes ? <Spinner label={t('admin.codesLoading')} /> : codes.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('admin.noCodes')}</p> : (
          <ul className="divide-y divide-gray-100 text-sm dark:divide-neutral-800" data-testid="credit-codes">
            {codes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-mono font-semibold">{c.code}</span>
                <span className="flex flex-wrap items-center gap-2 text-gray-600 dark:text-gray-400">
                  {t('admin.linkCredits', { n: c.credits })} · {c.max_redemptions !== null ? t('admin.claimsOf', { n: c.claims, max: c.max_redemptions }) : t('admin.claimCount', { n: c.claims })}
                  {c.expires_at ? ` · ${t(Date.parse(c.expires_at) <= Date.now() ? 'admin.expired' : 'admin.expiresOn', { date: when(c.expires_at, lang) })}` : ''}
                  {c.is_active ? '' : ` · ${t('admin.codeInactive')}`}
                  {c.is_active && (
                    <button type="button" className="btn-ghost px-2 py-1 text-red-600" aria-label={t('admin.deactivateNamed', { name: c.code })} onClick={() => setToDeactivate(c)}>{t('admin.deactivate')}</button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog isOpen={toDeactivate !== null} title={t('admin.deactivateTitle')} message={t('admin.deactivateBody', { code: toDeactivate?.code ?? '' })} confirmLabel={t('admin.deactivate')} isDanger onConfirm={() => toDeactivate && void deactivate(toDeactivate)} onCancel={() => setToDeactivate(null)} />
    </Section>
  );
}

// ---------------------------------------------------------------- claims

function ClaimsHistory({ version }: { version: number }) {
  const { t, lang } = useT();
  const [claims, setClaims] = useState<ClaimsResponse | null>(null);
  const [tab, setTab] = useState<'code' | 'link'>('code');
  const [loadError, setLoadError] = useState<unknown>(null);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    setLoadError(null);
    call('GET /admin/claims').then(setClaims, setLoadError);
  }, [version, reload]);
  useRefetchOnOnline(() => setReload((n) => n + 1), loadError !== null);
  const rows = claims ? (tab === 'code' ? claims.code_claims.map((c) => ({ id: c.id, email: c.user_email, what: c.code, credits: c.credits_awarded, at: c.claimed_at })) : claims.link_claims.map((c) => ({ id: c.id, email: c.user_email, what: c.token, credits: c.credits_awarded, at: c.claimed_at }))) : [];
  const tabClass = (isActive: boolean) => `rounded-t-md border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700 dark:text-brand-100' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400'}`;
  return (
    <Section title={t('admin.claimsTitle')} icon={History}>
      <div role="tablist" aria-label={t('admin.claimsTabs')} className="flex gap-2 border-b border-gray-200 dark:border-neutral-700">
        <button type="button" role="tab" id="tab-code" aria-controls="panel-claims" aria-selected={tab === 'code'} className={tabClass(tab === 'code')} onClick={() => setTab('code')}>
          {t('admin.codeClaims', { n: claims?.code_claims.length ?? 0 })}
        </button>
        <button type="button" role="tab" id="tab-link" aria-controls="panel-claims" aria-selected={tab === 'link'} className={tabClass(tab === 'link')} onClick={() => setTab('link')}>
          {t('admin.linkClaims', { n: claims?.link_claims.length ?? 0 })}
        </button>
      </div>
      <div id="panel-claims" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-3">
        {loadError !== null ? <LoadError error={loadError} message={t('admin.claimsLoadFailed')} onRetry={() => setReload((n) => n + 1)} /> : !claims ? <Spinner label={t('admin.claimsLoading')} /> : rows.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('admin.noClaims')}</p> : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase text-gray-600 dark:text-gray-400"><tr><th className="py-2 pr-3">{t('admin.colUser')}</th><th className="py-2 pr-3">{t(tab === 'code' ? 'admin.colCode' : 'admin.colLink')}</th><th className="py-2 pr-3">{t('admin.colCredits')}</th><th className="py-2">{t('admin.colClaimed')}</th></tr></thead>
              <tbody className="divide-y divide-gray-100 dark:divide-neutral-800">
                {rows.map((r) => (
                  <tr key={r.id}><td className="py-2 pr-3">{r.email}</td><td className="py-2 pr-3 font-mono">{r.what}</td><td className="py-2 pr-3">{r.credits}</td><td className="py-2">{when(r.at, lang)}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Section>
  );
}

// ---------------------------------------------------------------- deployments

function Deployments() {
  const { t, lang } = useT();
  const [list, setList] = useState<Deployment[] | null>(null);
  const [target, setTarget] = useState<Deployment | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const load = useCallback(() => {
    setLoadError(null);
    call('GET /admin/deployments').then((r) => setList(r.deployments), setLoadError);
  }, []);
  useEffect(load, [load]);
  useRefetchOnOnline(load, loadError !== null);
  const rollBack = async (d: Deployment) => {
    setTarget(null);
    try {
      await call('POST /admin/deployments/:id/rollback', { params: { id: d.id }, body: {} });
      toast.success(t('admin.rolledBack'));
      load();
    } catch {
      toast.error(t('admin.rollbackFailed'));
    }
  };
  // Newest first: the newest successful deployment is the one running; rolling back to it does nothing.
  const running = list?.find((d) => d.status === 'success');
  return (
    <Section title={t('admin.deploymentsTitle')} icon={RotateCcw}>
      {loadError !== null ? <LoadError error={loadError} message={t('admin.deploymentsLoadFailed')} onRetry={load} /> : !list ? <Spinner label={t('admin.deploymentsLoading')} /> : list.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-400">{t('admin.noDeployments')}</p> : (
        <ul className="divide-y divide-gray-100 text-sm dark:divide-neutral-800" data-testid="deployments">
          {list.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-version={d.version}>
              <span>
                <span className="font-mono font-semibold">{d.version}</span>{' '}
                <span className={`ml-1 rounded-full px-2 py-0.5 text-xs ${d.status === 'success' ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400'}`}>{d.status === 'success' ? t('admin.statusSuccess') : d.status}</span>
                <span className="ml-2 text-gray-600 dark:text-gray-400">{when(d.created_at, lang)}</span>
              </span>
              {d === running ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100" data-testid="deployment-running">{t('admin.running')}</span>
              ) : d.status === 'success' && (
                <button type="button" className="btn-secondary px-3 py-1.5" aria-label={t('admin.rollBackNamed', { version: d.version })} onClick={() => setTarget(d)}><RotateCcw className="h-4 w-4" aria-hidden="true" /> {t('admin.rollBack')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog isOpen={target !== null} title={t('admin.rollBackTitle')} message={t('admin.rollBackBody', { running: running?.version ?? '', version: target?.version ?? '' })} confirmLabel={t('admin.rollBack')} onConfirm={() => target && void rollBack(target)} onCancel={() => setTarget(null)} />
    </Section>
  );
}

// ---------------------------------------------------------------- users

/** The user list, live: the server's event stream of the users table, with a plain load as fallback. */
function useLiveUsers(): { users: Profile[] | null; loadError: unknown; retry(): void } {
  const [users, setUsers] = useState<Profile[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  useRefetchOnOnline(retry, loadError !== null);
  useEffect(() => {
    let isClosed = false;
    setLoadError(null);
    const fallback = () =>
      call('GET /admin/users').then(
        (r) => !isClosed && setUsers(r.users),
        (error: unknown) => !isClosed && users === null && setLoadError(error),
      );
    if (typeof EventSource === 'undefined') {
      void fallback();
      return;
    }
    const source = openEvents('GET /admin/users/events', {
      users: (all) => setUsers(all.users),
      user: (change) =>
        setUsers((list) => {
          if (!list) return list;
          if (change.type === 'delete') return list.filter((u) => u.id !== change.id);
          const i = list.findIndex((u) => u.id === change.id);
          if (i < 0) return [change.user, ...list];
          const next = [...list];
          next[i] = change.user;
          return next;
        }),
    });
    let failures = 0;
    source.onerror = () => {
      failures += 1;
      if (failures >= 3) {
        source.close();
        void fallback();
      }
    };
    source.onopen = () => {
      failures = 0;
    };
    return () => {
      isClosed = true;
      source.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one connection per attempt
  }, [attempt]);
  return { users, loadError, retry };
}

function AddUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AssignableRole>('free');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError(t('auth.emailRequired'));
    if (password.length < 6) return setError(t('auth.passwordTooShort'));
    setIsBusy(true);
    setError(null);
    try {
      await call('POST /admin/users', { body: { email: email.trim(), password, role } });
      toast.success(t('admin.userAdded'));
      setEmail('');
      setPassword('');
      setRole('free');
      onClose();
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : t('admin.userAddFailed');
      setError(message);
      toast.error(t('admin.userAddFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} title={t('admin.addUser')} onClose={onClose} testId="add-user-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        {error && <div role="alert" className="error-box">{error}</div>}
        <div><label htmlFor={`${id}-email`} className="label">{t('admin.email')}</label><input id={`${id}-email`} type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} data-autofocus /></div>
        <div><label htmlFor={`${id}-password`} className="label">{t('admin.password')}</label><input id={`${id}-password`} type="password" autoComplete="new-password" className="input" value={password} onChange={(e) => setPassword(e.target.value)} /></div>
        <div>
          <label htmlFor={`${id}-role`} className="label">{t('admin.role')}</label>
          <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r])}</option>)}
          </select>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="btn-primary" disabled={isBusy}>{isBusy ? t('admin.adding') : t('admin.addUser')}</button>
        </div>
      </form>
    </Dialog>
  );
}

function AdjustCreditsDialog({ user, onClose }: { user: Profile | null; onClose(): void }) {
  const { t } = useT();
  const [credits, setCredits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  useEffect(() => {
    if (user) {
      setCredits(String(user.credits_available));
      setError(null);
    }
  }, [user]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const n = Number(credits);
    if (credits.trim() === '' || !Number.isInteger(n) || n < 0) return setError(t('admin.wholeNumber'));
    try {
      await call('PATCH /admin/users/:id', { params: { id: user.id }, body: { credits: n } });
      toast.success(t('admin.creditsUpdated'));
      onClose();
    } catch {
      toast.error(t('admin.creditsUpdateFailed'));
    }
  };
  return (
    <Dialog isOpen={user !== null} title={t('admin.adjustTitle')} onClose={onClose} testId="adjust-credits-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        <p>{t('admin.adjustIntro', { email: user?.email ?? '' })}</p>
        <div>
          <label htmlFor={`${id}-credits`} className="label">{t('admin.credits')}</label>
          <input id={`${id}-credits`} type="number" min={0} className="input" value={credits} onChange={(e) => setCredits(e.target.value)} data-autofocus />
          {error && <p role="alert" className="field-error">{error}</p>}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>{t('common.cancel')}</button>
          <button type="submit" className="btn-primary">{t('admin.saveCredits')}</button>
        </div>
      </form>
    </Dialog>
  );
}

/** On a phone each row is a card: the header row is hidden and each cell says what it is. */
function CellLabel({ children }: { children: ReactNode }) {
  return <span className="mr-1 text-xs font-medium uppercase text-gray-600 sm:hidden dark:text-gray-400">{children}:</span>;
}

function UserManagement() {
  const { user: me } = useAuth();
  const { t, lang } = useT();
  const { users, loadError: usersError, retry: retryUsers } = useLiveUsers();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<Profile | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const [roleChange, setRoleChange] = useState<{ user: Profile; role: AssignableRole } | null>(null);
  const changeRole = async (u: Profile, role: AssignableRole) => {
    setRoleChange(null);
    try {
      await call('PATCH /admin/users/:id', { params: { id: u.id }, body: { role } });
      toast.success(t('admin.roleUpdated'));
    } catch {
      toast.error(t('admin.roleUpdateFailed'));
    }
  };
  const remove = async (u: Profile) => {
    setDeleting(null);
    try {
      await call('DELETE /admin/users/:id', { params: { id: u.id } });
      toast.success(t('admin.userDeleted'));
    } catch {
      toast.error(t('admin.userDeleteFailed'));
    }
  };
  return (
    <Section title={t('admin.usersTitle')} icon={Users} action={<button type="button" className="btn-primary" onClick={() => setIsAddOpen(true)}><Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.addUser')}</button>}>
      {usersError !== null && !users ? <LoadError error={usersError} message={t('admin.usersLoadFailed')} onRetry={retryUsers} /> : !users ? <Spinner label={t('admin.usersLoading')} /> : (
        <div className="relative sm:overflow-x-auto">
          <table className="w-full text-left text-sm sm:min-w-[40rem]" data-testid="users-table">
            <thead className="text-xs uppercase text-gray-600 max-sm:hidden dark:text-gray-400">
              <tr><th className="py-2 pr-3">{t('admin.colEmail')}</th><th className="py-2 pr-3">{t('admin.colRole')}</th><th className="py-2 pr-3">{t('admin.colCredits')}</th><th className="py-2 pr-3">{t('admin.colUsage')}</th><th className="py-2 pr-3">{t('admin.colJoined')}</th><th className="py-2"><span className="sr-only">{t('admin.colActions')}</span></th></tr>
            </thead>
            <tbody className="divide-y divide-gray-100 max-sm:block dark:divide-neutral-800">
              {users.map((u) => {
                const isProtected = u.role === 'admin' || u.id === me?.id;
                return (
                  <tr key={u.id} data-email={u.email} className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-3">
                    <td className="py-2 pr-3 max-sm:w-full max-sm:break-all max-sm:p-0 max-sm:font-medium">{u.email}</td>
                    <td className="py-2 pr-3 max-sm:p-0">
                      <label htmlFor={`role-${u.id}`} className="sr-only">{t('admin.roleOf', { email: u.email })}</label>
                      <select
                        id={`role-${u.id}`}
                        className="input w-36 py-1"
                        value={u.role}
                        disabled={isProtected}
                        onChange={(e) => setRoleChange({ user: u, role: e.target.value as AssignableRole })}
                      >
                        {isProtected && <option value="admin">{t('admin.roleAdmin')}</option>}
                        {ASSIGNABLE_ROLES.map((r) => <option key={r} value={r}>{t(ROLE_NAMES[r])}</option>)}
                      </select>
                    </td>
                    <td className="py-2 pr-3 tabular-nums max-sm:p-0"><CellLabel>{t('admin.colCredits')}</CellLabel><span data-testid="user-credits">{u.credits_available.toLocaleString('en')}</span></td>
                    <td className="py-2 pr-3 tabular-nums max-sm:p-0"><CellLabel>{t('admin.colUsage')}</CellLabel>{u.total_usage}</td>
                    <td className="py-2 pr-3 text-gray-600 max-sm:p-0 dark:text-gray-400"><CellLabel>{t('admin.colJoined')}</CellLabel>{u.created_at ? new Date(u.created_at).toLocaleDateString(lang === 'ms' ? 'ms-MY' : 'en-GB') : ''}</td>
                    <td className="py-2 max-sm:ml-auto max-sm:p-0">
                      <div className="flex justify-end gap-1">
                        <button type="button" className="btn-secondary px-2.5 py-1" disabled={isProtected} onClick={() => setAdjusting(u)} aria-label={t('admin.adjustOf', { email: u.email })}>{t('admin.creditsButton')}</button>
                        <button type="button" className="btn-ghost text-red-600" disabled={isProtected} onClick={() => setDeleting(u)} aria-label={t('admin.deleteNamed', { name: u.email })}><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      <AddUserDialog isOpen={isAddOpen} onClose={() => setIsAddOpen(false)} />
      <AdjustCreditsDialog user={adjusting} onClose={() => setAdjusting(null)} />
      <ConfirmDialog
        isOpen={roleChange !== null}
        title={t('admin.roleChangeTitle')}
        message={
          roleChange
            ? t('admin.roleChangeBody', { email: roleChange.user.email, role: t(ROLE_NAMES[roleChange.role]), credits: ROLE_CREDITS[roleChange.role], current: roleChange.user.credits_available })
            : ''
        }
        confirmLabel={t('admin.changeRole')}
        onConfirm={() => roleChange && void changeRole(roleChange.user, roleChange.role)}
        onCancel={() => setRoleChange(null)}
      />
      <ConfirmDialog isOpen={deleting !== null} title={t('admin.deleteUserTitle')} message={t('admin.deleteUserBody', { email: deleting?.email ?? '' })} confirmLabel={t('admin.delete')} isDanger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)} />
    </Section>
  );
}

export default function Admin() {
  const { t } = useT();
  const [claimsVersion, setClaimsVersion] = useState(0);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold">{t('admin.title')}</h1>
      <div className="grid gap-6 xl:grid-cols-2">
        <AIConfiguration />
        <Deployments />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <CreditLinks onChange={() => setClaimsVersion((n) => n + 1)} />
        <CreditCodes />
      </div>
      <ClaimsHistory version={claimsVersion} />
      <UserManagement />
    </div>
  );
}
