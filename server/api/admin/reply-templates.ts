// /api/admin/settings/reply-templates (owners): the reply templates agents start a reply with
// (common/reply-templates.ts): the list, and the whole list written back. A change is audited.
// Agents get the templates filled for an enquiry with its reply's documents (enquiries.ts).
import { Hono } from 'hono';
import { replyTemplatesSchema } from '../../../common/reply-templates.ts';
import { audit } from '../../auth/audit.ts';
import { requireStaff, sessionOf, type AdminEnv } from '../../auth/guard.ts';
import { sourceOf, type ProxyTrust } from '../../http/client-address.ts';
import { deps } from '../../http/deps.ts';
import { readReplyTemplates, writeReplyTemplates } from '../../mail/reply-templates.ts';
import { readBody } from './body.ts';

export function replyTemplatesApi(opts: { trust: ProxyTrust }) {
  const app = new Hono<AdminEnv>();
  const owner = requireStaff({ roles: ['owner'] });
  app.get('/settings/reply-templates', owner, async (c) => c.json({ templates: await readReplyTemplates(deps(c).db) }));
  app.put('/settings/reply-templates', owner, async (c) => {
    const { templates } = await readBody(c, replyTemplatesSchema);
    const s = sessionOf(c);
    const changed = await deps(c).db.transaction(async (tx) => {
      const changed = await writeReplyTemplates(tx, templates, s.staff.id);
      if (changed)
        await audit(tx, {
          staffId: s.staff.id,
          actor: s.staff.email,
          action: 'settings.reply-templates',
          target: 'settings',
          detail: { templates: templates.map((t) => t.name) },
          ip: sourceOf(c, opts.trust).address ?? null,
        });
      return changed;
    });
    return c.json({ templates, changed });
  });
  return app;
}
