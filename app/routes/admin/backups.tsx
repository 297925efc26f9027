// /admin/backups (owners): the backups the server keeps in DATA_DIR/backups (the database and the
// uploads in one file each), newest first, with their size and age; "Back up now" writes one; each
// can be downloaded (owners only, in the audit log, never kept by a cache). Restoring stays a shell
// command on the server, stopped: the page says how.
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { formatAge, formatBytes, type BackupList } from '../../../common/backups.ts';
import { CsrfInput, FormOutcome, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads, hidden } from '../../components/ColumnHeads.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { when } from '../../lib/console-time.ts';
import { formFields, formTexts } from '../../lib/read-form.ts';
import type { Route } from './+types/backups';

export function meta() {
  return [{ title: 'Backups | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await adminGet<BackupList>(context, request, '/backups')), now: Date.now() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const texts = formTexts(await formFields(request));
  const sent = await adminSend<{ name: string; bytes: number }>(context, request, '/backups', { csrf: texts[CSRF_FIELD] });
  if (!sent.ok) return { ok: false as const, message: sent.error! };
  return { ok: true as const, message: `Backup written: ${sent.data!.name} (${formatBytes(sent.data!.bytes)}).` };
}

/** The backups on the server, newest first, each to download. */
function BackupFiles({ list }: { list: BackupList & { now: number } }) {
  return (
    <section className="c-panel" aria-labelledby="list-title">
      <h2 id="list-title">{list.backups.length === 0 ? 'No backups yet' : `${list.backups.length} ${list.backups.length === 1 ? 'backup' : 'backups'}`}</h2>
      {list.backups.length > 0 ? (
        <table className="c-ltable">
          <ColumnHeads columns={['Backup', 'Written', 'Size', hidden('Download')]} />
          <tbody>
            {list.backups.map((b) => (
              <tr key={b.name}>
                <th scope="row" data-label="Backup">
                  <span className="c-ltable__mono">{b.name}</span>
                  <span className="c-ltable__sub">{b.reason === 'daily' ? 'Daily' : 'Written on request'}</span>
                </th>
                <td data-label="Written">
                  <time dateTime={b.createdAt}>{when(b.createdAt, { zone: list.timeZone })}</time>
                  <span className="c-ltable__sub">{formatAge(b.createdAt, list.now)}</span>
                </td>
                <td data-label="Size">{formatBytes(b.bytes)}</td>
                <td>
                  <a href={`/admin/backups/${encodeURIComponent(b.name)}`} download>
                    Download<span className="sr-only"> {b.name}</span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="c-muted">Use “Back up now” to write the first one.</p>
      )}
      <p className="c-field__hint">
        The files are on the server in <code>{list.directory}</code>. Copy them off the machine too: a backup on the same disk does not survive the disk.
      </p>
    </section>
  );
}

export default function Backups() {
  const list = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHead
        title="Backups"
        lead={
          <>
            Each backup holds the whole database (enquiries, subscribers, staff, content) and the media library’s pictures.{' '}
            {list.daily
              ? 'The server writes one every day and keeps the last 14; the ones written here are kept until you delete them on the server.'
              : 'Daily backups are turned off on this server (DAILY_BACKUPS=off).'}
          </>
        }
      />
      <section className="c-panel" aria-labelledby="now-title">
        <h2 id="now-title">Back up now</h2>
        <FormOutcome result={result} />
        <Form method="post" className="c-form">
          <CsrfInput />
          <p className="c-field__hint" id="now-hint">
            The site keeps running while the backup is written; it takes a few seconds.
          </p>
          <div>
            <button type="submit" className="btn btn--primary" disabled={busy || list.running} aria-describedby="now-hint">
              {busy ? 'Writing the backup…' : 'Back up now'}
            </button>
          </div>
        </Form>
      </section>
      <BackupFiles list={list} />
      <section className="c-panel" aria-labelledby="restore-title">
        <h2 id="restore-title">Restoring</h2>
        <p>
          A backup is restored on the server, with the site stopped, into an empty database: <code>npm run db:restore FILE</code> (it asks you to type yes). See “Backups” in the README.
        </p>
      </section>
    </>
  );
}
