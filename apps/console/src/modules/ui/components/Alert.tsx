import type { ReactNode } from 'react';

export interface AlertProps {
  children: ReactNode;
  tone?: 'danger' | 'success' | 'info';
  /** For fields that point at it with `aria-describedby`. */
  id?: string;
}

/** A message that screen readers announce when it appears. */
export function Alert({ children, tone = 'danger', id }: AlertProps) {
  return (
    <div
      id={id}
      className={`alert alert-${tone}`}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
