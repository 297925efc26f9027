// The trip page's pay panel: "Pay the deposit" (later "Pay the balance") by card, by mobile money
// (the amount in the chosen currency and the day's rate shown before paying) or by bank transfer
// (the booking's reference to quote). Back from the provider before its webhook, the traveller
// sees "Your payment is being confirmed": the page asks a small no-store answer every few seconds
// and reloads when the payment lands; without JavaScript, a link checks again.
import { useEffect } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { MOBILE_NETWORKS, type TripPayView } from '../../common/payments.ts';
import { usePageLanguage, useT, useTParts } from '../i18n/pages.ts';
import { dueWhat, useTripFormat } from './trip-words.ts';
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
  const t = useT();
  const tParts = useTParts();
  const { money } = useTripFormat();
  if (!a) return null;
  if (a.state === 'open' && cancelled) return <p className="trip__note">{t('tripPage.pay.left')}</p>;
  const what = { what: dueWhat(t, a.what), amount: money(a.amountMinor, a.currency) };
  if (a.state === 'open')
    return (
      <div className="trip__confirming" role="status">
        <p>
          <strong>{t('tripPage.pay.confirming')}</strong>
          {tParts('tripPage.pay.confirmingWhat', what)}
        </p>
        <p>
          <a href={`?payment=${encodeURIComponent(a.key)}`}>{t('tripPage.pay.checkAgain')}</a>
        </p>
      </div>
    );
  if (a.state === 'paid')
    return (
      <p className="trip__success" role="status">
        {tParts('tripPage.pay.paid', what)}
      </p>
    );
  if (a.state === 'failed')
    return (
      <p className="trip__error" role="status">
        {t('tripPage.pay.failed')}
      </p>
    );
  return <p className="trip__note">{t('tripPage.pay.checking')}</p>;
}

function Methods({ pay }: { pay: TripPayView }) {
  const due = pay.due!;
  const t = useT();
  const tParts = useTParts();
  const { money, number } = useTripFormat();
  return (
    <fieldset className="trip__methods">
      <legend>{t('tripPage.pay.how')}</legend>
      {pay.card && (
        <label className="trip__check">
          <input type="radio" name="method" value="card" defaultChecked />
          <span>{tParts('tripPage.pay.card', { amount: money(due.amountMinor, due.currency) })}</span>
        </label>
      )}
      {pay.mobile.map((m, i) => (
        <label key={m.currency} className="trip__check">
          <input type="radio" name="method" value={`mobile-money:${m.currency}`} defaultChecked={!pay.card && i === 0} />
          <span>
            {tParts('tripPage.pay.mobile', { network: MOBILE_NETWORKS[m.currency] })}
            <strong>{money(m.amountMinor, m.currency)}</strong>
            {tParts('tripPage.pay.rate', { rate: number(m.rate, 4), currency: m.currency, base: due.currency })}
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
  const t = useT();
  const tParts = useTParts();
  const { longDay, money } = useTripFormat();
  const language = usePageLanguage();
  const payLabel = due?.what === 'deposit' ? t('tripPage.pay.deposit') : t('tripPage.pay.balance');
  return (
    <section className="trip__section trip__pay" aria-labelledby="trip-pay">
      <h2 id="trip-pay">{due ? payLabel : t('tripPage.pay.payments')}</h2>
      <Confirmation pay={pay} cancelled={cancelled} />
      {due && online && !confirming && (
        <Form method="post" className="trip__form" noValidate>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="language" value={language} />
          <input type="hidden" name="what" value={due.what} />
          {error && (
            <p className="trip__error" role="alert">
              {error}
            </p>
          )}
          <Methods pay={pay} />
          <button type="submit" className="btn btn--primary" aria-disabled={busy}>
            {payLabel}
          </button>
          <p className="trip__note">{t('tripPage.pay.secure')}</p>
        </Form>
      )}
      {due && (
        <p className="trip__note">
          {tParts('tripPage.pay.bank', { amount: money(due.amountMinor, due.currency), day: longDay(due.by) })}
          <strong>{pay.reference}</strong>
          {t('tripPage.pay.bankEnd')}
        </p>
      )}
    </section>
  );
}
