// The admin page's AI configuration card: which model service is active, each service's key and context
// window, and the switch between the OpenAI API and Azure OpenAI (the keys themselves stay on the server).
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { Bot } from 'lucide-react';
import type { AIConfigResponse } from '../../engine.js';
import { ApiError, call } from '../../lib/api.js';
import { Spinner } from '../../components/Spinner.js';
import { localeOf, useT } from '../../i18n/index.js';
import { Section } from './Section.js';
import '../../i18n/admin.js'; // the studio-admin words it shows load with it (i18n/shared.ts)

const ACTIVE_TONE = 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300';
const IDLE_TONE = 'bg-gray-100 text-gray-600 dark:bg-neutral-800 dark:text-gray-400';
const CONFIG_LIST_CLASS = [
  'divide-y divide-gray-100 rounded-lg border border-gray-200',
  'dark:divide-neutral-800 dark:border-neutral-700',
].join(' ');

export function AIConfiguration() {
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
          <p>
            {t('admin.activeService')}{' '}
            <strong data-testid="ai-active">
              {config.active === 'offline' ? t('admin.offlineWriter') : t('admin.cloudService')}
            </strong>
          </p>
          <ul className={CONFIG_LIST_CLASS}>
            {config.configs.map((c) => (
              <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">
                    {c.name === 'offline' ? t('admin.offlineDemo') : t('admin.cloudService')}
                  </span>{' '}
                  <span className="text-gray-600 dark:text-gray-400">
                    ·{' '}
                    {c.name === 'offline'
                      ? t('admin.noKeyNeeded')
                      : c.has_key
                        ? t('admin.keyConfigured')
                        : t('admin.noKey')}
                  </span>
                  {c.context_tokens !== null && (
                    <span className="text-gray-600 dark:text-gray-400" data-testid="ai-context">
                      {' '}
                      · {t('admin.contextWindow', { n: c.context_tokens.toLocaleString(localeOf(lang)) })}
                    </span>
                  )}
                </span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${c.is_active ? ACTIVE_TONE : IDLE_TONE}`}
                >
                  {c.is_active ? t('admin.active') : t('admin.inactive')}
                </span>
              </li>
            ))}
          </ul>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-gray-300"
              checked={config.openai_config.useAzure}
              onChange={(e) => void toggleAzure(e.target.checked)}
            />
            {t('admin.useAzure')}
          </label>
          <p className="text-xs text-gray-600 dark:text-gray-400">{t('admin.keysStay')}</p>
        </div>
      )}
    </Section>
  );
}
