// /admin/settings (owners): the console's settings. Today: whether agents may edit content (the
// media library now, the content screens later). The API applies it to every request.
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import type { ConsoleSettings } from '../../../common/media-library.ts';
import { CsrfInput, FormError, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import type { Route } from './+types/settings';

export function meta() {
  return [{ title: 'Settings | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<ConsoleSettings>(context, request, '/settings');
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const agentsEditContent = form.get('agentsEditContent') === 'yes';
  const sent = await adminSend<ConsoleSettings & { changed: string[] }>(context, request, '/settings', { method: 'PUT', json: { agentsEditContent }, csrf: form.get(CSRF_FIELD) });
  if (!sent.ok) return { ok: false as const, message: sent.error! };
  return { ok: true as const, message: sent.data!.changed.length ? 'The settings are saved.' : 'Nothing changed.' };
}

export default function Settings() {
  const settings = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHead title="Settings" lead="Choices that apply to everyone who uses the console." />
      <section className="c-panel" aria-labelledby="content-title">
        <h2 id="content-title">Content editing</h2>
        {result?.ok ? <Notice>{result.message}</Notice> : null}
        <FormError>{result && !result.ok ? result.message : undefined}</FormError>
        <Form method="post" className="c-form">
          <CsrfInput />
          <div className="c-check">
            <input id="agents-edit-content" name="agentsEditContent" type="checkbox" value="yes" defaultChecked={settings.agentsEditContent} aria-describedby="agents-edit-content-hint" />
            <label htmlFor="agents-edit-content">Agents may edit content</label>
          </div>
          <p className="c-field__hint" id="agents-edit-content-hint">
            Owners always may. When this is ticked, agents may also upload, describe and delete images in the media library, and edit the site’s content. Every change is in the audit log.
          </p>
          <div>
            <button type="submit" className="btn btn--primary" disabled={busy}>
              Save settings
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
