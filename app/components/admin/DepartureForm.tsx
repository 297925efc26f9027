// The console's departure form, shared by adding one (/admin/departures) and changing one
// (/admin/departures/:id): the safari, the date, the seats, the price per person and the single
// supplement typed in dollars (turned into minor units by decimalToMinor, the one function), the
// status and the guide; and the status badge the screens show.
import { decimalToMinor, minorToDecimal } from '../../../common/booking-money.ts';
import { type DepartureStatus, DEPARTURE_MESSAGES, DEPARTURE_STATUS_LABELS } from '../../../common/departures.ts';
import { Field, FormError, Notice } from './ConsoleUi.tsx';

export type FormResult = { ok: boolean; message: string; field?: string; typed?: Record<string, string> };

const FIELDS = ['safariSlug', 'startsOn', 'seats', 'price', 'supplement', 'status', 'guideSlug'] as const;

/** The form's JSON for the API, or the first problem the API could not name (an amount that is not one). */
export function departureJson(form: FormData): { ok: true; json: Record<string, unknown>; typed: Record<string, string> } | (FormResult & { ok: false }) {
  const typed = Object.fromEntries(FIELDS.map((k) => [k, String(form.get(k) ?? '')]));
  const priceMinor = decimalToMinor(typed.price!, 'USD');
  if (priceMinor === null) return { ok: false, message: DEPARTURE_MESSAGES.price, field: 'priceMinor', typed };
  const singleSupplementMinor = typed.supplement!.trim() === '' ? 0 : decimalToMinor(typed.supplement!, 'USD');
  if (singleSupplementMinor === null) return { ok: false, message: DEPARTURE_MESSAGES.supplement, field: 'singleSupplementMinor', typed };
  const json = {
    safariSlug: typed.safariSlug,
    startsOn: typed.startsOn,
    seats: /^\d{1,3}$/.test(typed.seats!.trim()) ? Number(typed.seats) : typed.seats,
    priceMinor,
    singleSupplementMinor,
    status: typed.status || 'open',
    guideSlug: typed.guideSlug || null,
  };
  return { ok: true, json, typed };
}

export function DepartureStatusBadge({ d }: { d: { status: DepartureStatus; seatsLeft: number } }) {
  const shown: DepartureStatus = d.status !== 'cancelled' && d.seatsLeft <= 0 ? 'full' : d.status;
  return <span className={`c-badge c-dep-status c-dep-status--${shown}`}>{DEPARTURE_STATUS_LABELS[shown]}</span>;
}

interface Initial {
  safariSlug?: string;
  startsOn?: string;
  seats?: number;
  priceMinor?: number;
  singleSupplementMinor?: number;
  status?: DepartureStatus;
  guideSlug?: string | null;
}

export function DepartureFields(props: { safaris: { slug: string; title: string }[]; guides: { slug: string; name: string }[]; result?: FormResult; initial?: Initial }) {
  const { safaris, guides, result } = props;
  const i = props.initial ?? {};
  const typed = result && !result.ok ? (result.typed ?? {}) : {};
  const v = (k: (typeof FIELDS)[number], fallback: string) => typed[k] ?? fallback;
  const err = (field: string) => (result && !result.ok && result.field === field ? result.message : undefined);
  const named = result && !result.ok && result.field && ['safariSlug', 'startsOn', 'seats', 'priceMinor', 'singleSupplementMinor', 'status', 'guideSlug'].includes(result.field);
  return (
    <>
      {result && !result.ok && !named ? <FormError>{result.message}</FormError> : null}
      {result?.ok ? <Notice>{result.message}</Notice> : null}
      <Field
        label="Safari"
        name="safariSlug"
        error={err('safariSlug')}
        control={(aria) => (
          <select {...aria} name="safariSlug" defaultValue={v('safariSlug', i.safariSlug ?? '')} required>
            <option value="">Choose a safari</option>
            {safaris.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      />
      <div className="c-dep-row">
        <Field label="Departure date" name="startsOn" type="date" required defaultValue={v('startsOn', i.startsOn ?? '')} error={err('startsOn')} />
        <Field label="Seats" name="seats" inputMode="numeric" required defaultValue={v('seats', String(i.seats ?? 8))} error={err('seats')} hint="The group's size, 1 to 99." />
      </div>
      <div className="c-dep-row">
        <Field
          label="Price per person (US$)"
          name="price"
          inputMode="decimal"
          required
          defaultValue={v('price', i.priceMinor !== undefined ? minorToDecimal(i.priceMinor, 'USD') : '')}
          error={err('priceMinor')}
        />
        <Field
          label="Single supplement (US$)"
          name="supplement"
          inputMode="decimal"
          defaultValue={v('supplement', i.singleSupplementMinor ? minorToDecimal(i.singleSupplementMinor, 'USD') : '0')}
          error={err('singleSupplementMinor')}
          hint="Per single room; 0 for none."
        />
      </div>
      <StatusAndGuide guides={guides} status={v('status', i.status ?? 'open')} guide={v('guideSlug', i.guideSlug ?? '')} err={err} />
    </>
  );
}

/** The status (cancelling is the departure's own action) and the guide. */
function StatusAndGuide({ guides, status, guide, err }: { guides: { slug: string; name: string }[]; status: string; guide: string; err: (field: string) => string | undefined }) {
  return (
    <div className="c-dep-row">
      <Field
        label="Status"
        name="status"
        error={err('status')}
        hint="Full closes sales; cancelling is below, on the departure."
        control={(aria) => (
          <select {...aria} name="status" defaultValue={status}>
            {(['open', 'guaranteed', 'full'] as const).map((s) => (
              <option key={s} value={s}>
                {DEPARTURE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        label="Guide"
        name="guideSlug"
        error={err('guideSlug')}
        control={(aria) => (
          <select {...aria} name="guideSlug" defaultValue={guide}>
            <option value="">Not chosen yet</option>
            {guides.map((g) => (
              <option key={g.slug} value={g.slug}>
                {g.name}
              </option>
            ))}
          </select>
        )}
      />
    </div>
  );
}
