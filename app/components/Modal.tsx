// A modal dialog on the native <dialog> element: showModal() makes the rest of the page inert
// (focus stays inside), Escape closes it, and focus returns to where it was.
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './Icons.tsx';
import { useT } from '../i18n/index.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** id of the element naming the dialog (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
  closeLabel?: string;
}

export function Modal({ open, onClose, labelledBy, children, className, closeLabel }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      document.documentElement.classList.add('has-modal');
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  function handleClose() {
    document.documentElement.classList.remove('has-modal');
    returnTo.current?.focus?.();
    onClose();
  }

  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      onClose={handleClose}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) ref.current.close();
      }}
    >
      <div className="modal__box">
        <button type="button" className="modal__close icon-btn" onClick={() => ref.current?.close()} aria-label={closeLabel ?? t('enquiry.close')}>
          <CloseIcon size={22} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
