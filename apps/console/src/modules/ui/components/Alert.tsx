import type { ReactNode } from 'react';

export interface AlertProps {
  children: ReactNode;
  tone?: 'danger' | 'success' | 'info';
}

/** A message that screen readers announce when it appears. */
export function Alert({ children, tone = 'danger' }: AlertProps) {
  return (
    <div
      className={`alert alert-${tone}`}
      role={tone === 'danger' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
