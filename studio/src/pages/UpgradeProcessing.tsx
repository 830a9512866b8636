// The upgrade-processing page (/upgrade-processing?plan=…&token=…): a spinner, then a toast, then /.
// Plan upgrades by token (spec/'s process_upgrade) are not offered: credits are bought on /upgrade through
// Stripe Checkout. So a complete link ends in the spec's failure message; an incomplete one in "Invalid upgrade link".
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-hot-toast';
import { Spinner } from '../components/Spinner.js';

export default function UpgradeProcessing() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  useEffect(() => {
    const plan = params.get('plan');
    const token = params.get('token');
    const timer = setTimeout(() => {
      if (!plan || !token) toast.error('Invalid upgrade link');
      else toast.error('Failed to process upgrade. Please try again or contact support.');
      navigate('/', { replace: true });
    }, 800);
    return () => clearTimeout(timer);
  }, [params, navigate]);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <Spinner label="Processing your upgrade" className="h-10 w-10" />
      <p className="text-sm text-gray-600 dark:text-gray-400">Processing your upgrade…</p>
    </div>
  );
}
