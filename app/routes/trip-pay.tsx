// The trip page's pay panel: "Pay the deposit" (later "Pay the balance") by card, by mobile money
// (the amount in the chosen currency and the day's rate shown before paying) or by bank transfer
// (the booking's reference to quote). Back from the provider before its webhook, the traveller
// sees "Your payment is being confirmed": the page asks a small no-store answer every few seconds
// and reloads when the payment lands; without JavaScript, a link checks again.
import { useEffect } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { formatMinor } from '../../common/booking-money.ts';
import type { Currency } from '../../common/currency.ts';
import { MOBILE_NETWORKS, PAY_MESSAGES, type TripPayView } from '../../common/payments.ts';
import { formatDate, formatNumber } from '../../common/intl.ts';

const money = (n: number, c: string) => formatMinor(n, c as Currency);
const longDay = (day: string) => formatDate(day, 'en', 'weekdayLong');
const POLL_MS = 3000;

/** Asks the attempt's state until it is no longer open, then reloads the page's data. */
function useConfirmation(token: string, key: string | null) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const res = await fetch(`/api/trip/${encodeURIComponent(token)}/payment?attempt=${encodeURIComponent(key)}&only=attempt`, { cache: 'no-store' }).catch(() => null);
      const body = res?.ok ? ((await res.json()) as { attempt: { state: string } | null }) : null;
      if (!stopped && body?.attempt && body.attempt.state !== 'open') {
        clearInterval(timer);
        revalidator.revalidate();
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [token, key, revalidator]);
}

function Confirmation({ pay, cancelled }: { pay: TripPayView; cancelled: boolean }) {
  const a = pay.attempt;
  if (!a) return null;
  if (a.state === 'open' && cancelled) return <p className="trip__note">You left the payment page: nothing was taken. Choose a way to pay below when you are ready.</p>;
  if (a.state === 'open')
    return (
      <div className="trip__confirming" role="status">
        <p>
          <strong>{PAY_MESSAGES.confirming}</strong>: the {a.what} of {money(a.amountMinor, a.currency)}. This page updates by itself when it is confirmed.
        </p>
        <p>
          <a href={`?payment=${encodeURIComponent(a.key)}`}>Check again</a>
        </p>
      </div>
    );
  if (a.state === 'paid')
    return (
      <p className="trip__success" role="status">
        Thank you: your {a.what} of {money(a.amountMinor, a.currency)} is confirmed. We have e-mailed your receipt.
      </p>
    );
  if (a.state === 'failed')
    return (
      <p className="trip__error" role="status">
        The payment was not completed and nothing was taken. Please try again, or choose another way to pay.
      </p>
    );
  return <p className="trip__note">We are checking your payment and will contact you shortly.</p>;
}

function Methods({ pay }: { pay: TripPayView }) {
  const due = pay.due!;
  return (
    <fieldset className="trip__methods">
      <legend>How would you like to pay?</legend>
      {pay.card && (
        <label className="trip__check">
          <input type="radio" name="method" value="card" defaultChecked />
          <span>Card (Visa, Mastercard, American Express): {money(due.amountMinor, due.currency)}</span>
        </label>
      )}
      {pay.mobile.map((m, i) => (
        <label key={m.currency} className="trip__check">
          <input type="radio" name="method" value={`mobile-money:${m.currency}`} defaultChecked={!pay.card && i === 0} />
          <span>
            Mobile money, {MOBILE_NETWORKS[m.currency]}: <strong>{money(m.amountMinor, m.currency)}</strong> at {formatNumber(m.rate, 'en', 4)} {m.currency} per {due.currency}, today’s rate
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function PayPanel({ pay, token, cancelled, error }: { pay: TripPayView; token: string; cancelled: boolean; error: string | null }) {
  const confirming = pay.attempt?.state === 'open' && !cancelled ? pay.attempt.key : null;
  useConfirmation(token, confirming);
  const busy = useNavigation().state === 'submitting';
  const due = pay.due;
  const online = pay.card || pay.mobile.length > 0;
  return (
    <section className="trip__section trip__pay" aria-labelledby="trip-pay">
      <h2 id="trip-pay">{due ? (due.what === 'deposit' ? 'Pay the deposit' : 'Pay the balance') : 'Payments'}</h2>
      <Confirmation pay={pay} cancelled={cancelled} />
      {due && online && !confirming && (
        <Form method="post" className="trip__form" noValidate>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="what" value={due.what} />
          {error && (
            <p className="trip__error" role="alert">
              {error}
            </p>
          )}
          <Methods pay={pay} />
          <button type="submit" className="btn btn--primary" aria-disabled={busy}>
            {due.what === 'deposit' ? 'Pay the deposit' : 'Pay the balance'}
          </button>
          <p className="trip__note">You pay on the provider’s secure page; we never see your card or your PIN.</p>
        </Form>
      )}
      {due && (
        <p className="trip__note">
          By bank transfer: {money(due.amountMinor, due.currency)} by {longDay(due.by)}, quoting the reference <strong>{pay.reference}</strong>. We confirm every payment by e-mail.
        </p>
      )}
    </section>
  );
}
