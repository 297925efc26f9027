// The console's backups screen (/admin/backups, owners) and its API (/api/admin/backups): what a
// backup in DATA_DIR/backups looks like on the wire, and the screen's words.

interface BackupEntry {
  /** backup-<UTC time>-<daily|manual>.tar.gz */
  name: string;
  bytes: number;
  /** ISO time it was written. */
  createdAt: string;
  reason: 'daily' | 'manual';
}

export interface BackupList {
  backups: BackupEntry[];
  /** Where the files are on the server, for the operator copying them off the machine. */
  directory: string;
  database: 'pglite' | 'postgres';
  /** Whether the server also takes one every day (DAILY_BACKUPS). */
  daily: boolean;
  /** A backup being written right now (by this screen). */
  running: boolean;
  /** The operator's time zone, the backups' times are shown in. */
  timeZone: string;
}

export const BACKUP_MESSAGES = {
  running: 'A backup is being written already. Wait for it to finish, then reload this page.',
  missing: 'There is no such backup.',
  failed: 'The backup could not be written. The server log says why.',
} as const;

/** "2.4 MB", "812 KB" */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${Math.round(n / 1024)} KB`;
  return `${n} bytes`;
}

/** "3 hours ago", "2 days ago", "just now": the age of a backup at `now`. */
export function formatAge(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (s < 60) return 'just now';
  if (s < 3600) return unit(Math.floor(s / 60), 'minute');
  if (s < 86400) return unit(Math.floor(s / 3600), 'hour');
  return unit(Math.floor(s / 86400), 'day');
}
