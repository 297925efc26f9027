// The confirmation dialog of the enquiry form: a native modal <dialog> (the page behind is inert
// and focus stays inside), titled by its heading, closed by its button or Escape; focus goes
// to the Close button on opening and back to where it was on closing. Its tick (SentMark) also
// tops the thank-you page that a post without JavaScript lands on.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../i18n/index.ts';

export interface FormDialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  closeLabel?: string;
  children: ReactNode;
}

/** The round tick over a sent form's thanks, here and on the page shown after a post without JavaScript. */
export function SentMark() {
  return (
    <div className="enq-dialog__mark" aria-hidden="true">
      <svg width="30" height="30" viewBox="0 0 24 24">
        <path d="M5 12.5l4.2 4.2L19 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

export function FormDialog({ open, title, onClose, closeLabel, children }: FormDialogProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="enq-dialog"
      aria-labelledby={titleId}
      onClose={() => {
        returnTo.current?.focus?.();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) ref.current.close();
      }}
    >
      <div className="enq-dialog__box">
        <SentMark />
        <h2 id={titleId} className="enq-dialog__title">
          {title}
        </h2>
        <div className="enq-dialog__body">{children}</div>
        <button ref={closeRef} type="button" className="btn btn--primary enq-dialog__close" onClick={() => ref.current?.close()}>
          {closeLabel ?? t('enquiry.close')}
        </button>
      </div>
    </dialog>
  );
}
