// /admin/enquiries/{id}: one enquiry. Everything the visitor sent and where from, the delivery of
// its e-mails, its status and assignee (with their history), the notes thread, and a reply to
// the visitor sent through the outbox, which may start from a template and carry the safari's
// itinerary and a quote (ReplyDocuments.tsx). Each form posts here; a success comes back as a
// redirect (so a reload does not send it twice) with a notice.
import { Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { assignSchema, noteSchema, replySchema, statusChangeSchema } from '../../../common/enquiry-forms.ts';
import { NOTE_MAX, REPLY_BODY_MAX, REPLY_SUBJECT_MAX, replySubject, SOURCE_LABELS, STATUS_LABELS, type EnquiryDetail, type OutboxState } from '../../../common/enquiry-inbox.ts';
import { tripLines } from '../../../common/enquiry-trip.ts';
import type { ReplyKit } from '../../../common/reply-documents.ts';
import { site } from '../../../common/site.ts';
import { ReplyDocuments, ReplyTemplatePicker, templateFill } from '../../components/admin/ReplyDocuments.tsx';
import { Field, FormError, IntentForm, Notice, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { StatusBadge, StatusOptions, staffName, When } from '../../components/admin/InboxUi.tsx';
import { OperatorZone } from '../../lib/console-time.ts';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields, formText, parseForm } from '../../lib/read-form.ts';
import type { Route } from './+types/enquiry';
import './enquiry.css';
import { LANGUAGES } from '../../../common/languages.ts';

export function meta({ loaderData: data }: Route.MetaArgs) {
  return [{ title: `${data ? `Enquiry #${data.id} from ${data.name}` : 'Enquiry'} | Console` }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // Only digits reach the API; anything else is not an enquiry (the API would say 404 too).
  const id = /^[1-9][0-9]{0,9}$/.test(params.id) ? params.id : '0';
  const [e, kit] = await Promise.all([adminGet<EnquiryDetail>(context, request, `/enquiries/${id}`), adminGet<ReplyKit>(context, request, `/enquiries/${id}/reply-kit`)]);
  return { ...e, kit };
}

const INTENTS = ['status', 'assign', 'note', 'reply'] as const;
type Intent = (typeof INTENTS)[number];

/** Each form of the screen: its fields as posted, checked by the inbox's schema (common/enquiry-forms.ts), and where it goes. */
const FORMS = {
  status: { path: 'status', schema: z.object({ status: formText }).pipe(statusChangeSchema) },
  assign: {
    path: 'assign',
    // Nobody (''), someone of the staff (digits), or whatever else the schema then refuses.
    schema: z
      .object({ staffId: formText })
      .transform(({ staffId }) => ({ staffId: staffId === '' ? null : /^\d+$/.test(staffId) ? Number(staffId) : staffId }))
      .pipe(assignSchema),
  },
  note: { path: 'notes', schema: z.object({ body: formText }).pipe(noteSchema) },
  reply: {
    path: 'replies',
    schema: z
      .object({ subject: formText, body: formText, attachItinerary: formText, quoteId: formText })
      .transform((f): z.input<typeof replySchema> => ({ ...f, attachItinerary: f.attachItinerary === 'yes', quoteId: f.quoteId === '' ? null : Number(f.quoteId) }))
      .pipe(replySchema),
  },
} satisfies Record<Intent, { path: string; schema: z.ZodType }>;

/** What was typed, shown again with a refusal. */
const TYPED = z.object({ intent: formText, subject: formText, body: formText, attachItinerary: formText, quoteId: formText, template: formText, useTemplate: formText, [CSRF_FIELD]: formText });

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await formFields(request);
  const { intent: posted, subject, body, attachItinerary, quoteId, template, useTemplate, [CSRF_FIELD]: csrf } = TYPED.parse(formEntries(form));
  const fields = { subject, body, attachItinerary, quoteId };
  // "Use template": the reply form again, its words those of the template (no JavaScript needed).
  if (posted === 'reply' && useTemplate === 'yes') return templateFill(context, request, params.id, template, fields);
  const intent = posted as Intent;
  if (!INTENTS.includes(intent) || !/^[1-9][0-9]{0,9}$/.test(params.id)) return { intent, error: 'This form could not be read. Reload the page and try again.' };
  const parsed = parseForm(form, FORMS[intent].schema);
  if (!parsed.ok) return { intent, field: parsed.field, message: parsed.error, error: parsed.error, fields };
  const sent = await adminSend<{ changed?: boolean }>(context, request, `/enquiries/${params.id}/${FORMS[intent].path}`, { json: parsed.data, csrf: csrf || null });
  if (!sent.ok) return { intent, error: sent.error!, field: sent.field, fields };
  const anchor = { status: 'pipeline', assign: 'pipeline', note: 'notes', reply: 'reply' }[intent];
  const done = sent.data?.changed === false ? 'unchanged' : intent;
  throw redirect(`/admin/enquiries/${params.id}?done=${done}#${anchor}`, { status: 303 });
}

const DONE: Record<Intent | 'unchanged', string> = {
  unchanged: 'Nothing changed: it was already so.',
  status: 'The status is changed.',
  assign: 'The assignment is saved.',
  note: 'Your note is added.',
  reply: 'Your reply is on its way to the visitor. Its delivery shows under E-mails.',
};

const KIND_LABELS: Record<string, string> = {
  'enquiry-operator': 'Notice to the operator',
  'enquiry-acknowledgement': 'Acknowledgement to the visitor',
  'enquiry-reply': 'Reply to the visitor',
  'enquiry-reply-copy': 'Copy of a reply to the operator',
  'enquiry-assigned': 'Notice to the agent assigned',
};

const DELIVERY_LABELS: Record<OutboxState['status'], string> = { pending: 'Waiting', sending: 'Sending', sent: 'Sent', failed: 'Failed' };

function Delivery({ status }: { status: OutboxState['status'] }) {
  return <span className={`c-badge c-badge--mail-${status}`}>{DELIVERY_LABELS[status]}</span>;
}

type ActionResult = ReturnType<typeof useActionData<typeof action>>;

/** What the screen's forms share: whether one is being sent, and the last answer's errors and typed values. */
interface Forms {
  busy: boolean;
  result: ActionResult;
  errorFor(intent: Intent): string | undefined;
  fieldError(intent: Intent, field: string): string | undefined;
}

export default function EnquiryScreen() {
  const e = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const session = useConsoleSession();
  const [params] = useSearchParams();
  const busy = useNavigation().state === 'submitting';
  const me = session?.staff.id;
  const owner = session?.staff.role === 'owner';
  const done = params.get('done') as keyof typeof DONE | null;
  const forms: Forms = {
    busy,
    result,
    errorFor: (intent) => (result && result.intent === intent ? result.error : undefined),
    fieldError: (intent, field) => (result && result.intent === intent && result.field === field ? result.error : undefined),
  };

  return (
    <OperatorZone.Provider value={e.timeZone}>
      <p className="c-back">
        <Link to="/admin/enquiries">← All enquiries</Link>
      </p>
      <header className="c-pagehead c-enquiry__head">
        <div>
          <h1>{e.name}</h1>
          <p className="c-pagehead__lead">
            Enquiry #{e.id} · received <When iso={e.receivedAt} /> · {SOURCE_LABELS[e.source]}
          </p>
        </div>
        <div className="c-enquiry__state">
          <StatusBadge status={e.status} />
          <span className="c-muted">Assigned to {staffName(e.assignee, me)}</span>
          <Link className="btn btn--primary btn--sm" to={`/admin/quotes/new?enquiry=${e.id}`}>
            Make a quote
          </Link>
          {owner ? (
            <Link className="btn btn--ghost btn--sm c-danger" to={`/admin/erase?enquiry=${e.id}`}>
              Erase this person
            </Link>
          ) : null}
        </div>
      </header>
      {done && Object.hasOwn(DONE, done) ? <Notice>{DONE[done]}</Notice> : null}

      <div className="c-enquiry">
        <div className="c-enquiry__msg">
          <MessagePanel e={e} />
          <TripPanel e={e} />
        </div>

        <aside className="c-enquiry__side" aria-label="Pipeline and e-mails">
          <PipelinePanel e={e} me={me} owner={owner} forms={forms} />
          <MailPanel mail={e.mail} />
        </aside>

        <div className="c-enquiry__work">
          <ReplyPanel e={e} kit={e.kit} me={me} forms={forms} />
          <NotesPanel notes={e.notes} me={me} forms={forms} />
        </div>
      </div>
    </OperatorZone.Provider>
  );
}

/** What the visitor sent, and where from. */
function MessagePanel({ e }: { e: EnquiryDetail }) {
  const safariHref = e.safari ? `/safaris/${e.safari.slug}` : null;
  return (
    <section className="c-panel" aria-labelledby="msg-title">
      <h2 id="msg-title">Message</h2>
      <div className="c-message">{e.message}</div>
      <dl className="c-facts">
        <div>
          <dt>Name</dt>
          <dd>{e.name}</dd>
        </div>
        <div className="c-facts__wide">
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${e.email}`}>{e.email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${e.phone.replace(/[^\d+]/g, '')}`}>{e.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Country</dt>
          <dd>{e.country || <span className="c-muted">Not given</span>}</dd>
        </div>
        <div>
          <dt>Preferred contact</dt>
          <dd>{e.preferredContactMethod === 'Phone' ? 'Phone call' : e.preferredContactMethod}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{LANGUAGES[e.language]?.name ?? e.language}</dd>
        </div>
        <div>
          <dt>Safari</dt>
          <dd>{e.safari && safariHref ? <a href={safariHref}>{e.safari.title}</a> : <span className="c-muted">None</span>}</dd>
        </div>
        <div className="c-facts__wide">
          <dt>Sent from</dt>
          <dd>
            {e.pageUrl && /^https?:\/\//.test(e.pageUrl) ? (
              <a href={e.pageUrl} className="c-break" rel="noreferrer nofollow">
                {e.pageUrl}
              </a>
            ) : (
              <span className="c-muted">Not known</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Received</dt>
          <dd>
            <When iso={e.receivedAt} />
          </dd>
        </div>
        <div>
          <dt>Address (IP)</dt>
          <dd>{e.clientIp ?? <span className="c-muted">Not known</span>}</dd>
        </div>
        <div className="c-facts__wide">
          <dt>Browser</dt>
          <dd className="c-break">{e.userAgent ?? <span className="c-muted">Not known</span>}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The trip the visitor described: dates or month, travellers and budget (the safari is the message's). */
function TripPanel({ e }: { e: EnquiryDetail }) {
  const lines = tripLines({ ...e.trip, safari: null });
  return (
    <section className="c-panel" aria-labelledby="trip-title">
      <h2 id="trip-title">Trip</h2>
      {lines.length ? (
        <dl className="c-facts">
          {lines.map(([label, text]) => (
            <div key={label} className={label === 'Travellers' ? 'c-facts__wide' : undefined}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="c-muted">No dates, travellers or budget were given.</p>
      )}
    </section>
  );
}

/** The status and the assignee, each with its form, and the status history. */
function PipelinePanel({ e, me, owner, forms }: { e: EnquiryDetail; me: number | undefined; owner: boolean; forms: Forms }) {
  return (
    <section className="c-panel" aria-labelledby="pipeline-title" id="pipeline">
      <h2 id="pipeline-title">Pipeline</h2>
      <FormError>{forms.errorFor('status')}</FormError>
      <IntentForm intent="status" className="c-inline-form">
        <div className="c-field">
          <label htmlFor="status">Status</label>
          <select id="status" name="status" defaultValue={e.status} key={e.status}>
            <StatusOptions />
          </select>
        </div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={forms.busy}>
          Change status
        </button>
      </IntentForm>

      <FormError>{forms.errorFor('assign')}</FormError>
      {owner ? <AssignForm e={e} me={me} busy={forms.busy} /> : <AssignSelfForm e={e} me={me} busy={forms.busy} />}

      <h3 className="c-subhead">Status history</h3>
      {e.history.length === 0 ? (
        <p className="c-muted">New since it arrived.</p>
      ) : (
        <ol className="c-history">
          {e.history.map((h, i) => (
            <li key={i}>
              <span>
                {STATUS_LABELS[h.from]} → <strong>{STATUS_LABELS[h.to]}</strong>
              </span>
              <span className="c-muted">
                {h.staff ? staffName(h.staff, me) : 'A former member of staff'}, <When iso={h.at} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Owners: anyone of the staff, or nobody. */
function AssignForm({ e, me, busy }: { e: EnquiryDetail; me: number | undefined; busy: boolean }) {
  return (
    <IntentForm intent="assign" className="c-inline-form">
      <div className="c-field">
        <label htmlFor="assignee">Assigned to</label>
        <select id="assignee" name="staffId" defaultValue={e.assignee ? String(e.assignee.id) : ''} key={e.assignee?.id ?? 'none'}>
          <option value="">Nobody</option>
          {e.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {staffName(s, me)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn--ghost btn--sm" disabled={busy}>
        Assign
      </button>
    </IntentForm>
  );
}

/** Agents: take it, or let it go. */
function AssignSelfForm({ e, me, busy }: { e: EnquiryDetail; me: number | undefined; busy: boolean }) {
  return (
    <IntentForm intent="assign" className="c-assign-self">
      <p>
        <span className="c-label">Assigned to</span> {staffName(e.assignee, me)}
      </p>
      {e.assignee?.id === me ? (
        <button type="submit" name="staffId" value="" className="btn btn--ghost btn--sm" disabled={busy}>
          Unassign me
        </button>
      ) : (
        <button type="submit" name="staffId" value={String(me ?? '')} className="btn btn--ghost btn--sm" disabled={busy}>
          Assign to me
        </button>
      )}
    </IntentForm>
  );
}

/** The enquiry's e-mails and their delivery. */
function MailPanel({ mail }: { mail: EnquiryDetail['mail'] }) {
  return (
    <section className="c-panel" aria-labelledby="mail-title">
      <h2 id="mail-title">E-mails</h2>
      {mail.length === 0 ? (
        <p className="c-muted">No e-mail was sent for this enquiry.</p>
      ) : (
        <ul className="c-mail">
          {mail.map((m) => (
            <li key={m.id} className="c-mail__item">
              <p className="c-mail__top">
                <strong>{KIND_LABELS[m.kind] ?? m.kind}</strong>
                <Delivery status={m.status} />
              </p>
              <p className="c-muted c-break">To {m.to}</p>
              <p className="c-muted">
                {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
                {m.sentAt ? <Moment label="sent" iso={m.sentAt} /> : null}
                {m.failedAt ? <Moment label="failed" iso={m.failedAt} /> : null}
                {!m.sentAt && !m.failedAt ? <Moment label="queued" iso={m.queuedAt} /> : null}
              </p>
              {m.lastError ? <p className="c-mail__error c-break">Last error: {m.lastError}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Moment({ label, iso }: { label: string; iso: string }) {
  return (
    <>
      {' '}
      {`· ${label} `}
      <When iso={iso} />
    </>
  );
}

/** The replies sent, and the form for another. */
function ReplyPanel({ e, kit, me, forms }: { e: EnquiryDetail; kit: ReplyKit; me: number | undefined; forms: Forms }) {
  const { result, fieldError, errorFor } = forms;
  return (
    <section className="c-panel" aria-labelledby="reply-title" id="reply">
      <h2 id="reply-title">Reply to {e.name}</h2>
      {e.replies.length > 0 ? (
        <ol className="c-thread" aria-label="Replies sent">
          {e.replies.map((r) => (
            <li key={r.id} className="c-thread__item c-thread__item--reply">
              <p className="c-thread__meta">
                <strong>{r.staff ? staffName(r.staff, me) : 'A former member of staff'}</strong> · <When iso={r.at} />
                {r.delivery ? (
                  <>
                    {' '}
                    · <Delivery status={r.delivery} />
                  </>
                ) : null}
              </p>
              <p className="c-thread__subject">{r.subject}</p>
              <div className="c-thread__body">{r.body}</div>
            </li>
          ))}
        </ol>
      ) : null}
      <FormError>{errorFor('reply') && !fieldError('reply', 'subject') && !fieldError('reply', 'body') && !fieldError('reply', 'template') ? errorFor('reply') : undefined}</FormError>
      <IntentForm intent="reply" className="c-form c-form--wide" noValidate>
        <p className="c-muted c-form__note">To {e.email}. Answers come back to the bookings address. A new enquiry becomes “Contacted”.</p>
        <ReplyTemplatePicker kit={kit} result={result?.intent === 'reply' ? result : undefined} busy={forms.busy} />
        <Field
          id="reply-subject"
          name="subject"
          label="Subject"
          error={fieldError('reply', 'subject')}
          control={(aria) => (
            <input
              id={aria.id}
              name="subject"
              required
              maxLength={REPLY_SUBJECT_MAX}
              defaultValue={result?.intent === 'reply' ? result.fields?.subject : replySubject(site.name)}
              aria-invalid={aria['aria-invalid']}
              aria-describedby={aria['aria-describedby']}
            />
          )}
        />
        <Field
          id="reply-body"
          name="body"
          label="Your reply"
          error={fieldError('reply', 'body')}
          control={(aria) => (
            <textarea
              id={aria.id}
              name="body"
              required
              rows={8}
              maxLength={REPLY_BODY_MAX}
              defaultValue={result?.intent === 'reply' ? result.fields?.body : ''}
              key={result?.intent === 'reply' && 'template' in result ? result.template : 'typed'}
              aria-invalid={aria['aria-invalid']}
              aria-describedby={aria['aria-describedby']}
            />
          )}
        />
        <ReplyDocuments kit={kit} fields={result?.intent === 'reply' ? result.fields : undefined} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={forms.busy}>
            Send reply
          </button>
        </div>
      </IntentForm>
    </section>
  );
}

/** The staff's notes, and the form for another. */
function NotesPanel({ notes, me, forms }: { notes: EnquiryDetail['notes']; me: number | undefined; forms: Forms }) {
  const { result, fieldError, errorFor } = forms;
  return (
    <section className="c-panel" aria-labelledby="notes-title" id="notes">
      <h2 id="notes-title">Notes</h2>
      {notes.length === 0 ? (
        <p className="c-muted">No notes yet. Notes are for staff only; the visitor never sees them.</p>
      ) : (
        <ol className="c-thread" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.id} className="c-thread__item">
              <p className="c-thread__meta">
                <strong>{n.staff ? staffName(n.staff, me) : 'A former member of staff'}</strong> · <When iso={n.at} />
              </p>
              <div className="c-thread__body">{n.body}</div>
            </li>
          ))}
        </ol>
      )}
      <FormError>{errorFor('note') && !fieldError('note', 'body') ? errorFor('note') : undefined}</FormError>
      <IntentForm intent="note" className="c-form c-form--wide" noValidate>
        <Field
          id="note-body"
          name="body"
          label="Add a note"
          error={fieldError('note', 'body')}
          control={(aria) => (
            <textarea
              id={aria.id}
              name="body"
              rows={3}
              required
              maxLength={NOTE_MAX}
              defaultValue={result?.intent === 'note' ? result.fields?.body : ''}
              aria-invalid={aria['aria-invalid']}
              aria-describedby={aria['aria-describedby']}
            />
          )}
        />
        <div>
          <button type="submit" className="btn btn--ghost" disabled={forms.busy}>
            Add note
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
