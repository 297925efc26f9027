// POST /leads/whatsapp: a click on a WhatsApp button (navigator.sendBeacon from the page), with the
// page's path and nothing else. Checked like the forms (cross-site, size, shape), limited per
// address, counted per path and day (server/leads.ts), answered 204.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LEAD_PATH_MESSAGE, leadPath } from '../../common/leads.ts';
import { recordWhatsAppLead } from '../leads.ts';
import { limitKey, sourceOf } from '../spam/client-address.ts';
import { consume } from '../spam/rate-limit.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { readJsonFields, refuseCrossSite, tooMany } from './forms-http.ts';
import { deps, HttpError, type ApiEnv } from './http.ts';

/** A lead is a path: far less than a form. */
export const LEAD_BODY_MAX_BYTES = 1024;

export function leadsApi(opts: Pick<FormsApiOptions, 'siteUrl' | 'trust' | 'spam'>) {
  const app = new Hono<ApiEnv>();
  app.post(
    '/leads/whatsapp',
    refuseCrossSite(opts.siteUrl, opts.trust),
    bodyLimit({
      maxSize: LEAD_BODY_MAX_BYTES,
      onError: () => {
        throw new HttpError(413, `A lead is at most ${LEAD_BODY_MAX_BYTES} bytes: the page's path.`);
      },
    }),
    async (c) => {
      const body = await readJsonFields(c, ['path']);
      const path = leadPath(body.path);
      if (!path) throw new HttpError(400, LEAD_PATH_MESSAGE, undefined, 'invalid-path');
      const ip = sourceOf(c, opts.trust).address;
      const { db } = deps(c);
      await db.transaction(async (tx) => {
        if (opts.spam.enabled && ip) {
          const r = await consume(tx, 'whatsapp-lead-ip', limitKey(ip), opts.spam.limits.whatsappLeadPerIp);
          if (!r.ok) throw tooMany('WhatsApp clicks counted from your connection', r.retryAfterSeconds);
        }
        await recordWhatsAppLead(tx, path);
      });
      return c.body(null, 204, { 'cache-control': 'no-store' });
    },
  );
  return app;
}
