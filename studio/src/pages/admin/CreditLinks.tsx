// The admin page's credit URL generator: pick a preset or custom amount (1 to 10,000 credits) and an
// optional description to make a claim link; the links made so far, each with Copy and a confirmed Delete
// (which also refreshes the claims history).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { Copy, Link2, Plus, Trash2 } from 'lucide-react';
import type { CreditLink } from '../../engine.js';
import { ApiError, call } from '../../lib/api.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { useT } from '../../i18n/index.js';
import { MakeAndList, useConfirmedAction, useServerList } from './lists.js';
import { when } from './Section.js';
import { Field } from './Field.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

const PRESET_CLASS = 'cursor-pointer rounded-lg border px-3 py-1.5 text-sm';
const UNCHECKED_TONE = 'border-gray-300 dark:border-neutral-600';
const CHECKED_TONE =
  'border-brand-600 bg-brand-50 font-semibold text-brand-700 dark:bg-brand-600/20 dark:text-brand-100';

const PRESETS = [300, 500, 1000] as const;
/** A preset label: a visible ring when its (visually hidden) radio has keyboard focus. */
const FOCUS_WITHIN =
  'has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-brand-500 ' +
  'has-[input:focus-visible]:ring-offset-2 dark:has-[input:focus-visible]:ring-offset-neutral-900';
const fetchLinks = () => call('GET /admin/credit-links').then((r) => r.links);
const deleteLink = (link: CreditLink) => call('DELETE /admin/credit-links/:id', { params: { id: link.id } });

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** One amount to choose: a radio shown as a button-like label. */
function PresetOption({
  name,
  isChecked,
  onSelect,
  children,
}: {
  name: string;
  isChecked: boolean;
  onSelect(): void;
  children: ReactNode;
}) {
  return (
    <label className={`${PRESET_CLASS} ${FOCUS_WITHIN} ${isChecked ? CHECKED_TONE : UNCHECKED_TONE}`}>
      <input type="radio" name={name} className="sr-only" checked={isChecked} onChange={onSelect} />
      {children}
    </label>
  );
}

/** The form that makes a link; `onMade` reloads the list. */
function LinkForm({ onMade }: { onMade(): void }) {
  const { t } = useT();
  const [preset, setPreset] = useState<number | 'custom'>(300);
  const [custom, setCustom] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const id = useId();
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
      const r = await call('POST /admin/credit-links', {
        body: { credits, ...(description.trim() ? { description: description.trim() } : {}) },
      });
      if (r) toast.success(t('admin.linkCreated'));
      setDescription('');
      onMade();
    } catch (err) {
      toast.error(err instanceof ApiError && err.status === 400 ? err.message : t('admin.linkCreateFailed'));
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form onSubmit={generate} noValidate className="space-y-3">
      <fieldset>
        <legend className="label">{t('admin.credits')}</legend>
        <div className="flex flex-wrap gap-2">
          {PRESETS.map((p) => (
            <PresetOption key={p} name={`${id}-preset`} isChecked={preset === p} onSelect={() => setPreset(p)}>
              {t('admin.presetCredits', { n: p })}
            </PresetOption>
          ))}
          <PresetOption name={`${id}-preset`} isChecked={preset === 'custom'} onSelect={() => setPreset('custom')}>
            {t('admin.custom')}
          </PresetOption>
        </div>
      </fieldset>
      {preset === 'custom' && (
        <Field id={`${id}-custom`} label={t('admin.customAmount')}>
          <input
            id={`${id}-custom`}
            type="number"
            min={1}
            max={10000}
            className="input sm:w-48"
            value={custom}
            onChange={(e) => setCustom(e.target.value)}
          />
        </Field>
      )}
      <Field id={`${id}-desc`} label={t('admin.description')}>
        <input
          id={`${id}-desc`}
          className="input"
          maxLength={200}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </Field>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={isBusy}>
        <Plus className="h-4 w-4" aria-hidden="true" /> {t('admin.generateLink')}
      </button>
    </form>
  );
}

/** One link: its URL, credits, claims, description and date, with Copy and Delete. */
function LinkItem({ link: l, onDelete }: { link: CreditLink; onDelete(): void }) {
  const { t, lang } = useT();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="truncate font-mono text-sm">{l.url}</p>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t('admin.linkCredits', { n: l.credits })} · {t('admin.claimCount', { n: l.claims })}
          {l.description ? ` · ${l.description}` : ''} · {when(l.created_at, lang)}
        </p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-secondary px-3 py-1.5"
          onClick={async () =>
            (await copyText(l.url)) ? toast.success(t('admin.linkCopied')) : toast.error(t('admin.linkCopyFailed'))
          }
        >
          <Copy className="h-4 w-4" aria-hidden="true" /> {t('admin.copyLink')}
        </button>
        <button
          type="button"
          className="btn-ghost text-red-600 dark:text-red-400"
          aria-label={t('admin.deleteNamed', { name: l.token })}
          onClick={onDelete}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </li>
  );
}

export function CreditLinks({ onChange }: { onChange(): void }) {
  const { t } = useT();
  const links = useServerList(fetchLinks);
  const remove = useConfirmedAction(deleteLink, 'admin.linkDeleted', 'admin.linkDeleteFailed', () => {
    links.reload();
    onChange();
  });
  const words = { failed: t('admin.linksLoadFailed'), loading: t('admin.linksLoading'), empty: t('admin.noLinks') };
  return (
    <MakeAndList
      title={t('admin.linksTitle')}
      icon={Link2}
      form={<LinkForm onMade={links.reload} />}
      gap="mt-5"
      list={links}
      words={words}
      className="divide-y divide-gray-100 dark:divide-neutral-800"
      testId="credit-links"
      item={(l) => <LinkItem key={l.id} link={l} onDelete={() => remove.ask(l)} />}
    >
      <ConfirmDialog
        {...remove.dialog}
        title={t('admin.deleteLinkTitle')}
        message={t('admin.deleteLinkBody', { url: remove.pending?.url ?? '' })}
        confirmLabel={t('admin.delete')}
        isDanger
      />
    </MakeAndList>
  );
}
