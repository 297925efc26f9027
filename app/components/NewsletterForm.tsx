// The footer newsletter form (full name, email). Implemented by the newsletter work.
export function NewsletterForm() {
  return <form method="post" action="/newsletter" aria-label="Newsletter" />;
}
