// /upgrade: three one-time credit packages, the middle one marked Popular. Also where the credit guard
// sends users without enough credits.
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Check, Sparkles } from 'lucide-react';
import { useAuth } from '../lib/auth.js';
import { UPGRADE_PACKAGES } from '../data/packages.js';
import { ComingSoonDialog } from '../components/ComingSoon.js';

export default function Upgrade() {
  const { user } = useAuth();
  const location = useLocation();
  const [chosen, setChosen] = useState<string | null>(null);
  const reason = (location.state as { needed?: number; tool?: string } | null) ?? null;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Get More Credits</h1>
      <p className="mt-1 text-gray-600 dark:text-gray-400">One-time purchases. You have {user?.credits_available.toLocaleString('en')} credits.</p>
      {reason?.tool && (
        <div role="alert" className="error-box mt-4">
          Insufficient credits. Please upgrade your plan. {reason.tool} needs {reason.needed ?? 1} credit{reason.needed === 1 ? '' : 's'} per generation.
        </div>
      )}
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {UPGRADE_PACKAGES.map((p) => (
          <section key={p.id} className={`card relative flex flex-col p-6 ${p.isPopular ? 'ring-2 ring-brand-600' : ''}`} aria-labelledby={`pkg-${p.id}`}>
            {p.isPopular && (
              <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-brand-600 px-3 py-0.5 text-xs font-semibold text-white">
                <Sparkles className="h-3 w-3" aria-hidden="true" /> Popular
              </span>
            )}
            <h2 id={`pkg-${p.id}`} className="text-lg font-semibold">{p.name}</h2>
            <p className="mt-2 text-3xl font-bold">{p.price}</p>
            <p className="text-sm text-gray-600 dark:text-gray-400">{p.credits.toLocaleString('en')} credits, one-time</p>
            <ul className="mt-4 flex-1 space-y-2 text-sm">
              {p.features.map((f) => (
                <li key={f} className="flex items-center gap-2"><Check className="h-4 w-4 text-green-600" aria-hidden="true" /> {f}</li>
              ))}
            </ul>
            <button type="button" className={`${p.isPopular ? 'btn-primary' : 'btn-secondary'} mt-6`} onClick={() => setChosen(`${p.name} (${p.credits} credits)`)}>
              Buy {p.credits.toLocaleString('en')} Credits
            </button>
          </section>
        ))}
      </div>
      <ComingSoonDialog item={chosen} onClose={() => setChosen(null)} />
    </div>
  );
}
