// /success: the landing page after a purchase.
import { Link } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { AuthLayout } from '../components/AuthLayout.js';
import { useT } from '../i18n/index.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

export default function Success() {
  const { t } = useT();
  return (
    <AuthLayout title={t('landing.thankYou')} isCentered>
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">{t('landing.paymentReceived')}</p>
      <Link to="/" className="btn-primary mt-6">
        {t('landing.goToDashboard')}
      </Link>
    </AuthLayout>
  );
}
