// The upgrade-processing page (/upgrade-processing?plan=…&token=…): a spinner, then a toast, then /.
// Plan upgrades by token (spec/'s process_upgrade) are not offered: credits are bought on /upgrade through
// Stripe Checkout. So a complete link ends in the spec's failure message; an incomplete one in "Invalid upgrade link".
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Spinner } from '../components/Spinner.js';
import { useT } from '../i18n/index.js';
import '../i18n/credits.js'; // the studio-credits words it shows load with it (i18n/shared.ts)

export default function UpgradeProcessing() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useT();
  useEffect(() => {
    const plan = params.get('plan');
    const token = params.get('token');
    const timer = setTimeout(() => {
      if (!plan || !token) toast.error(t('processing.invalidLink'));
      else toast.error(t('processing.failed'));
      navigate('/', { replace: true });
    }, 800);
    return () => clearTimeout(timer);
  }, [params, navigate, t]);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <Spinner label={t('processing.label')} className="h-10 w-10" />
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('processing.text')}</p>
    </div>
  );
}
