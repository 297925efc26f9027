import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, lockHolder, lockPath } from './lock.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'safari-lock-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A process that takes the lock, says so, and holds it until killed. */
function holdInChild(): Promise<{ kill(): Promise<void> }> {
  const code = `import('${path.join(import.meta.dirname, 'lock.ts')}').then(async (m) => { await m.lockDataDir(${JSON.stringify(dir)}, 'test holder'); console.log('held'); setInterval(() => {}, 1000); });`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      if (String(d).includes('held'))
        resolve({
          kill: () =>
            new Promise((r) => {
              child.once('exit', () => r());
              child.kill('SIGKILL');
            }),
        });
    });
    child.once('exit', (c) => reject(new Error(`the holder exited with ${c}`)));
  });
}

describe('the data directory lock', () => {
  it('refuses a second process with a message naming the holder, and is taken over once that process is gone', async () => {
    const other = await holdInChild();
    try {
      const refused = await lockDataDir(dir, 'second').then(
        () => null,
        (e: unknown) => e,
      );
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toMatch(/in use by process \d+ \(test holder/);
      expect((refused as Error).message).toContain('stop that process first');
      expect(lockHolder(dir)?.holder).toBe('test holder');
    } finally {
      await other.kill();
    }
    // Killed without releasing: its lock is stale and the next process takes it.
    expect(existsSync(lockPath(dir))).toBe(true);
    expect(lockHolder(dir)).toBeNull();
    const lock = await lockDataDir(dir, 'after');
    expect(lockHolder(dir)?.pid).toBe(process.pid);
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('treats a lock naming a live pid with another start time as stale (a reused pid)', async () => {
    writeFileSync(lockPath(dir), JSON.stringify({ pid: process.pid, started: '1', holder: 'long gone', since: '2020-01-01T00:00:00Z' }));
    const lock = await lockDataDir(dir, 'now');
    expect(lockHolder(dir)?.holder).toBe('now');
    lock.release();
  });

  it('is shared by opens within one process and released by the last', async () => {
    const a = await lockDataDir(dir, 'server');
    const b = await lockDataDir(dir, 'open');
    b.release();
    expect(existsSync(lockPath(dir))).toBe(true);
    a.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });
});
