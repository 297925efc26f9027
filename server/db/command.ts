// How a command (npm run admin:create-user, content:export, db:backup, …) reaches the database.
//  - PostgreSQL (DATABASE_URL): it opens the database itself, the server or not.
//  - Embedded PGlite: when nobody holds DATA_DIR's lock (server/db/lock.ts), the command opens the
//    database itself, under the lock. When the server holds it, the command asks the server over
//    its control socket (server/db/control.ts). When another process holds it and does not answer
//    there (another command, or a server whose socket could not be made), the command stops with
//    a message saying what to do.
// Every command that needs the database goes through runCommand, so a new one gets this for free.
import type { Config } from '../config.ts';
import { controlAnswers, controlRequest } from './control.ts';
import type { Database } from './index.ts';
import { openPreparedDatabase } from './prepare.ts';
import { DataDirLockedError, lockDataDir, lockHolder, type DataDirLock } from './lock.ts';

/** A refusal the command prints as it is (exit 1). */
export class CommandRefused extends Error {}

export interface CommandRoute<T> {
  /** The command's name, shown to a process that is refused while this one runs. */
  name: string;
  /** Apply pending migrations when the command opens the database itself. */
  migrate?: boolean;
  /** The work, on a database this process opened. */
  direct(database: Database): Promise<T>;
  /**
   * The same work done by the running server, given a way to send it a request. Without it, the
   * command is refused while the server runs.
   */
  viaServer?(send: <A>(requestPath: string, body?: unknown) => Promise<A>): Promise<T>;
}

export async function runCommand<T>(config: Config, route: CommandRoute<T>): Promise<{ result: T; via: 'server' | 'direct' }> {
  let database: Database;
  try {
    database = await openPreparedDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, migrate: route.migrate ?? false, holder: route.name });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    if (route.viaServer && (await controlAnswers(config.dataDir))) {
      return { result: await route.viaServer((requestPath, body) => controlRequest(config.dataDir, requestPath, body)), via: 'server' };
    }
    throw new CommandRefused(
      route.viaServer ? `${e.message} It does not answer on ${config.dataDir}/control.sock (a server that is still starting answers once it is up: try again in a moment).` : e.message,
    );
  }
  try {
    return { result: await route.direct(database), via: 'direct' };
  } finally {
    await database.close();
  }
}

/**
 * For a command that replaces the database's files (db:restore): takes DATA_DIR's lock for the
 * time it works, or refuses while the server (or another command) has the database.
 */
export async function holdDataDir(config: Config, name: string): Promise<DataDirLock> {
  try {
    return await lockDataDir(config.dataDir, name);
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    const holder = lockHolder(config.dataDir);
    throw new CommandRefused(
      `The server (or another command) is running with the database in ${config.dataDir} (process ${holder?.pid ?? e.info.pid}, ${e.info.holder}). ` + `Stop it first, then run ${name} again.`,
    );
  }
}
