// /success: the landing page after a purchase.
import { Link } from 'react-router-dom';
import { CheckCircle2 } from 'lucide-react';
import { CenteredCard } from '../components/CenteredCard.js';

export default function Success() {
  return (
    <CenteredCard title="Thank you!">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">Your payment was received. Credits are delivered within 5 minutes and never expire.</p>
      <Link to="/" className="btn-primary mt-6">Go to Dashboard</Link>
    </CenteredCard>
  );
}
