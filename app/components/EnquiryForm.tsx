// The plan-a-safari enquiry form (spec points 2, 4, 5, 8). Implemented by the enquiries work.
export interface EnquiryFormProps {
  /** contact and plan: success modal then /blogs; quote: browser alert; home: 'Thank You!' modal. */
  variant: 'contact' | 'plan' | 'quote' | 'home';
  /** Page address sent with the enquiry (the quote overlay sends it). */
  currentUrl?: string;
  /** Called after a successful quote submission (e.g. to close the overlay). */
  onSubmitted?: () => void;
}

export function EnquiryForm(_props: EnquiryFormProps) {
  return <form method="post" action="/enquiry" aria-label="Plan your safari" />;
}
