// What a purchase button opens until checkout exists (a later issue): says so, and offers the ways to
// get credits that work today.
import { Link } from 'react-router-dom';
import { Dialog } from './Dialog.js';

export function ComingSoonDialog({ item, onClose }: { item: string | null; onClose(): void }) {
  return (
    <Dialog
      isOpen={item !== null}
      title="Checkout is coming soon"
      onClose={onClose}
      testId="coming-soon"
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>Close</button>
          <Link to="/profile/edit" className="btn-primary">Redeem a code</Link>
        </>
      }
    >
      <p>Online payment for <strong>{item}</strong> is not available yet.</p>
      <p className="mt-2">Meanwhile, ask the administrator for a credit code or a credit link, and redeem it on your profile page. Credits never expire.</p>
    </Dialog>
  );
}
