// What a Buy button opens when the server has no checkout set up (POST /api/checkout answered 503):
// says so, and offers the ways to get credits that work without it.
import { Link } from 'react-router-dom';
import { useT } from '../i18n/index.js';
import { Dialog } from './Dialog.js';
import '../i18n/payments.js'; // the studio-payments words it shows load with it (i18n/shared.ts)

export function CheckoutUnavailableDialog({ item, onClose }: { item: string | null; onClose(): void }) {
  const { t } = useT();
  return (
    <Dialog
      isOpen={item !== null}
      title={t('unavailable.title')}
      onClose={onClose}
      testId="checkout-unavailable"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {t('unavailable.close')}
          </button>
          <Link to="/profile/edit" className="btn-primary">
            {t('unavailable.redeem')}
          </Link>
        </>
      }
    >
      <p>{t('unavailable.body', { item: item ?? '' })}</p>
      <p className="mt-2">{t('unavailable.meanwhile')}</p>
    </Dialog>
  );
}
