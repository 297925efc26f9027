// /api/admin/settings (owners): the console's settings: whether agents may edit content (the media
// library now, content items later; server/auth/content-access.ts), whether they may export the
// enquiries, and the operator's time zone.
// GET /settings/access answers any signed-in member of staff what they may do (the console shows
// or hides its content screens with it; the API checks again on every request), and the operator's
// time zone, in which every console screen writes its times.
import { Hono } from 'hono';
import { consoleSettingsSchema } from '../../../common/media-library.ts';
import { audit } from '../../auth/audit.ts';
import { mayEditContent, mayExport, readConsoleSettings, readOperatorTimeZone, writeConsoleSettings } from '../../auth/content-access.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { readBody } from './body.ts';

export function settingsApi(opts: { trust: ProxyTrust }) {
  const app = new Hono<AdminEnv>();
  const owner = requireStaff({ roles: ['owner'] });

  app.get('/settings', owner, async (c) => c.json(await readConsoleSettings(deps(c).db)));

  app.put('/settings', owner, async (c) => {
    const input = await readBody(c, consoleSettingsSchema);
    const db = deps(c).db;
    const s = sessionOf(c);
    const changed = await writeConsoleSettings(db, input, s.staff.id);
    if (changed.length) {
      await audit(db, {
        staffId: s.staff.id,
        actor: s.staff.email,
        action: 'settings.change',
        target: 'settings',
        detail: Object.fromEntries(changed.map((k) => [k, input[k]])),
        ip: sourceOf(c, opts.trust).address ?? null,
      });
    }
    return c.json({ ...(await readConsoleSettings(db)), changed });
  });

  app.get('/settings/access', requireStaff(), async (c) => {
    const { db } = deps(c);
    const [editContent, exportData, timeZone] = await Promise.all([mayEditContent(db, sessionOf(c)), mayExport(db, sessionOf(c)), readOperatorTimeZone(db)]);
    return c.json({ editContent, export: exportData, timeZone });
  });

  return app;
}
