// The credit-code redeem box: one text box forced to upper case; the button is disabled while the box
// is empty or a redeem is running. Shared by the profile page and /redeem.
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-hot-toast';
import { Ticket } from 'lucide-react';
import type { CreditsGrantedResponse } from '../engine.js';
import { ApiError, call } from '../lib/api.js';
import { useAuth } from '../lib/auth.js';
import { initialLang, translate, useT } from '../i18n/index.js';
import '../i18n/auth.js'; // the studio-auth words it shows load with it (i18n/shared.ts)

/** Redeem a code (trimmed, upper-cased); toasts the outcome (in the studio language) and updates the balance. */
export async function redeemCode(
  code: string,
  setCredits: (n: number) => void,
): Promise<CreditsGrantedResponse | null> {
  const lang = initialLang();
  try {
    const r = await call('POST /credits/redeem', { body: { code: code.trim().toUpperCase() } });
    setCredits(r.credits_available);
    toast.success(translate('credits.redeemed', lang));
    return r;
  } catch (error) {
    const isAlready = error instanceof ApiError && error.code === 'already_claimed';
    const isInvalid =
      error instanceof ApiError && (error.status === 404 || error.status === 409 || error.status === 400);
    toast.error(
      translate(
        isAlready ? 'credits.codeAlreadyRedeemed' : isInvalid ? 'credits.invalidCode' : 'credits.redeemFailed',
        lang,
      ),
    );
    return null;
  }
}

export function RedeemBox({ onRedeemed }: { onRedeemed?: (r: CreditsGrantedResponse) => void }) {
  const { setCredits } = useAuth();
  const { t } = useT();
  const [code, setCode] = useState('');
  const [isRedeeming, setIsRedeeming] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return;
    setIsRedeeming(true);
    const r = await redeemCode(code, setCredits);
    setIsRedeeming(false);
    if (r) {
      setCode('');
      onRedeemed?.(r);
    }
  };
  return (
    <form onSubmit={submit} className="card p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="flex items-center gap-2 text-base font-semibold">
        <Ticket className="h-5 w-5 text-brand-600" aria-hidden="true" /> {t('credits.redeemTitle')}
      </h2>
      <label htmlFor={`${id}-code`} className="label mt-3">
        {t('credits.codeLabel')}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`${id}-code`}
          className="input font-mono uppercase"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          placeholder={t('credits.codePlaceholder')}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="btn-primary shrink-0" disabled={!code.trim() || isRedeeming}>
          {isRedeeming ? t('credits.redeemingButton') : t('credits.redeem')}
        </button>
      </div>
    </form>
  );
}
