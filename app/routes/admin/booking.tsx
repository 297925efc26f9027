// /admin/bookings/:id: one booking (owners and agents). Its state and history; the price and the
// account (total, deposit, paid, outstanding, what is due and by when); the ledger, every entry
// with who recorded it and its receipt (PDF); forms to record a payment, and for owners a refund
// or a correction (always a new entry, never an edit) and a cancellation with a reason; the
// traveller manifest; the lodges to confirm night by night; and the staff's notes. Amounts are
// typed in major units (dollars) and turned into minor units by decimalToMinor, the one function.
import type { ReactNode } from 'react';
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { BookingDetail } from '../../../common/booking-console.ts';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS } from '../../../common/booking-ledger.ts';
import { BOOKING_STATE_LABELS, type BookingState, decimalToMinor, formatMinor } from '../../../common/booking-money.ts';
import { BOARD_LABELS } from '../../../common/quote-document.ts';
import { CsrfInput, Field, FormError, IntentForm, Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { When } from '../../components/admin/InboxUi.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { num } from '../../components/ColumnHeads.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { dayText, StateBadge } from '../../lib/booking-format.tsx';
import type { AttemptLine } from '../../../common/payments.ts';
import { OnlinePayments, type ProviderRefundResult, providerRefundAction } from './booking-payments.tsx';
import type { Route } from './+types/booking';
import './bookings.css';
import { LANGUAGES } from '../../../common/languages.ts';

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.booking.reference ?? 'Booking'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const [booking, online] = await Promise.all([
    adminGet<BookingDetail>(context, request, `/bookings/${encodeURIComponent(params.id)}`),
    adminGet<{ attempts: AttemptLine[] }>(context, request, `/bookings/${encodeURIComponent(params.id)}/payments`),
  ]);
  // Each entry form carries a key of its own: the same form sent twice records one entry.
  return { booking, attempts: online.attempts, key: crypto.randomUUID() };
}

type Intent = 'payment' | 'refund' | 'correction' | 'cancel' | 'notes' | 'night';
type Result = { intent: Intent; ok: boolean; message: string; field?: string; typed?: Record<string, string> };

const ENTRY_DONE = { payment: 'The payment is recorded.', refund: 'The refund is recorded.', correction: 'The correction is recorded.' } as const;

async function entryAction(intent: 'payment' | 'refund' | 'correction', form: FormData, id: string, context: Route.ActionArgs['context'], request: Request): Promise<Result> {
  const typed = Object.fromEntries(['amount', 'method', 'reference', 'receivedOn', 'reason'].map((k) => [k, String(form.get(k) ?? '')]));
  const major = decimalToMinor(typed.amount!, (String(form.get('currency')) || 'USD') as never);
  if (major === null || major === 0) return { intent, ok: false, message: 'Enter the amount in dollars, for example 2736 or 2,736.50.', field: 'amountMinor', typed };
  // A refund is money going back: typed as a positive amount, recorded negative.
  const amountMinor = intent === 'refund' ? -Math.abs(major) : major;
  const json = {
    kind: intent,
    amountMinor,
    method: typed.method || null,
    reference: typed.reference,
    receivedOn: typed.receivedOn,
    reason: typed.reason,
    idempotencyKey: String(form.get('key') ?? '') || null,
  };
  const sent = await adminSend<{ created: boolean }>(context, request, `/bookings/${id}/ledger`, { json, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { intent, ok: false, message: sent.error!, field: sent.field, typed };
  return { intent, ok: true, message: sent.data!.created ? ENTRY_DONE[intent] : 'This entry was already recorded.' };
}

export async function action({ request, context, params }: Route.ActionArgs): Promise<Result | ProviderRefundResult> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '') as Intent | 'provider-refund';
  const id = encodeURIComponent(params.id);
  const csrf = form.get(CSRF_FIELD);
  if (intent === 'provider-refund') return providerRefundAction(form, id, (path, json, token) => adminSend(context, request, path, { json, csrf: token }));
  if (intent === 'payment' || intent === 'refund' || intent === 'correction') return entryAction(intent, form, id, context, request);
  if (intent === 'cancel') {
    const sent = await adminSend(context, request, `/bookings/${id}/cancel`, { json: { reason: String(form.get('reason') ?? '') }, csrf });
    return sent.ok ? { intent, ok: true, message: 'The booking is cancelled. Record any refund in the ledger.' } : { intent, ok: false, message: sent.error! };
  }
  if (intent === 'notes') {
    const sent = await adminSend<{ changed: boolean }>(context, request, `/bookings/${id}/notes`, { method: 'PUT', json: { notes: String(form.get('notes') ?? '') }, csrf });
    return sent.ok ? { intent, ok: true, message: sent.data!.changed ? 'The notes are saved.' : 'Nothing changed.' } : { intent, ok: false, message: sent.error! };
  }
  if (intent === 'night') {
    const night = String(form.get('night') ?? '');
    const sent = await adminSend(context, request, `/bookings/${id}/nights/${encodeURIComponent(night)}`, { method: 'PUT', json: { confirmed: form.get('confirmed') === 'yes' }, csrf });
    return sent.ok
      ? { intent, ok: true, message: form.get('confirmed') === 'yes' ? `Night ${night} is confirmed with the lodge.` : `Night ${night} is marked as not confirmed.` }
      : { intent, ok: false, message: sent.error! };
  }
  return { intent: 'notes', ok: false, message: 'Choose what to do.' };
}

/** One of the account's amounts due, with its day. */
function DueBy({ term, amount, on }: { term: ReactNode; amount: string; on: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>
        {amount} <span className="c-bk-sub">by {dayText(on)}</span>
      </dd>
    </div>
  );
}

function Account({ b }: { b: BookingDetail }) {
  const a = b.account;
  const m = (n: number) => formatMinor(n, b.currency);
  return (
    <section className="c-panel" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <dl className="c-bk-account">
        <div>
          <dt>Trip price</dt>
          <dd>{m(a.totalMinor)}</dd>
        </div>
        <DueBy term={<>Deposit ({Math.round((a.depositMinor / Math.max(a.totalMinor, 1)) * 100)} %)</>} amount={m(a.depositMinor)} on={b.depositDueOn} />
        <DueBy term="Balance" amount={m(a.balanceMinor)} on={b.balanceDueOn} />
        <div>
          <dt>Received</dt>
          <dd>{m(a.paidMinor)}</dd>
        </div>
        <div className="c-bk-account__key">
          <dt>{a.outstandingMinor < 0 ? 'Owed back to the traveller' : 'Outstanding'}</dt>
          <dd>{m(Math.abs(a.outstandingMinor))}</dd>
        </div>
        <div className={a.overdue ? 'c-bk-account__key c-bk-overdue' : 'c-bk-account__key'}>
          <dt>Due now</dt>
          <dd>{a.next ? `${m(a.dueNowMinor)}${a.overdue ? ' (overdue)' : ''}; next: ${a.next.what} ${m(a.next.amountMinor)} by ${dayText(a.next.by)}` : 'Nothing more is due.'}</dd>
        </div>
      </dl>
    </section>
  );
}

function Ledger({ b }: { b: BookingDetail }) {
  return (
    <section className="c-panel" aria-labelledby="ledger-title">
      <h2 id="ledger-title">Payments ledger</h2>
      <p className="c-muted">Every amount received, refunded or corrected, in the order it was recorded. Entries are never changed: a mistake is put right by a correction.</p>
      {b.ledger.length === 0 ? (
        <p className="c-muted">Nothing has been recorded yet.</p>
      ) : (
        <ConsoleTable label="Ledger entries" columns={['Received', 'Entry', num('Amount'), 'Method and reference', 'Recorded', 'Receipt']}>
          {b.ledger.map((e) => (
            <tr key={e.id}>
              <td>{dayText(e.receivedOn)}</td>
              <th scope="row">
                {e.kind === 'payment' ? 'Payment' : e.kind === 'refund' ? 'Refund' : 'Correction'}
                {e.reason ? <span className="c-bk-sub c-break">{e.reason}</span> : null}
              </th>
              <td className="c-num">{formatMinor(e.amountMinor, e.currency)}</td>
              <td className="c-break">
                {e.method ? PAYMENT_METHOD_LABELS[e.method as keyof typeof PAYMENT_METHOD_LABELS] : '—'}
                {e.reference ? <span className="c-bk-sub">{e.reference}</span> : null}
              </td>
              <td>
                {e.recordedBy}
                <span className="c-bk-sub">
                  <When iso={e.recordedAt} />
                </span>
              </td>
              <td>
                <a href={`/admin/bookings/${b.id}/receipts/${e.id}`}>
                  PDF
                  <span className="sr-only">
                    {' '}
                    receipt of the {e.kind} of {dayText(e.receivedOn)}
                  </span>
                  {b.language === 'en' ? null : ` (${LANGUAGES[b.language]?.name ?? b.language})`}
                </a>
                {b.language === 'en' ? null : (
                  <span className="c-bk-sub">
                    <a href={`/admin/bookings/${b.id}/receipts/${e.id}?language=en`} hrefLang="en">
                      English
                      <span className="sr-only">
                        {' '}
                        copy of the receipt of the {e.kind} of {dayText(e.receivedOn)}
                      </span>
                    </a>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

function EntryForm({ kind, b, keyValue, result, busy }: { kind: 'payment' | 'refund' | 'correction'; b: BookingDetail; keyValue: string; result?: Result; busy: boolean }) {
  const mine = result?.intent === kind ? result : undefined;
  const typed = mine && !mine.ok ? mine.typed : undefined;
  const err = (field: string) => (mine && !mine.ok && mine.field === field ? mine.message : undefined);
  const titles = { payment: 'Record a payment', refund: 'Record a refund', correction: 'Correct a mistake' };
  const hints = {
    payment: `The amount received, in ${b.currency}, for example 2736 or 2,736.50.`,
    refund: 'The amount paid back to the traveller (recorded as a negative entry).',
    correction: 'Positive to add, negative (with a minus sign) to take away. The entry it corrects stays in the ledger.',
  };
  return (
    <section className="c-panel" aria-labelledby={`${kind}-title`}>
      <h2 id={`${kind}-title`}>{titles[kind]}</h2>
      {mine?.ok ? <Notice>{mine.message}</Notice> : null}
      <FormError>{mine && !mine.ok && !mine.field ? mine.message : undefined}</FormError>
      <Form method="post" className="c-form c-bk-entry" key={keyValue}>
        <CsrfInput />
        <input type="hidden" name="intent" value={kind} />
        <input type="hidden" name="key" value={keyValue} />
        <input type="hidden" name="currency" value={b.currency} />
        <Field name="amount" label={`Amount (${b.currency})`} hint={hints[kind]} inputMode="decimal" autoComplete="off" required defaultValue={typed?.amount ?? ''} error={err('amountMinor')} />
        {kind !== 'correction' ? (
          <Field
            name="method"
            label="Method"
            error={err('method')}
            control={(aria) => (
              <select {...aria} name="method" defaultValue={typed?.method ?? 'bank-transfer'}>
                {PAYMENT_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </option>
                ))}
              </select>
            )}
          />
        ) : null}
        {kind !== 'correction' ? (
          <Field
            name="reference"
            label="Reference (optional)"
            hint="The bank's or the mobile money transaction's reference; not the traveller's name or e-mail (the ledger is kept after an erasure)."
            maxLength={200}
            defaultValue={typed?.reference ?? ''}
            error={err('reference')}
          />
        ) : null}
        <Field name="receivedOn" type="date" label={kind === 'payment' ? 'Date received' : 'Date'} required max={b.today} defaultValue={typed?.receivedOn ?? b.today} error={err('receivedOn')} />
        {kind !== 'payment' ? <Field name="reason" label="Reason" required maxLength={1000} defaultValue={typed?.reason ?? ''} error={err('reason')} /> : null}
        <div>
          <button type="submit" className={kind === 'payment' ? 'btn btn--primary' : 'btn btn--ghost'} disabled={busy}>
            {titles[kind]}
          </button>
        </div>
      </Form>
    </section>
  );
}

function Nights({ b, busy }: { b: BookingDetail; busy: boolean }) {
  const open = b.nights.filter((n) => !n.confirmed).length;
  return (
    <section className="c-panel" aria-labelledby="nights-title">
      <h2 id="nights-title">Lodges to confirm</h2>
      <p className="c-muted">
        {b.nights.length === 0 ? 'The itinerary has no nights in a lodge.' : open === 0 ? 'Every night is confirmed with its lodge.' : `${open} of ${b.nights.length} nights still to confirm.`}
      </p>
      {b.nights.length ? (
        <ul className="c-bk-nights">
          {b.nights.map((n) => (
            <li key={n.night}>
              <span>
                <strong>
                  Night {n.night}, {dayText(n.date)}:
                </strong>{' '}
                {n.lodge}
                {n.roomType ? `, ${n.roomType}` : ''}
                {n.board ? `, ${BOARD_LABELS[n.board as keyof typeof BOARD_LABELS] ?? n.board}` : ''}
              </span>
              <IntentForm intent="night">
                <input type="hidden" name="night" value={n.night} />
                <input type="hidden" name="confirmed" value={n.confirmed ? 'no' : 'yes'} />
                <span className={n.confirmed ? 'c-badge c-badge--on' : 'c-badge c-badge--wait'}>{n.confirmed ? 'Confirmed' : 'Not confirmed'}</span>{' '}
                <button type="submit" className="btn btn--ghost btn--sm" disabled={busy}>
                  {n.confirmed ? 'Undo' : 'Mark confirmed'}
                  <span className="sr-only"> night {n.night}</span>
                </button>
              </IntentForm>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Manifest({ b }: { b: BookingDetail }) {
  return (
    <section className="c-panel" aria-labelledby="manifest-title">
      <h2 id="manifest-title">Traveller manifest</h2>
      <ConsoleTable label="Travellers on this booking" columns={['Name', 'Age', 'Dietary needs', 'Medical notes']}>
        {b.manifest.map((t) => (
          <tr key={t.position}>
            <th scope="row">
              {t.name}
              {t.position === 0 ? <span className="c-bk-sub">Lead traveller</span> : null}
            </th>
            <td>{t.age ?? '—'}</td>
            <td className="c-break">{t.dietary || '—'}</td>
            <td className="c-break">{t.medical || '—'}</td>
          </tr>
        ))}
      </ConsoleTable>
      <p className="c-muted">
        {b.manual ? 'A booking made by hand has no trip page: the ages are those given when it was made.' : 'Ages, dietary needs and medical notes are entered by the travellers on their trip page.'}
      </p>
    </section>
  );
}

function eventText(e: BookingDetail['events'][number]): string {
  const d = e.detail as { from?: BookingState | null; to?: BookingState; reason?: string; night?: number; confirmed?: boolean; on?: string; manual?: boolean };
  if (e.kind === 'state')
    return `${d.from ? `${BOOKING_STATE_LABELS[d.from]} → ` : d.manual ? 'Booked by hand: ' : 'Booked: '}${d.to ? BOOKING_STATE_LABELS[d.to] : ''}${d.reason ? ` (${d.reason})` : ''}`;
  if (e.kind === 'lodge-night') return `Night ${d.night} ${d.confirmed ? 'confirmed' : 'marked not confirmed'} with the lodge`;
  if (e.kind === 'notes') return 'Notes changed';
  if (e.kind === 'reminder-balance-soon') return 'Reminder sent: the balance falls due in 14 days';
  if (e.kind === 'reminder-balance-overdue') return 'Reminder sent: the balance is overdue';
  if (e.kind === 'reminder-trip-soon') return 'Reminder sent: the trip starts in 7 days';
  return e.kind;
}

function History({ b }: { b: BookingDetail }) {
  return (
    <section className="c-panel" aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <ol className="c-bk-history" reversed>
        {b.events.map((e) => (
          <li key={e.id}>
            <When iso={e.at} /> · {eventText(e)}
            {e.by ? ` · ${e.by}` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Notes({ b, result, busy }: { b: BookingDetail; result?: Result; busy: boolean }) {
  return (
    <section className="c-panel" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {result?.intent === 'notes' && result.ok ? <Notice>{result.message}</Notice> : null}
      <FormError>{result?.intent === 'notes' && !result.ok ? result.message : undefined}</FormError>
      <IntentForm intent="notes" className="c-form">
        <Field
          name="notes"
          label="Notes for the team"
          hint="Flights, special requests, anything the guides should know. Not shown to the traveller."
          control={(aria) => <textarea {...aria} name="notes" rows={5} maxLength={10000} defaultValue={b.notes} key={b.notes} />}
        />
        <div>
          <button type="submit" className="btn btn--ghost" disabled={busy}>
            Save the notes
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

function Cancel({ b, result, busy }: { b: BookingDetail; result?: Result; busy: boolean }) {
  if (b.state === 'cancelled' || b.state === 'travelled') return null;
  return (
    <section className="c-panel c-panel--danger" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel the booking</h2>
      <FormError>{result?.intent === 'cancel' && !result.ok ? result.message : undefined}</FormError>
      <IntentForm intent="cancel" className="c-form">
        <Field
          name="reason"
          label="Reason for cancelling"
          hint="Kept in the booking’s history and the audit log. Money already received stays in the ledger: record refunds as entries."
          required
          maxLength={1000}
        />
        <div>
          <button type="submit" className="btn btn--ghost c-danger" disabled={busy}>
            Cancel booking {b.reference}
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** Where the booking came from: its quote, staff's hand, or a group departure's seats (its manifest). */
function BookedFrom({ b }: { b: BookingDetail }) {
  if (b.departureId !== null) return <Link to={`/admin/departures/${b.departureId}`}>seats on a group departure</Link>;
  return b.manual ? 'made by hand' : `quote ${b.quoteReference}`;
}

export default function Booking() {
  const { booking: b, attempts, key } = useLoaderData<typeof loader>();
  const made = useSearchParams()[0].has('made');
  const answer = useActionData<typeof action>();
  const result = answer?.intent === 'provider-refund' ? undefined : (answer as Result | undefined);
  const busy = useNavigation().state === 'submitting';
  const owner = useConsoleSession()?.staff.role === 'owner';
  const travellers = b.travellers === 1 ? '1 traveller' : `${b.travellers} travellers`;
  return (
    <>
      <p className="c-back">
        <Link to="/admin/bookings">← Bookings</Link>
      </p>
      <PageHead
        title={`${b.reference}: ${b.leadName}`}
        lead={
          <>
            <StateBadge state={b.state} /> {b.title} · {dayText(b.travelFrom)} to {dayText(b.travelTo)} · {travellers} · <BookedFrom b={b} /> · <a href={`mailto:${b.leadEmail}`}>{b.leadEmail}</a>
            {b.leadPhone ? ` · ${b.leadPhone}` : ''}
            {` · ${LANGUAGES[b.language]?.name ?? b.language}`}
          </>
        }
        actions={
          owner && b.leadEmail ? (
            <Link className="btn btn--ghost btn--sm c-danger" to={`/admin/erase?booking=${b.id}`}>
              Erase this person
            </Link>
          ) : undefined
        }
      />
      {made && !result ? <Notice>Booking {b.reference} was made. Record the deposit below when it arrives.</Notice> : null}
      {result?.intent === 'cancel' && result.ok ? <Notice>{result.message}</Notice> : null}
      {result?.intent === 'night' ? result.ok ? <Notice>{result.message}</Notice> : <FormError>{result.message}</FormError> : null}
      <div className="c-bk-grid">
        <div className="c-bk-main">
          <Account b={b} />
          <Ledger b={b} />
          <OnlinePayments b={b} attempts={attempts} owner={owner} result={answer?.intent === 'provider-refund' ? (answer as ProviderRefundResult) : undefined} busy={busy} />
          <Manifest b={b} />
          <Nights b={b} busy={busy} />
          <History b={b} />
        </div>
        <div className="c-bk-side">
          <EntryForm kind="payment" b={b} keyValue={`${key}-payment`} result={result} busy={busy} />
          {owner ? <EntryForm kind="refund" b={b} keyValue={`${key}-refund`} result={result} busy={busy} /> : null}
          {owner ? <EntryForm kind="correction" b={b} keyValue={`${key}-correction`} result={result} busy={busy} /> : null}
          {!owner ? <p className="c-muted">Refunds, corrections and cancelling are done by an owner.</p> : null}
          <Notes b={b} result={result} busy={busy} />
          {owner ? <Cancel b={b} result={result} busy={busy} /> : null}
        </div>
      </div>
    </>
  );
}
