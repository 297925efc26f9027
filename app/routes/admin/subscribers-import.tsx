// /admin/subscribers/import (owners): a CSV file of people to add to the list. They are added as
// pending, and get the double opt-in e-mail only when the box is ticked; or, when the owner says
// they agreed before and gives the proof for the whole file (where and on which day), as
// confirmed, with that proof recorded on each of them. The
// upload may be up to 2 MB: the one console write over the usual 64 KB (server/http/security.ts).
import { Form, isRouteErrorResponse, Link, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, importConsentSchema, type ImportOutcome, type ImportReport } from '../../../common/newsletter-admin.ts';
import { proxyTooLargeMessage } from '../../../common/proxy-limit.ts';
import { CsrfInput, Field, FormError, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { Day, plural } from '../../components/admin/NewsletterUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminFetch, CSRF_FIELD } from '../../lib/admin.ts';
import { formEntries, formFields, formText, formTexts, parseForm } from '../../lib/read-form.ts';
import { requireOwner } from '../../lib/owner.ts';
import type { Route } from './+types/subscribers-import';

export function meta() {
  return [{ title: 'Import subscribers | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireOwner(context, request);
  return null;
}

/** Rows of the report shown on the page (the counts cover them all). */
const SHOWN = 200;
const MB = IMPORT_MAX_BYTES / 1024 / 1024;
const TOO_LARGE = `The file is too large: at most ${MB} MB.`;

/** The proof of consent as the form names it, checked as the API checks it. */
const consentForm = z
  .object({ consentSource: formText, consentDate: formText })
  .transform((v) => ({ source: v.consentSource, date: v.consentDate }))
  .pipe(importConsentSchema);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const texts = formTexts(form);
  const file = formEntries(form).file;
  if (!(file instanceof File) || file.size === 0) return { ok: false as const, message: 'Choose a CSV file to import.', field: 'file', typed: undefined };
  if (file.size > IMPORT_MAX_BYTES) return { ok: false as const, message: TOO_LARGE, field: 'file', typed: undefined };
  const typed = { consented: texts.consented === 'yes', consentSource: texts.consentSource ?? '', consentDate: texts.consentDate ?? '' };
  const query = new URLSearchParams();
  if (typed.consented) {
    const read = parseForm(form, consentForm);
    if (!read.ok) return { ok: false as const, message: read.error, field: read.field === 'date' ? 'consentDate' : 'consentSource', typed };
    query.set('consent', '1');
    query.set('consentSource', read.data.source);
    query.set('consentDate', read.data.date);
  } else if (texts.sendConfirmation === 'yes') query.set('confirm', '1');
  const res = await adminFetch(context, request, `/subscribers/import${query.size ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: await file.arrayBuffer(),
    csrf: texts[CSRF_FIELD],
    allowSignedOut: true,
  });
  const body = (await res.json().catch(() => ({}))) as Partial<ImportReport> & { error?: string };
  if (!res.ok) {
    const field = typeof (body as { code?: string }).code === 'string' && (body as { code: string }).code.startsWith('invalid-consent') ? (body as { code: string }).code.slice(8) : undefined;
    return { ok: false as const, message: body.error ?? 'The file could not be imported. Please try again.', field, typed };
  }
  const report = body as ImportReport;
  const problems = report.rows.filter((r) => r.outcome !== 'added');
  return { ok: true as const, done: Date.now(), file: file.name, report: { ...report, rows: problems.slice(0, SHOWN) }, more: Math.max(0, problems.length - SHOWN) };
}

/**
 * With JavaScript: a file over the limit is not sent, and a 413 for one within it can only be a
 * proxy's in front of the site (the site takes 2 MB here), which the router would otherwise show
 * as an error page.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const file = (await request.clone().formData()).get('file');
  if (file instanceof File && file.size > IMPORT_MAX_BYTES) return { ok: false as const, message: TOO_LARGE, field: 'file', typed: undefined };
  try {
    return await serverAction();
  } catch (e) {
    if (isRouteErrorResponse(e) && e.status === 413) return { ok: false as const, message: proxyTooLargeMessage(MB), field: 'file', typed: undefined };
    throw e;
  }
}

const OUTCOME: Record<ImportOutcome, string> = { added: 'Added', existing: 'Already there', invalid: 'Not imported', erased: 'Erased before' };

type Result = Awaited<ReturnType<typeof clientAction>>;
type Imported = Extract<Result, { ok: true }>;

export default function ImportSubscribers() {
  const result = useActionData<typeof clientAction>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHead title="Import subscribers" lead={<Link to="/admin/subscribers">Back to the subscribers</Link>} />
      {result?.ok ? <ImportReportSection result={result} /> : null}
      <ImportFormSection result={result} busy={busy} />
    </>
  );
}

/** What the last import did: the sentence, the counts, and the rows not added (the first SHOWN of them). */
function ImportReportSection({ result }: { result: Imported }) {
  const { report } = result;
  return (
    <section className="c-panel" aria-labelledby="report-title">
      <h2 id="report-title">Import of {result.file}</h2>
      <Notice>
        {report.consent ? (
          <>
            {plural(report.added, 'person', 'people')} added as confirmed, with the proof of consent “{report.consent.source}”, <Day iso={report.consent.date} />; no e-mail was sent.
          </>
        ) : (
          <>
            {plural(report.added, 'person', 'people')} added as pending
            {report.mailed ? `; ${plural(report.mailed, 'confirmation e-mail')} on the way` : '; no e-mail was sent'}.
          </>
        )}
      </Notice>
      <dl className="c-stats">
        <div>
          <dt>Added</dt>
          <dd>{report.added.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Already there</dt>
          <dd>{report.existing.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Not valid</dt>
          <dd>{report.invalid.toLocaleString('en')}</dd>
        </div>
        <div>
          <dt>Erased before</dt>
          <dd>{report.erased.toLocaleString('en')}</dd>
        </div>
      </dl>
      {report.rows.length ? <RowsNotAdded rows={report.rows} /> : null}
      {result.more ? <p className="c-muted">And {plural(result.more, 'more row')} not added.</p> : null}
    </section>
  );
}

/** The rows of the file that were not added, each with its line, address, result and why. */
function RowsNotAdded({ rows }: { rows: ImportReport['rows'] }) {
  return (
    <table className="c-table">
      <caption>Rows not added</caption>
      <ColumnHeads columns={['Line', 'E-mail', 'Result', 'Why']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.line}>
            <td>{r.line}</td>
            <td className="c-break">{r.email || <span className="c-muted">(empty)</span>}</td>
            <td>{OUTCOME[r.outcome]}</td>
            <td>{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The file to import and what to do with its people: a confirmation e-mail, or confirmed at once with the proof of their consent. */
function ImportFormSection({ result, busy }: { result: Result | undefined; busy: boolean }) {
  const fieldError = result && !result.ok && result.field?.startsWith('consent') ? result.field : undefined;
  const typed = result && !result.ok ? result.typed : undefined;
  return (
    <section className="c-panel" aria-labelledby="import-title">
      <h2 id="import-title">{result?.ok ? 'Import another file' : 'Choose a file'}</h2>
      <p>
        A CSV file (UTF-8) whose first row names the columns <code>email</code> and <code>name</code>; other columns are ignored. At most {MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en')} rows.
      </p>
      <p className="c-muted">
        Everyone imported is <strong>pending</strong>: they receive the newsletter only after they confirm their address themselves, unless you give the proof that they agreed before (below). People
        already on the list are left as they are, and people erased at their request are not added again.
      </p>
      <FormError>{result && !result.ok && !fieldError ? result.message : undefined}</FormError>
      {/* A new, empty form after each import: the proof of consent is given again for each file. */}
      <Form method="post" encType="multipart/form-data" className="c-form" key={result?.ok ? result.done : 'form'}>
        <CsrfInput />
        <div className="c-field">
          <label htmlFor="import-file">CSV file</label>
          <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
        </div>
        <div className="c-check">
          <input id="import-confirm" name="sendConfirmation" type="checkbox" value="yes" />
          <label htmlFor="import-confirm">Send them a confirmation e-mail</label>
        </div>
        <fieldset className="c-fieldset">
          <legend>Moving a list that already agreed?</legend>
          <div className="c-check">
            <input id="import-consented" name="consented" type="checkbox" value="yes" defaultChecked={typed?.consented} aria-describedby="import-consented-hint" />
            <label htmlFor="import-consented">Everyone in this file already agreed to receive our newsletter: add them as confirmed</label>
          </div>
          <p className="c-field__hint" id="import-consented-hint">
            Only with the proof of their consent, for the whole file: where they agreed and on which day. It is kept on each person’s row. They get no confirmation e-mail.
          </p>
          <Field
            label="Where they agreed"
            name="consentSource"
            hint="For example: sign-up form on our old website, or the newsletter list of our previous e-mail service."
            maxLength={200}
            autoComplete="off"
            defaultValue={typed?.consentSource}
            error={fieldError === 'consentSource' ? result?.message : undefined}
          />
          <Field
            label="The day they agreed (or the last of those days)"
            name="consentDate"
            type="date"
            defaultValue={typed?.consentDate}
            error={fieldError === 'consentDate' ? result?.message : undefined}
          />
        </fieldset>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </Form>
    </section>
  );
}
