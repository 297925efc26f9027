// For console screens whose loader reads nothing else: only owners see them (the API checks every
// write again; this keeps an agent from even seeing the form).
import { data, type RouterContextProvider } from 'react-router';
import type { StaffSession } from '../../common/staff.ts';
import { adminGet } from './admin.ts';

export async function requireOwner(context: Readonly<RouterContextProvider>, request: Request): Promise<StaffSession> {
  const session = await adminGet<StaffSession>(context, request, '/session');
  if (session.staff.role !== 'owner') throw data({ message: 'Your role does not allow this screen.' }, { status: 403 });
  return session;
}
