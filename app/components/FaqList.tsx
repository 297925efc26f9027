// The FAQ accordion: native <details>/<summary>, so it opens and closes with or without JavaScript.
import type { Faq } from '../../common/api-types.ts';
import { RichText } from './RichText.tsx';

export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="faq">
      {faqs.map((f) => (
        <details key={f.id} className="faq__item" id={`faq-${f.faqslug}`}>
          <summary className="faq__q">
            <span>{f.question}</span>
            <span className="faq__icon" aria-hidden="true" />
          </summary>
          <RichText html={f.answer} className="faq__a" />
        </details>
      ))}
    </div>
  );
}
