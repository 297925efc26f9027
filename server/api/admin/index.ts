// The console's API at /api/admin: every answer no-store (like every API answer that does not
// opt into the cache) and read with the session of its cookie. Each resource names the roles
// it allows (server/auth/guard.ts).
import { Hono } from 'hono';
import type { AdminEnv } from '../../auth/guard.ts';
import { loadSession } from '../../auth/guard.ts';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from '../../auth/throttle.ts';
import type { ProxyTrust } from '../../http/client-address.ts';
import { refuseCrossSite } from '../../http/cross-site.ts';
import { accessApi, DEFAULT_RESET_LIMITS, type AfterAnswer, type ResetLimits, type StaffMailOptions } from './access.ts';
import { authApi } from './auth.ts';
import { staffApi } from './staff.ts';
import type { NewsletterAdminOptions } from '../../newsletter/send.ts';
import { campaignsApi } from './campaigns.ts';
import { subscribersApi } from './subscribers.ts';
import { erasureApi } from './erasure.ts';
import { dashboardApi } from './dashboard.ts';
import { enquiriesAdminApi, type InboxMailOptions } from './enquiries.ts';
import { mediaApi, type MediaApiOptions } from './media.ts';
import { settingsApi } from './settings.ts';
import { contentApi, type ContentApiOptions } from './content.ts';
import { reviewsAdminApi } from './reviews.ts';
import { currencyAdminApi } from './currency.ts';
import { backupsApi, type BackupsApiOptions } from './backups.ts';
import { quoteChoicesApi } from './quote-choices.ts';
import { quotesAdminApi } from './quotes.ts';
import type { ItineraryMaker } from './reply-documents.ts';
import { replyTemplatesApi } from './reply-templates.ts';
import { bookingsAdminApi } from './bookings.ts';
import { departuresAdminApi } from './departures.ts';
import { paymentsAdminApi } from './payments.ts';
import type { PaymentsOptions } from '../../payments/index.ts';

export interface AdminApiOptions {
  siteUrl: string;
  trust: ProxyTrust;
  limits?: Partial<SignInLimits>;
  resetLimits?: Partial<ResetLimits>;
  /** Where a password-link request's work runs once it is answered (default: the next turn of the event loop). */
  afterAnswer?: AfterAnswer;
  /** Where the console's e-mails (password links, enquiry replies) leave from, and the worker to wake. */
  mail: StaffMailOptions & InboxMailOptions;
  /** Subscribers and campaigns (owners): mounted when the process has the mail outbox. */
  newsletter?: Omit<NewsletterAdminOptions, 'siteUrl' | 'trust'>;
  /** The media library: mounted when the process keeps the uploads (it has the database and DATA_DIR). */
  media?: Omit<MediaApiOptions, 'trust'>;
  /** Resolves once this process has seen a content change made by the console (the page caches). */
  contentChanged?: () => Promise<unknown>;
  /** The public API read from a preview's transaction (server/api/admin/content.ts). */
  previewRead?: ContentApiOptions['previewRead'];
  /** The backups screen (owners): mounted when the process has the database and DATA_DIR. */
  backups?: Omit<BackupsApiOptions, 'trust'>;
  /** The current instant for bookings (their day, their reminders); tests move it. */
  clock?: () => Date;
  /** Makes a safari's itinerary PDF for an enquiry's reply (server/app.ts). */
  itinerary?: ItineraryMaker;
  /** Online payments: the booking's attempts and refunds through the providers. */
  payments?: PaymentsOptions;
}

export function adminApi(opts: AdminApiOptions) {
  const app = new Hono<AdminEnv>();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-robots-tag', 'noindex, nofollow');
  });
  // Writes from a browser on another site are refused before anything else.
  app.use('*', async (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : (refuseCrossSite(opts.siteUrl, opts.trust)(c as never, next) as Promise<void>)));
  app.use('*', loadSession(opts.siteUrl));
  const limits = { ...DEFAULT_SIGN_IN_LIMITS, ...opts.limits };
  const mail = opts.mail;
  app.route('/', authApi({ siteUrl: opts.siteUrl, trust: opts.trust, limits, mail }));
  app.route('/', accessApi({ siteUrl: opts.siteUrl, trust: opts.trust, limits, resetLimits: { ...DEFAULT_RESET_LIMITS, ...opts.resetLimits }, mail, afterAnswer: opts.afterAnswer }));
  app.route('/', staffApi({ siteUrl: opts.siteUrl, trust: opts.trust, mail }));
  if (opts.newsletter) {
    const newsletter = { siteUrl: opts.siteUrl, trust: opts.trust, ...opts.newsletter };
    app.route('/', subscribersApi(newsletter));
    app.route('/', campaignsApi(newsletter));
  }
  app.route('/', erasureApi({ trust: opts.trust }));
  app.route('/', enquiriesAdminApi({ trust: opts.trust, mail, siteUrl: opts.siteUrl, itinerary: opts.itinerary }));
  app.route('/', quoteChoicesApi());
  app.route('/', quotesAdminApi({ siteUrl: opts.siteUrl, trust: opts.trust, mail }));
  app.route('/', dashboardApi());
  app.route('/', bookingsAdminApi({ trust: opts.trust, clock: opts.clock }));
  app.route('/', departuresAdminApi({ trust: opts.trust, clock: opts.clock, mail }));
  if (opts.payments) app.route('/', paymentsAdminApi({ trust: opts.trust, ...opts.payments, clock: opts.clock ?? opts.payments.clock }));
  app.route('/', settingsApi({ trust: opts.trust }));
  app.route('/', replyTemplatesApi({ trust: opts.trust }));
  app.route('/', reviewsAdminApi({ trust: opts.trust, contentChanged: opts.contentChanged }));
  app.route('/', currencyAdminApi({ trust: opts.trust, contentChanged: opts.contentChanged }));
  app.route('/', contentApi({ trust: opts.trust, contentChanged: opts.contentChanged, previewRead: opts.previewRead }));
  if (opts.media) app.route('/', mediaApi({ trust: opts.trust, ...opts.media }));
  if (opts.backups) app.route('/', backupsApi({ trust: opts.trust, ...opts.backups }));
  return app;
}
