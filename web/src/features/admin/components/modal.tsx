import { useEffect, useId, useRef, type ReactNode } from 'react';
import { primaryButton, secondaryButton } from '@/components/ui/button-styles';
import { CloseIcon } from '@/components/ui/icons';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  size?: 'md' | 'lg';
};

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the
 * page inert, keeps focus inside and closes on Escape; focus returns to
 * whatever opened it. Render it only while open; mark the control that should
 * have the focus first with data-autofocus.
 */
export function Modal({ title, onClose, children, role = 'dialog', describedBy, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // React's autoFocus runs before showModal(), which then moves focus to the first control (the close button);
    // the element the content marks with data-autofocus gets it instead.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Escape: let the owner decide (it unmounts the dialog).
        event.preventDefault();
        onCloseRef.current();
      }}
      className={`ad:m-auto ad:max-h-[calc(100dvh-2rem)] ad:w-[calc(100%-1.5rem)] ad:overflow-y-auto ad:rounded-lg ad:bg-white ad:p-0 ad:text-slate-900 ad:shadow-xl ad:backdrop:bg-slate-900/50 ${size === 'lg' ? 'ad:max-w-2xl' : 'ad:max-w-lg'}`}
    >
      <div className="ad:flex ad:items-start ad:justify-between ad:gap-4 ad:border-b ad:border-slate-200 ad:px-4 ad:py-3 ad:sm:px-6">
        <h2 id={titleId} className="ad:text-lg ad:font-bold">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="ad:rounded-md ad:p-1 ad:text-slate-600 ad:hover:bg-slate-100 ad:hover:text-slate-900"
          aria-label="Close"
        >
          <CloseIcon className="ad:size-5" />
        </button>
      </div>
      <div className="ad:px-4 ad:py-4 ad:sm:px-6">{children}</div>
    </dialog>
  );
}

type ConfirmDialogProps = {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
};

/** "Are you sure?" as an accessible alert dialog; Cancel has the focus, so Enter never destroys by accident. */
export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onCancel, danger = false }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Modal title={title} onClose={onCancel} role="alertdialog" describedBy={messageId}>
      <p id={messageId} className="ad:text-slate-800">
        {message}
      </p>
      <div className="ad:mt-6 ad:flex ad:flex-wrap ad:justify-end ad:gap-3">
        <button type="button" className={secondaryButton} onClick={onCancel} data-autofocus>
          Cancel
        </button>
        <button type="button" className={danger ? `${primaryButton} ad:bg-red-700 ad:hover:bg-red-800` : primaryButton} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}

/** A form's Cancel and submit buttons at the end of a modal. */
export function ModalActions({ onCancel, className = '', children }: { onCancel: () => void; className?: string; children: ReactNode }) {
  return (
    <div className={`ad:flex ad:flex-wrap ad:justify-end ad:gap-3${className ? ` ${className}` : ''}`}>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
      {children}
    </div>
  );
}
