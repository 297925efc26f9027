// The booking screen's online payments: every attempt sent to a provider (card through Stripe,
// mobile money through Flutterwave), its state, and why staff must look at a flagged one (an
// amount that did not match, a payment for a cancelled booking); for owners, a refund of a paid
// one through its provider (the ledger shows it once the provider confirms).
import type { BookingDetail } from '../../../common/booking-console.ts';
import { decimalToMinor, formatMinor } from '../../../common/booking-money.ts';
import { ATTEMPT_STATE_LABELS, type AttemptLine, PROVIDER_LABELS } from '../../../common/payments.ts';
import { Field, FormError, IntentForm, Notice } from '../../components/admin/ConsoleUi.tsx';
import { When } from '../../components/admin/InboxUi.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { num } from '../../components/ColumnHeads.tsx';
import { type adminSend, CSRF_FIELD } from '../../lib/admin.ts';

export type ProviderRefundResult = { intent: 'provider-refund'; ok: boolean; message: string; attempt: string };

/** POST …/payments/{attempt}/refund, the amount typed in major units. */
export async function providerRefundAction(
  form: FormData,
  id: string,
  send: (path: string, json: unknown, csrf: FormDataEntryValue | null) => ReturnType<typeof adminSend<{ message: string }>>,
): Promise<ProviderRefundResult> {
  const attempt = String(form.get('attempt') ?? '');
  const amountMinor = decimalToMinor(String(form.get('amount') ?? ''), (String(form.get('currency')) || 'USD') as never);
  if (amountMinor === null || amountMinor <= 0) return { intent: 'provider-refund', ok: false, message: 'Enter the amount to refund, for example 500 or 1,000.50.', attempt };
  const sent = await send(`/bookings/${id}/payments/${encodeURIComponent(attempt)}/refund`, { amountMinor, reason: String(form.get('reason') ?? '') }, form.get(CSRF_FIELD));
  return sent.ok ? { intent: 'provider-refund', ok: true, message: sent.data!.message, attempt } : { intent: 'provider-refund', ok: false, message: sent.error!, attempt };
}

function RefundForm({ a, result, busy }: { a: AttemptLine; result?: ProviderRefundResult; busy: boolean }) {
  const mine = result?.attempt === String(a.id) ? result : undefined;
  return (
    <IntentForm intent="provider-refund" className="c-form c-bk-entry">
      <input type="hidden" name="attempt" value={a.id} />
      <input type="hidden" name="currency" value={a.currency} />
      {mine?.ok ? <Notice>{mine.message}</Notice> : null}
      <FormError>{mine && !mine.ok ? mine.message : undefined}</FormError>
      <Field name={`amount`} label={`Refund (${a.currency}), up to ${formatMinor(a.refundableMinor, a.currency)}`} inputMode="decimal" autoComplete="off" required />
      <Field name="reason" label="Reason" required maxLength={500} />
      <div>
        <button type="submit" className="btn btn--ghost" disabled={busy}>
          Refund through {a.provider === 'stripe' ? 'Stripe' : 'Flutterwave'}
        </button>
      </div>
    </IntentForm>
  );
}

function AttemptRow({ a, owner, result, busy }: { a: AttemptLine; owner: boolean; result?: ProviderRefundResult; busy: boolean }) {
  const what = a.what === 'refund' ? 'Refund' : a.what === 'deposit' ? 'Deposit' : 'Balance';
  return (
    <tr>
      <th scope="row">
        {what}
        <span className="c-bk-sub">{PROVIDER_LABELS[a.provider]}</span>
      </th>
      <td className="c-num">
        {formatMinor(a.amountMinor, a.currency)}
        {a.chargeCurrency !== a.currency ? <span className="c-bk-sub">charged {formatMinor(a.chargeMinor, a.chargeCurrency)}</span> : null}
      </td>
      <td className="c-break">
        <span className={a.state === 'flagged' ? 'c-badge c-badge--wait' : 'c-badge'}>{ATTEMPT_STATE_LABELS[a.state]}</span>
        {a.flagReason ? <span className="c-bk-sub">{a.flagReason}</span> : null}
      </td>
      <td>
        <When iso={a.createdAt} />
      </td>
      <td>{owner && a.refundableMinor > 0 ? <RefundForm a={a} result={result} busy={busy} /> : null}</td>
    </tr>
  );
}

export function OnlinePayments({ attempts, owner, result, busy }: { b: BookingDetail; attempts: AttemptLine[]; owner: boolean; result?: ProviderRefundResult; busy: boolean }) {
  if (!attempts.length) return null;
  const flagged = attempts.filter((a) => a.state === 'flagged').length;
  return (
    <section className="c-panel" aria-labelledby="online-title">
      <h2 id="online-title">Online payments</h2>
      {flagged ? (
        <p role="status">
          <strong>{flagged === 1 ? 'One payment needs' : `${flagged} payments need`} attention:</strong> it was not booked in the ledger. Refund it, or record it by hand.
        </p>
      ) : (
        <p className="c-muted">Each attempt the traveller made on the trip page, and the refunds sent through the providers.</p>
      )}
      <ConsoleTable label="Online payment attempts" columns={['Attempt', num('Amount'), 'State', 'Started', 'Refund']}>
        {attempts.map((a) => (
          <AttemptRow key={a.id} a={a} owner={owner} result={result} busy={busy} />
        ))}
      </ConsoleTable>
    </section>
  );
}
