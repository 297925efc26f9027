// The safari page's Get a free quote overlay: the enquiry form (quote variant) in a modal dialog,
// titled with the safari, whose slug it sends (the field safari). Its code is loaded when the visitor asks for a quote.
import { EnquiryForm } from './EnquiryForm.tsx';
import { Modal } from './Modal.tsx';
import { useT } from '../i18n/pages.ts';

export interface QuoteOverlayProps {
  open: boolean;
  /** '{days} Day {title}' of the safari. */
  heading: string;
  currentUrl: string;
  /** The safari's slug, sent with the enquiry. */
  safari: string;
  onClose: () => void;
}

export function QuoteOverlay({ open, heading, currentUrl, safari, onClose }: QuoteOverlayProps) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} labelledBy="quote-title" className="modal--quote" closeLabel={t('quote.close')}>
      <p className="eyebrow">{t('quote.eyebrow')}</p>
      <h2 id="quote-title" className="modal__title">
        {heading}
      </h2>
      <p className="modal__lead">{t('quote.lead')}</p>
      {open && <EnquiryForm variant="quote" currentUrl={currentUrl} initialTrip={{ safari }} onSubmitted={onClose} />}
    </Modal>
  );
}
