// /admin/departures/:id: one group departure (owners and agents). Its seats (booked, held waiting
// for a deposit, left); the manifest, printable: each booking holding seats, its lead traveller's
// contacts, its money, its travellers with their ages, diets and medical notes; moving a booking to
// another date of the same safari; changing the departure; and, for owners, cancelling it (every
// traveller e-mailed, refunds marked due on the bookings that paid).
import { Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import type { BookingState } from '../../../common/booking-money.ts';
import type { DepartureDetail, ManifestBooking, PublicDeparture } from '../../../common/departures.ts';
import { Field, FormError, IntentForm, Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { DepartureFields, departureJson, DepartureStatusBadge, type FormResult } from '../../components/admin/DepartureForm.tsx';
import { ConsoleTable } from '../../components/admin/ConsoleTable.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { dayText, StateBadge } from '../../lib/booking-format.tsx';
import { useOperatorZone, when } from '../../lib/console-time.ts';
import type { Route } from './+types/departure';
import './bookings.css';
import './departures.css';

export function meta({ loaderData }: Route.MetaArgs) {
  const d = loaderData?.departure;
  return [{ title: `${d ? `${d.safariTitle}, ${d.startsOn}` : 'Departure'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return adminGet<DepartureDetail>(context, request, `/departures/${encodeURIComponent(params.id)}`);
}

type Result = FormResult & { intent: 'change' | 'move' | 'cancel' };

export async function action({ request, context, params }: Route.ActionArgs): Promise<Result> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = encodeURIComponent(params.id);
  const csrf = form.get(CSRF_FIELD);
  if (intent === 'move') {
    const json = { bookingId: Number(form.get('bookingId')), toDepartureId: Number(form.get('toDepartureId')) || 0 };
    const sent = await adminSend<{ to: string }>(context, request, `/departures/${id}/move`, { json, csrf });
    return sent.ok ? { intent, ok: true, message: `The booking is moved to the departure of ${dayText(sent.data!.to)}.` } : { intent, ok: false, message: sent.error! };
  }
  if (intent === 'cancel') {
    const sent = await adminSend<{ mailed: number; refundsDue: number }>(context, request, `/departures/${id}/cancel`, { json: { reason: String(form.get('reason') ?? '') }, csrf });
    if (!sent.ok) return { intent, ok: false, message: sent.error!, field: sent.field, typed: { reason: String(form.get('reason') ?? '') } };
    const { mailed, refundsDue } = sent.data!;
    return {
      intent,
      ok: true,
      message: `The departure is cancelled. ${mailed === 1 ? '1 traveller is' : `${mailed} travellers are`} e-mailed; ${refundsDue === 1 ? '1 booking has' : `${refundsDue} bookings have`} a refund due: record each in the booking's ledger.`,
    };
  }
  const built = departureJson(form);
  if (!built.ok) return { ...built, intent: 'change' };
  const sent = await adminSend<{ changed: boolean }>(context, request, `/departures/${id}`, { method: 'PUT', json: built.json, csrf });
  if (!sent.ok) return { intent: 'change', ok: false, message: sent.error!, field: sent.field, typed: built.typed };
  return { intent: 'change', ok: true, message: sent.data!.changed ? 'The departure is saved.' : 'Nothing changed.' };
}

function MoveForm({ m, targets }: { m: ManifestBooking; targets: PublicDeparture[] }) {
  const open = targets.filter((t) => t.seatsLeft >= m.seats);
  if (!open.length) return <span className="c-muted">No other date has {m.seats === 1 ? 'a seat' : `${m.seats} seats`} free.</span>;
  return (
    <IntentForm intent="move" className="c-dep-move c-dep-noprint">
      <input type="hidden" name="bookingId" value={m.bookingId} />
      <label htmlFor={`move-${m.bookingId}`} className="sr-only">
        Move {m.reference} to
      </label>
      <select id={`move-${m.bookingId}`} name="toDepartureId" defaultValue="">
        <option value="">Move to…</option>
        {open.map((t) => (
          <option key={t.id} value={t.id}>
            {dayText(t.startsOn)} ({t.seatsLeft} left)
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--ghost btn--sm">
        Move<span className="sr-only"> {m.reference}</span>
      </button>
    </IntentForm>
  );
}

function Money({ m }: { m: ManifestBooking }) {
  const zone = useOperatorZone();
  if (m.refundDue) return <span className="c-dep-refund">Refund due</span>;
  if (m.paid) return <>Deposit received</>;
  if (m.holdUntil) return <>Held until {when(m.holdUntil, { zone })}, unpaid</>;
  return <>Kept without a payment</>;
}

function Manifest({ detail, cancelled }: { detail: DepartureDetail; cancelled: boolean }) {
  const { manifest, moveTargets } = detail;
  const people = manifest.reduce((n, m) => n + m.travellers.length, 0);
  return (
    <section className="c-panel" aria-labelledby="manifest-title">
      <h2 id="manifest-title">
        Manifest: {people === 1 ? '1 traveller' : `${people} travellers`} on {manifest.length === 1 ? '1 booking' : `${manifest.length} bookings`}
      </h2>
      {manifest.length === 0 ? (
        <p className="c-empty c-muted">{cancelled ? 'The departure is cancelled: nobody holds seats on it.' : 'Nobody has booked this departure yet.'}</p>
      ) : (
        <ConsoleTable
          label="Manifest of the departure"
          caption="Bookings holding seats on this departure, in the order they were made"
          className="c-table c-bk-table"
          columns={['Booking', 'Travellers', 'Seats', 'Money', ['Move', 'c-dep-noprint']]}
        >
          {manifest.map((m) => (
            <tr key={m.bookingId}>
              <th scope="row">
                <Link to={`/admin/bookings/${m.bookingId}`}>{m.reference}</Link> <StateBadge state={m.state as BookingState} />
                <span className="c-bk-sub">
                  {m.leadName} · <a href={`mailto:${m.leadEmail}`}>{m.leadEmail}</a>
                  {m.leadPhone ? ` · ${m.leadPhone}` : ''}
                </span>
              </th>
              <td>
                <ol className="c-dep-travellers">
                  {m.travellers.map((t, i) => (
                    <li key={i}>
                      {t.name}
                      {t.age !== null ? `, ${t.age}` : ''}
                      {t.dietary ? ` · diet: ${t.dietary}` : ''}
                      {t.medical ? ` · medical: ${t.medical}` : ''}
                    </li>
                  ))}
                </ol>
              </td>
              <td>
                {m.seats}
                {m.singleRooms ? <span className="c-bk-sub">{m.singleRooms} single</span> : null}
              </td>
              <td>
                <Money m={m} />
              </td>
              <td className="c-dep-noprint">{cancelled ? '—' : <MoveForm m={m} targets={moveTargets} />}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

function CancelPanel({ result }: { result?: Result }) {
  const typed = result?.intent === 'cancel' && !result.ok ? (result.typed ?? {}) : {};
  return (
    <section className="c-panel c-panel--danger c-dep-noprint" aria-labelledby="cancel-title">
      <h2 id="cancel-title">Cancel this departure</h2>
      <p>Every booking on it is cancelled and its lead traveller e-mailed with your reason. Bookings that paid get a refund marked due; record each refund in the booking's ledger.</p>
      <IntentForm intent="cancel" className="c-form">
        <Field
          label="Reason (the travellers read it)"
          name="reason"
          error={result?.intent === 'cancel' && !result.ok ? result.message : undefined}
          control={(aria) => <textarea {...aria} name="reason" rows={3} required maxLength={1000} defaultValue={typed.reason ?? ''} />}
        />
        <button type="submit" className="btn btn--ghost c-danger c-form__submit">
          Cancel the departure
        </button>
      </IntentForm>
    </section>
  );
}

export default function Departure() {
  const detail = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const session = useConsoleSession();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const d = detail.departure;
  const cancelled = d.status === 'cancelled';
  return (
    <>
      <PageHead title={`${d.safariTitle}, ${dayText(d.startsOn)}`} lead={<DepartureStatusBadge d={d} />} actions={<Link to="/admin/departures">All departures</Link>} />
      {params.get('made') ? <Notice>The departure is added. It is on sale on the safari’s page.</Notice> : null}
      {result && result.intent !== 'change' ? result.ok ? <Notice>{result.message}</Notice> : result.intent === 'move' ? <FormError>{result.message}</FormError> : null : null}
      <section className="c-panel" aria-labelledby="seats-title" aria-busy={busy || undefined}>
        <h2 id="seats-title">Seats</h2>
        <dl className="c-dep-figures">
          {(
            [
              ['Seats', d.seats],
              ['Booked', d.booked],
              ['Held, unpaid', d.held],
              ['Left', d.seatsLeft],
            ] as const
          ).map(([k, n]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
        <p className="c-muted">
          {dayText(d.startsOn)} to {dayText(d.endsOn)}
          {d.guide ? ` · guide: ${d.guide.name}` : ''} · <a href={`/safaris/${d.safariSlug}`}>the safari’s page</a>
        </p>
      </section>
      <Manifest detail={detail} cancelled={cancelled} />
      {!cancelled ? (
        <section className="c-panel c-dep-noprint" aria-labelledby="change-title">
          <h2 id="change-title">Change the departure</h2>
          <IntentForm intent="change" className="c-form" noValidate>
            <DepartureFields safaris={detail.safaris} guides={detail.guides} result={result?.intent === 'change' ? result : undefined} initial={{ ...d, guideSlug: d.guide?.slug ?? null }} />
            <button type="submit" className="btn btn--primary c-form__submit">
              Save the departure
            </button>
          </IntentForm>
        </section>
      ) : null}
      {!cancelled && session?.staff.role === 'owner' ? <CancelPanel result={result} /> : null}
    </>
  );
}
