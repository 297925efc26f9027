// npm run admin:create-user -- --email someone@example.com --role owner|agent [--name "Their Name"]
// Creates a staff account in the site's database (the one the server would open: DATABASE_URL, or
// PGlite under DATA_DIR; migrations applied). While the server runs on the embedded database, the
// server creates it (server/db/command.ts), so the account signs in at once. The password
// is asked for on the terminal without echo (twice), or read from ADMIN_PASSWORD; it must pass the
// same rules as in the console. There is never a default password. Prints one line; exit code 1
// with a clear message when anything is refused.
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '../../common/staff.ts';
import { isEmail } from '../../common/validation.ts';

process.env.NODE_ENV ||= 'production';

function fail(message: string): never {
  console.error(`admin:create-user: ${message}`);
  process.exit(1);
}

const USAGE = 'usage: npm run admin:create-user -- --email you@example.com --role owner|agent [--name "Your Name"]';

let values: { email?: string; role?: string; name?: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true }));
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const email = values.email?.trim() ?? '';
if (!email || !isEmail(email)) fail(`give a valid --email.\n${USAGE}`);
if (!values.role || !(STAFF_ROLES as readonly string[]).includes(values.role)) fail(`give --role owner or --role agent.\n${USAGE}`);
const role = values.role as StaffRole;
const name = (values.name ?? '').trim();
if (name.length > 100) fail('--name is longer than 100 characters.');

/** Reads a line from the terminal without showing what is typed. */
function askHidden(prompt: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin;
    process.stderr.write(prompt);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let typed = '';
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') return done();
        if (ch === '\u0003') return done(new Error('cancelled'));
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1);
        else if (ch >= ' ') typed += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (!process.stdin.isTTY) fail('no terminal to ask for the password: set ADMIN_PASSWORD, or run this in a terminal.');
  const first = await askHidden(`Password for ${email}: `).catch(() => fail('cancelled.'));
  const again = await askHidden('Type it again: ').catch(() => fail('cancelled.'));
  if (first !== again) fail('the two passwords are not the same.');
  return first;
}

const [{ loadConfigOrExit }, { passwordProblem }] = await Promise.all([import('../config.ts'), import('./passwords.ts')]);
const config = loadConfigOrExit();
const password = await readPassword();
const problem = await passwordProblem(password, email, name);
if (problem) fail(problem);

const [{ runCommand, CommandRefused }, { AccountError, createStaffFromCommand }, { ControlError }] = await Promise.all([
  import('../db/command.ts'),
  import('./accounts.ts'),
  import('../db/control.ts'),
]);
try {
  // With the embedded database open by the running server, the server creates the account (so it
  // can sign in at once); otherwise this process opens the database (migrations applied).
  const { result, via } = await runCommand(config, {
    name: 'admin:create-user',
    migrate: true,
    direct: async (database) => ({ ...(await createStaffFromCommand(database.db, { email, name, role, password })), siteUrl: config.SITE_URL, kind: database.kind }),
    viaServer: async (send) => ({ ...(await send<{ id: number; siteUrl: string }>('/create-user', { email, name, role, password })), kind: 'pglite' as const }),
  });
  const where = result.kind === 'pglite' ? `PGlite database under ${config.dataDir}` : 'PostgreSQL database';
  console.log(`Created ${role} ${email} (staff #${result.id}) in the ${where}${via === 'server' ? ', through the running server' : ''}. Sign in at ${result.siteUrl}/admin/login`);
} catch (e) {
  if (e instanceof AccountError || e instanceof CommandRefused || (e instanceof ControlError && e.status < 500)) fail(e.message);
  fail(`could not create the account: ${(e as Error).message}`);
}
process.exit(0);
