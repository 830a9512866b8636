// A centred card for the public landing pages (redeem, claim, success).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen } from 'lucide-react';

export function CenteredCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <Link to="/" className="mb-6 flex items-center gap-2 text-2xl font-bold">
        <span className="flex h-10 w-10 items-center justify-center rounded-xl bg-brand-600 text-white"><BookOpen className="h-6 w-6" aria-hidden="true" /></span>
        Karya
      </Link>
      <main className="card w-full max-w-md p-6 text-center sm:p-8">
        <h1 className="text-xl font-bold">{title}</h1>
        <div className="mt-4">{children}</div>
      </main>
    </div>
  );
}
