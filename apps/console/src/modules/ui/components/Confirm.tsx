import type { ReactNode } from 'react';

export interface ConfirmProps {
  /** The question, as the dialog's accessible name ("Stop voting?"). */
  label: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** A destructive or irreversible action: the confirm button is red. */
  danger?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * An inline confirmation. The safe choice (cancel) comes first and has the focus, so Enter
 * or a stray tap never confirms.
 */
export function Confirm({
  label,
  children,
  confirmLabel,
  cancelLabel,
  danger = false,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmProps) {
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <div>{children}</div>
      <div className="button-row">
        <button
          type="button"
          className="secondary"
          autoFocus
          onClick={onCancel}
        >
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'danger' : 'primary'}
          disabled={pending}
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
      </div>
    </div>
  );
}
