// /admin/staff (owners): who can sign in, adding a member (they choose their own password with an
// e-mailed link: there is never a default one), changing a role, disabling or enabling an account
// and signing a member out everywhere. The API refuses agents, changes to yourself and anything
// that would leave the console without an active owner.
import { useId } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { z } from 'zod';
import { INVITE_HOURS, staffInviteSchema, staffRoleSchema, type StaffList, type StaffRow } from '../../../common/staff-access.ts';
import { CsrfInput, Field, FormError, IntentForm, Notice, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminGet, adminSend, CSRF_FIELD } from '../../lib/admin.ts';
import { formFields, formText, formTexts, parseForm } from '../../lib/read-form.ts';
import { useOperatorZone, when } from '../../lib/console-time.ts';
import type { Route } from './+types/staff';
import './staff.css';

export function meta() {
  return [{ title: 'Staff | Console' }, { name: 'robots', content: 'noindex, nofollow' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<StaffList>(context, request, '/staff');
}

type Result = { intent: string; ok: boolean; message: string; field?: string; values?: Record<string, string> };

const DONE: Record<string, string> = {
  role: 'The role is changed.',
  disable: 'The account is disabled and signed out everywhere.',
  enable: 'The account is enabled again.',
  'sign-out': 'The member is signed out of every browser.',
  invite: 'A new link to choose a password is on its way.',
};

const inviteForm = z.object({ email: formText, name: formText.optional(), role: formText }).pipe(staffInviteSchema);
const roleForm = z.object({ role: formText }).pipe(staffRoleSchema);

export async function action({ request, context }: Route.ActionArgs): Promise<Result> {
  const form = await formFields(request);
  const texts = formTexts(form);
  const intent = texts.intent ?? '';
  const csrf = texts[CSRF_FIELD];
  if (intent === 'add') {
    const read = parseForm(form, inviteForm);
    const values = { email: texts.email ?? '', name: texts.name ?? '', role: texts.role ?? '' };
    if (!read.ok) return { intent, ok: false, message: read.error, field: read.field, values };
    const sent = await adminSend(context, request, '/staff', { json: read.data, csrf });
    if (!sent.ok) return { intent, ok: false, message: sent.error!, field: sent.field, values };
    return { intent, ok: true, message: `${read.data.email} is added. They will receive an e-mail with a link to choose their password, valid ${INVITE_HOURS} hours.` };
  }
  const id = texts.id ?? '';
  if (!/^\d{1,9}$/.test(id) || !(intent in DONE)) return { intent, ok: false, message: 'Reload the page and try again.' };
  let json: unknown = {};
  if (intent === 'role') {
    const read = parseForm(form, roleForm);
    if (!read.ok) return { intent, ok: false, message: read.error };
    json = read.data;
  }
  const sent = await adminSend(context, request, `/staff/${id}/${intent}`, { json, csrf });
  return sent.ok ? { intent, ok: true, message: DONE[intent]! } : { intent, ok: false, message: sent.error! };
}

function RoleForm({ member }: { member: StaffRow }) {
  const id = useId();
  return (
    <IntentForm intent="role" className="c-rowform">
      <input type="hidden" name="id" value={member.id} />
      <label className="sr-only" htmlFor={id}>
        Role of {member.email}
      </label>
      <select id={id} name="role" defaultValue={member.role} className="c-input c-input--sm">
        <option value="agent">Agent</option>
        <option value="owner">Owner</option>
      </select>
      <button type="submit" className="btn btn--ghost btn--sm">
        Change<span className="sr-only"> role of {member.email}</span>
      </button>
    </IntentForm>
  );
}

function RowAction({ member, intent, label }: { member: StaffRow; intent: string; label: string }) {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={member.id} />
      <button type="submit" className="btn btn--ghost btn--sm">
        {label}
        <span className="sr-only"> ({member.email})</span>
      </button>
    </Form>
  );
}

/** One member: who, their role and state, and what an owner can do about them. */
function MemberRow({ m, me }: { m: StaffRow; me: number }) {
  const zone = useOperatorZone();
  return (
    <tr className={m.disabled ? 'is-disabled' : undefined}>
      <th scope="row" data-label="Member">
        <span className="c-ltable__name">{m.name || m.email}</span>
        {m.name ? <span className="c-ltable__sub">{m.email}</span> : null}
      </th>
      <td data-label="Role">{m.role === 'owner' ? 'Owner' : 'Agent'}</td>
      <td data-label="Two-step">{m.totp ? <span className="c-badge c-badge--on">On</span> : <span className="c-badge">Off</span>}</td>
      <td data-label="Last sign-in">{m.lastSignInAt ? <time dateTime={m.lastSignInAt}>{when(m.lastSignInAt, { zone })}</time> : 'Never'}</td>
      <td data-label="Status">{m.disabled ? <span className="c-badge c-badge--off">Disabled</span> : m.invited ? <span className="c-badge c-badge--wait">Invited</span> : 'Active'}</td>
      <td data-label="Actions">
        {m.id === me ? (
          <span className="c-muted">You</span>
        ) : (
          <div className="c-rowactions">
            {m.disabled ? null : <RoleForm member={m} />}
            {m.disabled ? <RowAction member={m} intent="enable" label="Enable" /> : <RowAction member={m} intent="disable" label="Disable" />}
            {m.disabled ? null : <RowAction member={m} intent="sign-out" label="Sign out everywhere" />}
            {m.invited && !m.disabled ? <RowAction member={m} intent="invite" label="Send a new link" /> : null}
          </div>
        )}
      </td>
    </tr>
  );
}

/** The form that adds a member and e-mails them their link. */
function AddMember({ add, busy }: { add: Result | undefined; busy: boolean }) {
  const err = (f: string) => (add && !add.ok && add.field === f ? add.message : undefined);
  return (
    <section className="c-panel" aria-labelledby="staff-add-title">
      <h2 id="staff-add-title">Add a member</h2>
      <p className="c-muted">They receive an e-mail with a link to choose their own password, valid {INVITE_HOURS} hours. Nobody else ever knows it.</p>
      {add?.ok ? <Notice>{add.message}</Notice> : null}
      <FormError>{add && !add.ok && !['email', 'name', 'role'].includes(add.field ?? '') ? add.message : undefined}</FormError>
      <Form method="post" className="c-form" noValidate key={add?.ok ? 'sent' : 'form'}>
        <CsrfInput />
        <input type="hidden" name="intent" value="add" />
        <Field label="Email" name="email" type="email" autoComplete="off" required defaultValue={add?.values?.email} error={err('email')} />
        <Field label="Name" name="name" autoComplete="off" defaultValue={add?.values?.name} error={err('name')} />
        <div className={`c-field${err('role') ? ' c-field--error' : ''}`}>
          <label htmlFor="staff-role">Role</label>
          {err('role') ? (
            <p className="c-field__error" id="staff-role-error">
              {err('role')}
            </p>
          ) : null}
          <select id="staff-role" name="role" defaultValue={add?.values?.role ?? 'agent'} aria-describedby={err('role') ? 'staff-role-error' : undefined}>
            <option value="agent">Agent: the enquiry inbox</option>
            <option value="owner">Owner: everything, staff included</option>
          </select>
        </div>
        <button className="btn btn--primary" type="submit" disabled={busy}>
          Add and send the link
        </button>
      </Form>
    </section>
  );
}

export default function Staff() {
  const { staff, me } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const add = result?.intent === 'add' ? result : undefined;
  return (
    <>
      <PageHead title="Staff" lead="Everyone who can sign in to the console. Owners manage staff, subscribers and campaigns; agents handle enquiries." />
      {result && result.intent !== 'add' ? result.ok ? <Notice>{result.message}</Notice> : <FormError>{result.message}</FormError> : null}
      <section className="c-panel" aria-labelledby="staff-list-title">
        <h2 id="staff-list-title">Members ({staff.length})</h2>
        <table className="c-ltable">
          <ColumnHeads columns={['Member', 'Role', 'Two-step', 'Last sign-in', 'Status', 'Actions']} />
          <tbody>
            {staff.map((m) => (
              <MemberRow key={m.id} m={m} me={me} />
            ))}
          </tbody>
        </table>
      </section>
      <AddMember add={add} busy={busy} />
    </>
  );
}
