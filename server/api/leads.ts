// POST /leads/whatsapp: a click on a WhatsApp button (navigator.sendBeacon from the page), with the
// page's path and nothing else. Only from our own pages (a matching Origin, or Sec-Fetch-Site:
// same-origin), checked for size and shape, limited per address, counted per path and day
// (server/leads.ts) when the path is a page that exists, answered 204. Refusals are answered in
// words but not logged: beacons come in floods.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LEAD_PATH_MESSAGE, LEAD_SITE_MESSAGE, LEAD_UNKNOWN_PAGE_MESSAGE, leadPath } from '../../common/leads.ts';
import { isFromOwnSite } from '../../common/origin.ts';
import { recordWhatsAppLead, sitePages } from '../leads.ts';
import { limitKey, sourceOf } from '../http/client-address.ts';
import { consume } from '../spam/rate-limit.ts';
import type { FormsApiOptions } from './enquiries.ts';
import { readJsonFields, tooMany } from './forms-http.ts';
import { deps, type ApiEnv } from '../http/deps.ts';
import { HttpError } from '../http/error.ts';

/** A lead is a path: far less than a form. */
const LEAD_BODY_MAX_BYTES = 1024;

export function leadsApi(opts: Pick<FormsApiOptions, 'siteUrl' | 'trust' | 'spam'>) {
  const app = new Hono<ApiEnv>();
  let pages: ReturnType<typeof sitePages> | undefined;
  app.post(
    '/leads/whatsapp',
    async (c, next) => {
      const source = sourceOf(c, opts.trust);
      const own = source.host ? `http://${source.host}/` : c.req.url;
      if (!isFromOwnSite(c.req.raw.headers, own, [opts.siteUrl])) throw quiet(new HttpError(403, LEAD_SITE_MESSAGE, undefined, 'not-own-site'));
      await next();
    },
    bodyLimit({
      maxSize: LEAD_BODY_MAX_BYTES,
      onError: () => {
        throw quiet(new HttpError(413, `A lead is at most ${LEAD_BODY_MAX_BYTES} bytes: the page's path.`));
      },
    }),
    async (c) => {
      try {
        const body = await readJsonFields(c, ['path']);
        const path = leadPath(body.path);
        if (!path) throw new HttpError(400, LEAD_PATH_MESSAGE, undefined, 'invalid-path');
        const ip = sourceOf(c, opts.trust).address;
        const { db } = deps(c);
        pages ??= sitePages(db);
        if (!(await pages.has(path))) throw new HttpError(404, LEAD_UNKNOWN_PAGE_MESSAGE, undefined, 'unknown-page');
        await db.transaction(async (tx) => {
          if (opts.spam.enabled && ip) {
            const r = await consume(tx, 'whatsapp-lead-ip', limitKey(ip), opts.spam.limits.whatsappLeadPerIp);
            if (!r.ok) throw tooMany('WhatsApp clicks counted from your connection', r.retryAfterSeconds);
          }
          await recordWhatsAppLead(tx, path);
        });
        return c.body(null, 204, { 'cache-control': 'no-store' });
      } catch (err) {
        throw err instanceof HttpError ? quiet(err) : err;
      }
    },
  );
  return app;
}

function quiet(err: HttpError): HttpError {
  err.quiet = true;
  return err;
}
