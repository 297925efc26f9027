import { describe, expect, it } from 'vitest';
import { formatAge, formatBytes } from './backups.ts';

describe('a backup as the console shows it', () => {
  it('gives sizes in bytes, KB, MB and GB', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(812 * 1024)).toBe('812 KB');
    expect(formatBytes(11.4 * 1024 * 1024)).toBe('11.4 MB');
    expect(formatBytes(2.5 * 1024 * 1024 * 1024)).toBe('2.5 GB');
  });
  it('gives ages in words', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(formatAge('2026-11-27T11:59:30Z', now)).toBe('just now');
    expect(formatAge('2026-11-27T11:59:00Z', now)).toBe('1 minute ago');
    expect(formatAge('2026-11-27T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatAge('2026-11-25T12:00:00Z', now)).toBe('2 days ago');
    // A clock a little behind the file's time is not "in the future".
    expect(formatAge('2026-11-27T12:00:05Z', now)).toBe('just now');
  });
});
