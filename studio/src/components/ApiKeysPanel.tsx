// The profile's API keys (business and admin accounts): create a key (shown once, with a copy button),
// the list (name, first characters, created, last used) and revoke after a confirm prompt.
import { LoadError, useRefetchOnOnline } from './LoadError.js';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Copy, KeyRound, Trash2 } from 'lucide-react';
import { MAX_API_KEY_NAME, type ApiKey, type ApiKeyCreated } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { relativeAge } from '../lib/time.js';
import { useT } from '../i18n/index.js';
import { ConfirmDelete } from './Dialog.js';
import { Spinner } from './Spinner.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)

export function ApiKeysPanel() {
  const { t, lang } = useT();
  const id = useId();
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);

  const [loadError, setLoadError] = useState<unknown>(null);
  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setKeys((await call('GET /api-keys')).keys);
    } catch (error) {
      setLoadError(error);
    }
  }, []);
  useRefetchOnOnline(() => void load(), loadError !== null);

  useEffect(() => {
    void load();
  }, [load]);

  const revoke = async (key: ApiKey) => {
    setToRevoke(null);
    try {
      const r = await call('DELETE /api-keys/:id', { params: { id: key.id } });
      toast.success(r.message);
      if (created?.id === key.id) setCreated(null);
      await load();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('apiKeys.loadFailed'));
    }
  };

  return (
    <section className="card p-5" aria-labelledby={`${id}-h`} data-testid="api-keys">
      <h2 id={`${id}-h`} className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound className="h-5 w-5" aria-hidden="true" /> {t('apiKeys.heading')}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{t('apiKeys.intro')}</p>
      <NewKeyForm
        onCreated={async (made) => {
          setCreated(made);
          await load();
        }}
      />
      {created && <NewKey key={created.id} created={created} onDone={() => setCreated(null)} />}
      {loadError !== null ? (
        <LoadError
          error={loadError}
          message={t('apiKeys.loadFailed')}
          onRetry={() => void load()}
          testId="api-keys-error"
        />
      ) : keys === null ? (
        <div className="mt-4">
          <Spinner label={t('apiKeys.loading')} />
        </div>
      ) : keys.length === 0 ? (
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{t('apiKeys.none')}</p>
      ) : (
        <KeyList keys={keys} onRevoke={setToRevoke} />
      )}
      <ConfirmDelete
        item={toRevoke}
        title={t('apiKeys.revokeTitle')}
        message={(k) => t('apiKeys.revokeBody', { name: k.name })}
        confirmLabel={t('apiKeys.revoke')}
        onDelete={(k) => void revoke(k)}
        onCancel={() => setToRevoke(null)}
      />
    </section>
  );
}

/** The form that makes a key: its name, and Create. */
function NewKeyForm({ onCreated }: { onCreated: (made: ApiKeyCreated) => Promise<void> }) {
  const { t } = useT();
  const [name, setName] = useState('');
  const [isCreating, setIsCreating] = useState(false);
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || isCreating) return;
    setIsCreating(true);
    try {
      const made = await call('POST /api-keys', { body: { name: name.trim() } });
      setName('');
      toast.success(t('apiKeys.created'));
      await onCreated(made);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('apiKeys.loadFailed'));
    } finally {
      setIsCreating(false);
    }
  };
  return (
    <form className="mt-4 flex flex-wrap items-end gap-2" onSubmit={(e) => void create(e)}>
      <label className="flex-1">
        <span className="label">{t('apiKeys.name')}</span>
        <input
          className="input"
          value={name}
          maxLength={MAX_API_KEY_NAME}
          placeholder={t('apiKeys.namePlaceholder')}
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={!name.trim() || isCreating}>
        {isCreating ? t('apiKeys.creating') : t('apiKeys.create')}
      </button>
    </form>
  );
}

/** A key just made, shown once with a copy button. */
function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const { t } = useT();
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), 2000);
    } catch {
      // The key stays selectable in its box.
    }
  };
  return (
    <div
      className="mt-4 rounded-lg border border-green-600/40 bg-green-50 p-3 dark:bg-green-900/20"
      role="status"
      data-testid="new-api-key"
    >
      <p className="text-sm font-semibold">{t('apiKeys.newKey', { name: created.name })}</p>
      <p className="text-sm">{t('apiKeys.created')}</p>
      <div className="mt-2 flex items-center gap-2">
        <input
          className="input font-mono text-xs"
          readOnly
          value={created.key}
          aria-label={t('apiKeys.newKey', { name: created.name })}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn-secondary" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden="true" /> {isCopied ? t('apiKeys.copied') : t('apiKeys.copy')}
        </button>
      </div>
      <button type="button" className="btn-ghost mt-2 text-sm" onClick={onDone}>
        {t('apiKeys.done')}
      </button>
    </div>
  );
}

/** The account's keys: name, first characters, created, last used, and a revoke button each. */
function KeyList({ keys, onRevoke }: { keys: readonly ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t, lang } = useT();
  const age = (at: string) => relativeAge(at, new Date(), lang);
  return (
    <ul className="mt-4 divide-y divide-gray-200 dark:divide-gray-700">
      {keys.map((k) => (
        <li key={k.id} className="flex items-center justify-between gap-3 py-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{k.name}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              <code>{k.prefix}</code> · {t('apiKeys.createdAt', { date: age(k.created_at) })} ·{' '}
              {k.last_used_at
                ? t('apiKeys.lastUsed', { date: relativeAge(k.last_used_at, new Date(), lang) })
                : t('apiKeys.neverUsed')}
            </p>
          </div>
          <button
            type="button"
            className="btn-ghost text-red-600 dark:text-red-400"
            aria-label={t('apiKeys.revokeLabel', { name: k.name })}
            onClick={() => onRevoke(k)}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" /> {t('apiKeys.revoke')}
          </button>
        </li>
      ))}
    </ul>
  );
}
