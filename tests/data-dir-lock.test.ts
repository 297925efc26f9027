// One owner of the embedded database (server/db/lock.ts, server/db/command.ts): while the server
// runs on a DATA_DIR, a second server is refused with a message naming it; admin:create-user goes
// through the running server, and the account signs in at once and survives a restart with a
// number of its own; db:restore is refused while the server runs; a server killed without
// releasing its lock does not stop the next start. Without SITE_URL, the links printed name the
// server's PORT.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, freePort, seededDataDir, startServer } from './helpers/start-site.ts';
import { signIn, STAFF_PASSWORD } from './helpers/staff.ts';

const root = path.resolve(import.meta.dirname, '..');

function command(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _skip, ...base } = process.env;
    const child = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, env: { ...base, LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** The pids of the processes whose parent is `pid` and whose command line holds `text` (Linux). */
function childrenOf(pid: number, text: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the set-up step under the server's lock", () => {
  it('stops when the server that started it is killed, so nothing writes under a stale lock', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'safari-lock-setup-'));
    const { DATABASE_URL: _skip, ...base } = process.env;
    const server = spawn('bash', [path.join(root, 'scripts/serve.sh'), 'server/index.ts'], {
      cwd: root,
      env: { ...base, NODE_ENV: 'production', DATA_DIR: dir, API_URL: '', PORT: String(await freePort()), HOST: '127.0.0.1', DAILY_BACKUPS: 'off', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The set-up child writes to the same pipes, also once the server is gone.
    let output = '';
    server.stdout!.on('data', (d) => (output += d));
    server.stderr!.on('data', (d) => (output += d));
    try {
      let setUp: number[] = [];
      for (const until = Date.now() + 60_000; setUp.length === 0 && Date.now() < until; ) {
        await new Promise((r) => setTimeout(r, 100));
        setUp = childrenOf(server.pid!, 'server/setup.ts');
      }
      expect(setUp).toHaveLength(1);
      server.kill('SIGKILL');
      const until = Date.now() + 20_000;
      while (alive(setUp[0]!) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(alive(setUp[0]!)).toBe(false);
      // It stopped because its server was gone, not because it had finished.
      expect(output).toContain('the server that started the set-up step is gone; stopping');
    } finally {
      if (server.exitCode === null) server.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the embedded database has one owner', () => {
  let dataDir: string;
  let port: number;
  let server: ServerProcess;
  // No SITE_URL: the default follows PORT.
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '', API_URL: '', SITE_URL: '', DAILY_BACKUPS: 'off', LOG_LEVEL: 'info' });
  const start = async () => {
    server = await startServer(env(), port, { ready: '/api/readyz' });
    return server;
  };
  const stop = async () => {
    if (server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  };

  beforeAll(async () => {
    // A copy of the run's seeded database: no staff yet, so the set-up step still prints its line.
    dataDir = await seededDataDir('safari-lock-');
    port = await freePort();
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the server at its PORT, refuses a second server, and lets admin:create-user through the first', async () => {
    await start();
    const base = `http://127.0.0.1:${port}`;
    // The set-up step's line names this port, not 3000.
    expect(server.output.join('')).toContain(`Create the first owner at http://localhost:${port}/admin/setup?token=`);

    // A second server on the same DATA_DIR stops with a message naming the first.
    const second = await startServer(env(), await freePort(), { ready: '/api/readyz' }).then(
      () => null,
      (e: Error) => e.message,
    );
    expect(second).toMatch(new RegExp(`in use by process ${server.child.pid} \\(server`));
    expect(second).toContain('Only one process may open it');

    // The account is made by the running server and signs in at once.
    const made = await command('server/auth/create-user.ts', ['--email', 'owner@example.com', '--role', 'owner'], { ...env(), PORT: String(port), ADMIN_PASSWORD: STAFF_PASSWORD });
    expect(made.err).toBe('');
    expect(made.code).toBe(0);
    expect(made.out).toMatch(/^Created owner owner@example\.com \(staff #1\) in the PGlite database under .*, through the running server\./);
    expect(made.out).toContain(`Sign in at http://localhost:${port}/admin/login`);
    const owner = await signIn(base, 'owner@example.com');
    expect(owner.session.staff.role).toBe('owner');
    const agent = await command('server/auth/create-user.ts', ['--email', 'agent@example.com', '--role', 'agent'], { ...env(), ADMIN_PASSWORD: STAFF_PASSWORD });
    expect(agent.code).toBe(0);
    expect(agent.out).toContain('(staff #2)');
    expect((await signIn(base, 'agent@example.com')).session.staff.role).toBe('agent');
    // A refusal made by the server reaches the command as it is.
    const taken = await command('server/auth/create-user.ts', ['--email', 'AGENT@example.com', '--role', 'agent'], { ...env(), ADMIN_PASSWORD: STAFF_PASSWORD });
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('There is already an account with this email address.');

    // db:restore replaces the database's files: refused while the server runs.
    const restore = await command('server/db/backup-cli.ts', ['restore', path.join(dataDir, 'any.tar.gz'), '--yes'], env());
    expect(restore.code).toBe(1);
    expect(restore.err).toContain(`process ${server.child.pid}`);
    expect(restore.err).toContain('Stop it first, then run db:restore again.');
  });

  it('keeps the accounts made by the command across a restart, and numbers the next one after them', async () => {
    await stop();
    await start();
    const base = `http://127.0.0.1:${port}`;
    expect((await signIn(base, 'agent@example.com')).session.staff.email).toBe('agent@example.com');
    const next = await command('server/auth/create-user.ts', ['--email', 'third@example.com', '--role', 'agent'], { ...env(), ADMIN_PASSWORD: STAFF_PASSWORD });
    expect(next.code).toBe(0);
    expect(next.out).toContain('(staff #3)');
  });

  it('stops a command with a message when the holder is not a server that answers', async () => {
    // Another command holding the directory (here: a process that took the lock and waits).
    const lockModule = path.join(root, 'server/db/lock.ts');
    const code = `import(${JSON.stringify(lockModule)}).then(async (m) => { await m.lockDataDir(${JSON.stringify(dataDir)}, 'content:export'); console.log('held'); setInterval(() => {}, 1000); });`;
    await stop();
    const holder = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on('data', (d) => String(d).includes('held') && resolve());
        holder.once('exit', (c) => reject(new Error(`the holder exited with ${c}`)));
      });
      const refused = await command('server/auth/create-user.ts', ['--email', 'late@example.com', '--role', 'agent'], { ...env(), ADMIN_PASSWORD: STAFF_PASSWORD });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain(`in use by process ${holder.pid} (content:export`);
      expect(refused.err).toContain('does not answer on');
      const backup = await command('server/db/backup-cli.ts', ['backup'], env());
      expect(backup.code).toBe(1);
      expect(backup.err).toContain(`in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((r) => (holder.exitCode !== null ? r(null) : holder.once('exit', r)));
    }
    await start();
  });

  it('starts after a server killed without releasing its lock', async () => {
    const killed = server;
    killed.child.kill('SIGKILL');
    await killed.exited;
    await start();
    expect(server.child.pid).not.toBe(killed.child.pid);
    expect((await signIn(`http://127.0.0.1:${port}`, 'third@example.com')).session.staff.email).toBe('third@example.com');
    await stop();
    // With no server, the command opens the database itself (and prints the same kind of line).
    const direct = await command('server/auth/create-user.ts', ['--email', 'fourth@example.com', '--role', 'agent'], { ...env(), PORT: '4567', ADMIN_PASSWORD: STAFF_PASSWORD });
    expect(direct.code).toBe(0);
    // A sequence may skip numbers after a crash (PostgreSQL logs them ahead), never repeat one.
    expect(Number(/staff #(\d+)/.exec(direct.out)?.[1])).toBeGreaterThan(3);
    expect(direct.out).not.toContain('through the running server');
    expect(direct.out).toContain('Sign in at http://localhost:4567/admin/login');
  });
});
