// /admin: AI configuration, credit URL generator (and credit codes), claims history, deployment history
// with Roll back, and user management refreshed live from the server's event stream. The server allows
// all of it to the administrator only; this page mirrors its answers.
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Bot, Copy, History, Link2, Plus, RotateCcw, Ticket, Trash2, Users } from 'lucide-react';
import type { AIConfigResponse, AssignableRole, ClaimsResponse, CreditCode, CreditLink, Deployment, Profile } from '../../../engine/contract/index.js';
import { ASSIGNABLE_ROLES } from '../../../engine/contract/roles.js';
import { ApiError, call, openEvents } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { ConfirmDialog, Dialog } from '../components/Dialog.js';
import { Spinner } from '../components/Spinner.js';

const PRESETS = [300, 500, 1000] as const;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

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
  const [config, setConfig] = useState<AIConfigResponse | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    call('GET /admin/ai-config').then(setConfig, () => setHasFailed(true));
  }, []);
  const toggleAzure = async (useAzure: boolean) => {
    try {
      const r = await call('PUT /admin/ai-config', { body: { useAzure } });
      setConfig(r);
      toast.success(r.message);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Failed to update the AI configuration');
    }
  };
  return (
    <Section title="AI Configuration" icon={Bot}>
      {hasFailed ? (
        <p className="error-box">Failed to load the AI configuration</p>
      ) : !config ? (
        <Spinner label="Loading AI configuration" />
      ) : (
        <div className="space-y-3 text-sm">
          <p>Active service: <strong data-testid="ai-active">{config.active === 'offline' ? 'Offline demo writer' : 'Cloud AI service'}</strong></p>
          <ul className="divide-y divide-gray-100 rounded-lg border border-gray-200 dark:divide-neutral-800 dark:border-neutral-700">
            {config.configs.map((c) => (
              <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{c.name === 'offline' ? 'Offline demo' : 'Cloud AI service'}</span>{' '}
                  <span className="text-gray-500">· {c.name === 'offline' ? 'no key needed' : c.has_key ? 'key configured on the server' : 'no key configured'}</span>
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400'}`}>
                  {c.is_active ? 'Active' : 'Inactive'}
                </span>
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="h-4 w-4 rounded border-gray-300" checked={config.openai_config.useAzure} onChange={(e) => void toggleAzure(e.target.checked)} />
            Use the Azure deployment (openai_config.useAzure)
          </label>
          <p className="text-xs text-gray-500">Keys never leave the server.</p>
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
  const [links, setLinks] = useState<CreditLink[] | null>(null);
  const [preset, setPreset] = useState<number | 'custom'>(300);
  const [custom, setCustom] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [toDelete, setToDelete] = useState<CreditLink | null>(null);
  const id = useId();
  const load = useCallback(() => {
    call('GET /admin/credit-links').then(
      (r) => setLinks(r.links),
      () => {
        setLinks([]);
        toast.error('Failed to load credit URLs');
      },
    );
  }, []);
  useEffect(load, [load]);

  const generate = async (e: FormEvent) => {
    e.preventDefault();
    const credits = preset === 'custom' ? Number(custom) : preset;
    if (!Number.isInteger(credits) || credits < 1 || credits > 10000) {
      setError('Please enter a valid credit amount between 1 and 10000');
      return;
    }
    setError(null);
    setIsBusy(true);
    try {
      const r = await call('POST /admin/credit-links', { body: { credits, ...(description.trim() ? { description: description.trim() } : {}) } });
      toast.success(r.message || 'Credit URL generated successfully');
      setDescription('');
      load();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 400 ? err.message : 'Failed to generate credit URL');
    } finally {
      setIsBusy(false);
    }
  };
  const remove = async (link: CreditLink) => {
    setToDelete(null);
    try {
      await call('DELETE /admin/credit-links/:id', { params: { id: link.id } });
      toast.success('URL deleted successfully');
      load();
      onChange();
    } catch {
      toast.error('Failed to delete URL');
    }
  };

  return (
    <Section title="Credit URL Generator" icon={Link2}>
      <form onSubmit={generate} noValidate className="space-y-3">
        <fieldset>
          <legend className="label">Credits</legend>
          <div className="flex flex-wrap gap-2">
            {PRESETS.map((p) => (
              <label key={p} className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${preset === p ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100' : 'border-gray-300 dark:border-neutral-600'}`}>
                <input type="radio" name={`${id}-preset`} className="sr-only" checked={preset === p} onChange={() => setPreset(p)} />
                {p} credits
              </label>
            ))}
            <label className={`cursor-pointer rounded-lg border px-3 py-1.5 text-sm ${preset === 'custom' ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100' : 'border-gray-300 dark:border-neutral-600'}`}>
              <input type="radio" name={`${id}-preset`} className="sr-only" checked={preset === 'custom'} onChange={() => setPreset('custom')} />
              Custom
            </label>
          </div>
        </fieldset>
        {preset === 'custom' && (
          <div>
            <label htmlFor={`${id}-custom`} className="label">Custom amount (1–10000)</label>
            <input id={`${id}-custom`} type="number" min={1} max={10000} className="input sm:w-48" value={custom} onChange={(e) => setCustom(e.target.value)} />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-desc`} className="label">Description (optional)</label>
          <input id={`${id}-desc`} className="input" maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
        </div>
        {error && <p role="alert" className="field-error">{error}</p>}
        <button type="submit" className="btn-primary" disabled={isBusy}><Plus className="h-4 w-4" aria-hidden="true" /> Generate Credit URL</button>
      </form>
      <div className="mt-5">
        {!links ? <Spinner label="Loading credit URLs" /> : links.length === 0 ? (
          <p className="text-sm text-gray-500">No active credit URLs.</p>
        ) : (
          <ul className="divide-y divide-gray-100 dark:divide-neutral-800" data-testid="credit-links">
            {links.map((l) => (
              <li key={l.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="truncate font-mono text-sm">{l.url}</p>
                  <p className="text-xs text-gray-500">{l.credits} credits · {l.claims} claim{l.claims === 1 ? '' : 's'}{l.description ? ` · ${l.description}` : ''} · {when(l.created_at)}</p>
                </div>
                <div className="flex gap-2">
                  <button type="button" className="btn-secondary px-3 py-1.5" onClick={async () => (await copyText(l.url)) ? toast.success('Claim link copied to clipboard') : toast.error('Failed to copy claim link')}>
                    <Copy className="h-4 w-4" aria-hidden="true" /> Copy link
                  </button>
                  <button type="button" className="btn-ghost text-red-600" aria-label={`Delete ${l.token}`} onClick={() => setToDelete(l)}><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog isOpen={toDelete !== null} title="Delete this URL?" message={`${toDelete?.url ?? ''} will stop working.`} confirmLabel="Delete" isDanger onConfirm={() => toDelete && void remove(toDelete)} onCancel={() => setToDelete(null)} />
    </Section>
  );
}

function CreditCodes() {
  const [codes, setCodes] = useState<CreditCode[] | null>(null);
  const [code, setCode] = useState('');
  const [credits, setCredits] = useState('100');
  const [expires, setExpires] = useState('');
  const [cap, setCap] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [toDeactivate, setToDeactivate] = useState<CreditCode | null>(null);
  const id = useId();
  const load = useCallback(() => {
    call('GET /admin/credit-codes').then((r) => setCodes(r.codes), () => setCodes([]));
  }, []);
  useEffect(load, [load]);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(credits);
    const wanted = code.trim().toUpperCase();
    const capValue = cap.trim() ? Number(cap) : undefined;
    const expiresAt = expires ? new Date(expires) : undefined;
    const problem =
      !Number.isInteger(n) || n < 1 || n > 10000 ? 'Please enter a valid credit amount between 1 and 10000'
      : wanted && !/^[A-Z0-9_-]{8,40}$/.test(wanted) ? 'A code is 8 to 40 letters, digits, - or _'
      : capValue !== undefined && (!Number.isInteger(capValue) || capValue < 1 || capValue > 1_000_000) ? 'A redemption cap is a whole number from 1 to 1000000'
      : expiresAt && !(expiresAt.getTime() > Date.now()) ? 'The expiry must be in the future'
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
      toast.success(r.message);
      setCode('');
      setExpires('');
      setCap('');
      load();
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 ? (err.fields ? Object.values(err.fields).join('; ') : err.message) : 'Failed to create the credit code';
      setError(message);
      toast.error(message);
    }
  };
  const deactivate = async (c: CreditCode) => {
    setToDeactivate(null);
    try {
      const r = await call('DELETE /admin/credit-codes/:id', { params: { id: c.id } });
      toast.success(r.message);
      load();
    } catch {
      toast.error('Failed to deactivate the credit code');
    }
  };
  return (
    <Section title="Credit Codes" icon={Ticket}>
      <form onSubmit={create} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
        <div className="lg:col-span-2">
          <label htmlFor={`${id}-code`} className="label">Code (8+ characters; blank for a random one)</label>
          <input id={`${id}-code`} className="input font-mono uppercase" maxLength={40} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        </div>
        <div>
          <label htmlFor={`${id}-credits`} className="label">Credits</label>
          <input id={`${id}-credits`} type="number" min={1} max={10000} className="input" value={credits} onChange={(e) => setCredits(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-expires`} className="label">Expires (optional)</label>
          <input id={`${id}-expires`} type="datetime-local" className="input" value={expires} onChange={(e) => setExpires(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-cap`} className="label">Max redemptions (optional)</label>
          <input id={`${id}-cap`} type="number" min={1} className="input" value={cap} onChange={(e) => setCap(e.target.value)} />
        </div>
        <button type="submit" className="btn-primary sm:col-span-2 lg:col-span-5 lg:justify-self-start"><Plus className="h-4 w-4" aria-hidden="true" /> Create Code</button>
      </form>
      {error && <p role="alert" className="field-error">{error}</p>}
      <div className="mt-4">
        {!codes ? <Spinner label="Loading codes" /> : codes.length === 0 ? <p className="text-sm text-gray-500">No credit codes yet.</p> : (
          <ul className="divide-y divide-gray-100 text-sm dark:divide-neutral-800" data-testid="credit-codes">
            {codes.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-mono font-semibold">{c.code}</span>
                <span className="flex items-center gap-2 text-gray-500">
                  {c.credits} credits · {c.claims}{c.max_redemptions !== null ? ` of ${c.max_redemptions}` : ''} claim{c.claims === 1 && c.max_redemptions === null ? '' : 's'}
                  {c.expires_at ? ` · ${Date.parse(c.expires_at) <= Date.now() ? 'expired' : 'expires'} ${when(c.expires_at)}` : ''}
                  {c.is_active ? '' : ' · inactive'}
                  {c.is_active && (
                    <button type="button" className="btn-ghost px-2 py-1 text-red-600" aria-label={`Deactivate ${c.code}`} onClick={() => setToDeactivate(c)}>Deactivate</button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog isOpen={toDeactivate !== null} title="Deactivate this code?" message={`${toDeactivate?.code ?? ''} will no longer redeem. Its claims stay.`} confirmLabel="Deactivate" isDanger onConfirm={() => toDeactivate && void deactivate(toDeactivate)} onCancel={() => setToDeactivate(null)} />
    </Section>
  );
}

// ---------------------------------------------------------------- claims

function ClaimsHistory({ version }: { version: number }) {
  const [claims, setClaims] = useState<ClaimsResponse | null>(null);
  const [tab, setTab] = useState<'code' | 'link'>('code');
  useEffect(() => {
    call('GET /admin/claims').then(setClaims, () => {
      setClaims({ code_claims: [], link_claims: [] });
      toast.error('Failed to load claims');
    });
  }, [version]);
  const rows = claims ? (tab === 'code' ? claims.code_claims.map((c) => ({ id: c.id, email: c.user_email, what: c.code, credits: c.credits_awarded, at: c.claimed_at })) : claims.link_claims.map((c) => ({ id: c.id, email: c.user_email, what: c.token, credits: c.credits_awarded, at: c.claimed_at }))) : [];
  const tabClass = (isActive: boolean) => `rounded-t-md border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-700 dark:text-brand-100' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400'}`;
  return (
    <Section title="Credit Claims History" icon={History}>
      <div role="tablist" aria-label="Claims" className="flex gap-2 border-b border-gray-200 dark:border-neutral-700">
        <button type="button" role="tab" id="tab-code" aria-controls="panel-claims" aria-selected={tab === 'code'} className={tabClass(tab === 'code')} onClick={() => setTab('code')}>
          Code Claims ({claims?.code_claims.length ?? 0})
        </button>
        <button type="button" role="tab" id="tab-link" aria-controls="panel-claims" aria-selected={tab === 'link'} className={tabClass(tab === 'link')} onClick={() => setTab('link')}>
          Link Claims ({claims?.link_claims.length ?? 0})
        </button>
      </div>
      <div id="panel-claims" role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-3">
        {!claims ? <Spinner label="Loading claims" /> : rows.length === 0 ? <p className="text-sm text-gray-500">No claims yet.</p> : (
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs uppercase text-gray-500"><tr><th className="py-2 pr-3">User</th><th className="py-2 pr-3">{tab === 'code' ? 'Code' : 'Link'}</th><th className="py-2 pr-3">Credits</th><th className="py-2">Claimed</th></tr></thead>
              <tbody className="divide-y divide-gray-100 dark:divide-neutral-800">
                {rows.map((r) => (
                  <tr key={r.id}><td className="py-2 pr-3">{r.email}</td><td className="py-2 pr-3 font-mono">{r.what}</td><td className="py-2 pr-3">{r.credits}</td><td className="py-2">{when(r.at)}</td></tr>
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
  const [list, setList] = useState<Deployment[] | null>(null);
  const [target, setTarget] = useState<Deployment | null>(null);
  const load = useCallback(() => {
    call('GET /admin/deployments').then((r) => setList(r.deployments), () => {
      setList([]);
      toast.error('Failed to load deployment history');
    });
  }, []);
  useEffect(load, [load]);
  const rollBack = async (d: Deployment) => {
    setTarget(null);
    try {
      await call('POST /admin/deployments/:id/rollback', { params: { id: d.id }, body: {} });
      toast.success('Successfully rolled back deployment');
      load();
    } catch {
      toast.error('Failed to roll back deployment');
    }
  };
  return (
    <Section title="Deployment History" icon={RotateCcw}>
      {!list ? <Spinner label="Loading deployments" /> : list.length === 0 ? <p className="text-sm text-gray-500">No deployments recorded.</p> : (
        <ul className="divide-y divide-gray-100 text-sm dark:divide-neutral-800" data-testid="deployments">
          {list.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-mono font-semibold">{d.version}</span>{' '}
                <span className={`ml-1 rounded-full px-2 py-0.5 text-xs ${d.status === 'success' ? 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300' : 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400'}`}>{d.status}</span>
                <span className="ml-2 text-gray-500">{when(d.created_at)}</span>
              </span>
              {d.status === 'success' && (
                <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setTarget(d)}><RotateCcw className="h-4 w-4" aria-hidden="true" /> Roll back</button>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog isOpen={target !== null} title="Roll back?" message={`Roll back to version ${target?.version ?? ''}? A new rollback record is added.`} confirmLabel="Roll back" onConfirm={() => target && void rollBack(target)} onCancel={() => setTarget(null)} />
    </Section>
  );
}

// ---------------------------------------------------------------- users

/** The user list, live: the server's event stream of the users table, with a plain load as fallback. */
function useLiveUsers(): Profile[] | null {
  const [users, setUsers] = useState<Profile[] | null>(null);
  useEffect(() => {
    let isClosed = false;
    const fallback = () =>
      call('GET /admin/users').then(
        (r) => !isClosed && setUsers(r.users),
        () => !isClosed && toast.error('Failed to load users'),
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
  }, []);
  return users;
}

function AddUserDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AssignableRole>('free');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError('Please enter your email address');
    if (password.length < 6) return setError('Password must be at least 6 characters long');
    setIsBusy(true);
    setError(null);
    try {
      await call('POST /admin/users', { body: { email: email.trim(), password, role } });
      toast.success('User added successfully');
      setEmail('');
      setPassword('');
      setRole('free');
      onClose();
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : 'Failed to add user';
      setError(message);
      toast.error('Failed to add user');
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Dialog isOpen={isOpen} title="Add User" onClose={onClose} testId="add-user-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        {error && <div role="alert" className="error-box">{error}</div>}
        <div><label htmlFor={`${id}-email`} className="label">Email</label><input id={`${id}-email`} type="email" className="input" value={email} onChange={(e) => setEmail(e.target.value)} data-autofocus /></div>
        <div><label htmlFor={`${id}-password`} className="label">Password</label><input id={`${id}-password`} type="password" autoComplete="new-password" className="input" value={password} onChange={(e) => setPassword(e.target.value)} /></div>
        <div>
          <label htmlFor={`${id}-role`} className="label">Role</label>
          <select id={`${id}-role`} className="input" value={role} onChange={(e) => setRole(e.target.value as AssignableRole)}>
            {ASSIGNABLE_ROLES.map((r) => <option key={r} value={r}>{capital(r)}</option>)}
          </select>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn-primary" disabled={isBusy}>{isBusy ? 'Adding...' : 'Add User'}</button>
        </div>
      </form>
    </Dialog>
  );
}

function AdjustCreditsDialog({ user, onClose }: { user: Profile | null; onClose(): void }) {
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
    if (credits.trim() === '' || !Number.isInteger(n) || n < 0) return setError('Enter a whole number of credits, 0 or more');
    try {
      await call('PATCH /admin/users/:id', { params: { id: user.id }, body: { credits: n } });
      toast.success('Credits updated successfully');
      onClose();
    } catch {
      toast.error('Failed to update credits');
    }
  };
  return (
    <Dialog isOpen={user !== null} title="Adjust Credits" onClose={onClose} testId="adjust-credits-dialog">
      <form onSubmit={submit} noValidate className="space-y-3">
        <p>Set the credit balance of <strong>{user?.email}</strong>.</p>
        <div>
          <label htmlFor={`${id}-credits`} className="label">Credits</label>
          <input id={`${id}-credits`} type="number" min={0} className="input" value={credits} onChange={(e) => setCredits(e.target.value)} data-autofocus />
          {error && <p role="alert" className="field-error">{error}</p>}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-secondary" onClick={onClose}>Cancel</button>
          <button type="submit" className="btn-primary">Save Credits</button>
        </div>
      </form>
    </Dialog>
  );
}

function UserManagement() {
  const { user: me } = useAuth();
  const users = useLiveUsers();
  const [isAddOpen, setIsAddOpen] = useState(false);
  const [adjusting, setAdjusting] = useState<Profile | null>(null);
  const [deleting, setDeleting] = useState<Profile | null>(null);
  const changeRole = async (u: Profile, role: AssignableRole) => {
    try {
      await call('PATCH /admin/users/:id', { params: { id: u.id }, body: { role } });
      toast.success('User role updated successfully');
    } catch {
      toast.error('Failed to update user role');
    }
  };
  const remove = async (u: Profile) => {
    setDeleting(null);
    try {
      await call('DELETE /admin/users/:id', { params: { id: u.id } });
      toast.success('User deleted successfully');
    } catch {
      toast.error('Failed to delete user');
    }
  };
  return (
    <Section title="User Management" icon={Users} action={<button type="button" className="btn-primary" onClick={() => setIsAddOpen(true)}><Plus className="h-4 w-4" aria-hidden="true" /> Add User</button>}>
      {!users ? <Spinner label="Loading users" /> : (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm" data-testid="users-table">
            <thead className="text-xs uppercase text-gray-500">
              <tr><th className="py-2 pr-3">Email</th><th className="py-2 pr-3">Role</th><th className="py-2 pr-3">Credits</th><th className="py-2 pr-3">Usage</th><th className="py-2 pr-3">Joined</th><th className="py-2"><span className="sr-only">Actions</span></th></tr>
            </thead>
            <tbody className="divide-y divide-gray-100 dark:divide-neutral-800">
              {users.map((u) => {
                const isProtected = u.role === 'admin' || u.id === me?.id;
                return (
                  <tr key={u.id} data-email={u.email}>
                    <td className="py-2 pr-3">{u.email}</td>
                    <td className="py-2 pr-3">
                      <label htmlFor={`role-${u.id}`} className="sr-only">Role of {u.email}</label>
                      <select id={`role-${u.id}`} className="input w-32 py-1" value={u.role} disabled={isProtected} onChange={(e) => void changeRole(u, e.target.value as AssignableRole)}>
                        {isProtected && <option value="admin">Admin</option>}
                        {ASSIGNABLE_ROLES.map((r) => <option key={r} value={r}>{capital(r)}</option>)}
                      </select>
                    </td>
                    <td className="py-2 pr-3 tabular-nums" data-testid="user-credits">{u.credits_available.toLocaleString('en')}</td>
                    <td className="py-2 pr-3 tabular-nums">{u.total_usage}</td>
                    <td className="py-2 pr-3 text-gray-500">{u.created_at ? new Date(u.created_at).toLocaleDateString('en-GB') : ''}</td>
                    <td className="py-2">
                      <div className="flex justify-end gap-1">
                        <button type="button" className="btn-secondary px-2.5 py-1" disabled={isProtected} onClick={() => setAdjusting(u)} aria-label={`Adjust credits of ${u.email}`}>Credits</button>
                        <button type="button" className="btn-ghost text-red-600" disabled={isProtected} onClick={() => setDeleting(u)} aria-label={`Delete ${u.email}`}><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
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
      <ConfirmDialog isOpen={deleting !== null} title="Delete user?" message={`${deleting?.email ?? ''} and everything they wrote will be deleted.`} confirmLabel="Delete" isDanger onConfirm={() => deleting && void remove(deleting)} onCancel={() => setDeleting(null)} />
    </Section>
  );
}

export default function Admin() {
  const [claimsVersion, setClaimsVersion] = useState(0);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <h1 className="text-2xl font-bold">Admin Portal</h1>
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
