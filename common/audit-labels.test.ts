import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, auditActionLabel, auditActorLabel, auditTarget } from './audit-labels.ts';

/** Every TypeScript source under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('the audit log in words', () => {
  it('has words for every action the server writes', () => {
    const root = path.resolve(import.meta.dirname, '..', 'server');
    const written = new Set<string>();
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      if (!/audit/i.test(text)) continue;
      for (const m of text.matchAll(/action: (?:disable \? )?'([a-z][a-z.-]+)'(?: : '([a-z][a-z.-]+)')?/g)) for (const a of [m[1], m[2]]) if (a) written.add(a);
      // The content store writes content.<verb>; the review moderation review.<verb>.
      for (const m of text.matchAll(/writeAudit\(tx, actor, '([a-z-]+)'/g)) written.add(`content.${m[1]}`);
    }
    for (const verb of ['save', 'restore', 'publish', 'schedule', 'unpublish']) written.add(`content.${verb}`);
    for (const verb of ['approve', 'reject']) written.add(`review.${verb}`);
    written.delete('save'); // the store's parameter default, not an audit action
    expect(written.size).toBeGreaterThan(40);
    const missing = [...written].filter((a) => !(a in AUDIT_ACTION_LABELS));
    expect(missing).toEqual([]);
  });

  it('spells out an action it does not know rather than showing its code', () => {
    expect(auditActionLabel('enquiry.assign')).toBe('Enquiry assigned');
    expect(auditActionLabel('review.reply-published')).toBe('Review reply published');
  });

  it('names the scheduler as the actor of scheduled publications, and the system otherwise', () => {
    expect(auditActorLabel('', 'content.publish-scheduled')).toBe('system (scheduled)');
    expect(auditActorLabel(null, 'content.schedule-failed')).toBe('system (scheduled)');
    expect(auditActorLabel('', 'sign-in-failed')).toBe('system');
    expect(auditActorLabel('grace@kigezitrails.example', 'content.save')).toBe('grace@kigezitrails.example');
  });

  it('links each target to where it can be seen, and nothing that was deleted', () => {
    expect(auditTarget('enquiry:12')).toEqual({ text: 'Enquiry #12', href: '/admin/enquiries/12' });
    expect(auditTarget('media:4')).toEqual({ text: 'Image #4', href: '/admin/media/4' });
    expect(auditTarget('campaign:3')).toEqual({ text: 'Campaign #3', href: '/admin/campaigns/3/preview' });
    expect(auditTarget('staff:2')).toEqual({ text: 'Member #2', href: '/admin/staff' });
    expect(auditTarget('safaris:3-day-gorilla-trek', 'content.save')).toEqual({ text: 'Safari “3-day-gorilla-trek”', href: '/safaris/3-day-gorilla-trek' });
    expect(auditTarget('pages:home', 'content.publish')?.href).toBe('/');
    expect(auditTarget('safaris:old-trip', 'content.delete')).toEqual({ text: 'Safari “old-trip”', href: null });
    expect(auditTarget('media:9', 'media.delete')?.href).toBeNull();
    expect(auditTarget('backup:backup-20261127T102312Z-manual.tar.gz')).toEqual({ text: 'Backup backup-20261127T102312Z-manual.tar.gz', href: '/admin/backups' });
    expect(auditTarget('settings')).toEqual({ text: 'Settings', href: '/admin/settings' });
    expect(auditTarget(null)).toBeNull();
    expect(auditTarget('something:odd value')).toEqual({ text: 'something:odd value', href: null });
  });
});
