// One labelled field of an admin form: its label (tied to the control by `id`) above the control and
// whatever goes with it (an error).
import type { ReactNode } from 'react';

export function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children}
    </div>
  );
}
