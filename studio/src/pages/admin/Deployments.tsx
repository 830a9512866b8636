// The admin page's deployment history, newest first: each version's status and date, with Roll back
// (confirmed) on every successful version except the one running, which is marked as running.
import { RotateCcw } from 'lucide-react';
import type { Deployment } from '../../engine.js';
import { call } from '../../lib/api.js';
import { ConfirmDialog } from '../../components/Dialog.js';
import { useT } from '../../i18n/index.js';
import { ItemList, useConfirmedAction, useServerList } from './lists.js';
import { Section, when } from './Section.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

const SUCCESS_TONE = 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300';
const OTHER_TONE = 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400';
const COUNT_BADGE_CLASS = [
  'rounded-full bg-brand-50 px-2.5 py-1 text-xs font-semibold text-brand-700',
  'dark:bg-brand-600/20 dark:text-brand-100',
].join(' ');

const fetchDeployments = () => call('GET /admin/deployments').then((r) => r.deployments);
const rollBackTo = (d: Deployment) => call('POST /admin/deployments/:id/rollback', { params: { id: d.id }, body: {} });

/** One deployment: version, status and date; marked running, or with Roll back when it succeeded. */
function DeploymentItem({
  deployment: d,
  isRunning,
  onRollBack,
}: {
  deployment: Deployment;
  isRunning: boolean;
  onRollBack(): void;
}) {
  const { t, lang } = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2" data-version={d.version}>
      <span>
        <span className="font-mono font-semibold">{d.version}</span>{' '}
        <span className={`ml-1 rounded-full px-2 py-0.5 text-xs ${d.status === 'success' ? SUCCESS_TONE : OTHER_TONE}`}>
          {d.status === 'success' ? t('admin.statusSuccess') : d.status}
        </span>
        <span className="ml-2 text-gray-600 dark:text-gray-400">{when(d.created_at, lang)}</span>
      </span>
      {isRunning ? (
        <span className={COUNT_BADGE_CLASS} data-testid="deployment-running">
          {t('admin.running')}
        </span>
      ) : (
        d.status === 'success' && (
          <button
            type="button"
            className="btn-secondary px-3 py-1.5"
            aria-label={t('admin.rollBackNamed', { version: d.version })}
            onClick={onRollBack}
          >
            <RotateCcw className="h-4 w-4" aria-hidden="true" /> {t('admin.rollBack')}
          </button>
        )
      )}
    </li>
  );
}

export function Deployments() {
  const { t } = useT();
  const deployments = useServerList(fetchDeployments);
  const rollBack = useConfirmedAction(rollBackTo, 'admin.rolledBack', 'admin.rollbackFailed', deployments.reload);
  // Newest first: the newest successful deployment is the one running; rolling back to it does nothing.
  const running = deployments.items?.find((d) => d.status === 'success');
  const target = rollBack.pending;
  const words = {
    failed: t('admin.deploymentsLoadFailed'),
    loading: t('admin.deploymentsLoading'),
    empty: t('admin.noDeployments'),
  };
  return (
    <Section title={t('admin.deploymentsTitle')} icon={RotateCcw}>
      <ItemList
        list={deployments}
        words={words}
        className="divide-y divide-gray-100 text-sm dark:divide-neutral-800"
        testId="deployments"
        item={(d) => (
          <DeploymentItem key={d.id} deployment={d} isRunning={d === running} onRollBack={() => rollBack.ask(d)} />
        )}
      />
      <ConfirmDialog
        {...rollBack.dialog}
        title={t('admin.rollBackTitle')}
        message={t('admin.rollBackBody', { running: running?.version ?? '', version: target?.version ?? '' })}
        confirmLabel={t('admin.rollBack')}
      />
    </Section>
  );
}
