// The composition root: builds the whole process from a configuration: database, content, API,
// web. Used by server/start.ts (the process that server/index.ts starts) and by the tests, which
// start it on a free port.
import { AsyncLocalStorage } from 'node:async_hooks';
import path from 'node:path';
import { adminApi, type AdminApiOptions } from './api/admin/index.ts';
import { checkLargeWritesFirst } from './api/admin/large-writes.ts';
import { createApi } from './api/index.ts';
import type { ItineraryMaker } from './api/admin/reply-documents.ts';
import { itineraryPdf } from '../app/lib/itinerary-pdf.server.ts';
import type { SafariResponse } from '../common/api-types.ts';
import { DEFAULT_LANGUAGE } from '../common/languages.ts';
import type { Config } from './config.ts';
import { DatabaseAvailability } from './db/availability.ts';
import type { Database } from './db/index.ts';
import { startDailyBackups } from './db/backup.ts';
import { SCHEDULE_POLL_MS, startScheduledPublishing } from './content/schedule.ts';
import { startScheduledCampaigns } from './newsletter/scheduled-send.ts';
import { startControlSocket } from './db/control.ts';
import { prepareDatabase } from './db/prepare.ts';
import { tablesChangedBetween, watchContentVersion, type ContentVersionWatch } from './db/version.ts';
import { createFormsAndMail, type FormsAndMail, type FormsAndMailOverrides } from './forms-and-mail.ts';
import { startHousekeeping } from './housekeeping.ts';
import { startDatabaseUpkeep } from './db/upkeep.ts';
import { startBookingReminders } from './bookings/reminders.ts';
import { paymentsApi } from './api/payments.ts';
import { hostedPageOrigins, type PaymentsOptions, providersFromConfig } from './payments/index.ts';
import { startPaymentReconciliation } from './payments/reconcile.ts';
import { HttpCache } from './http/cache.ts';
import { messageIdDomain } from './mail/outbox.ts';
import type { Logger } from './logger.ts';
import { mediaDirs } from './media/dirs.ts';
import { createMediaWorker, uploadDirs, type MediaWorker } from './media/uploads.ts';
import { searchIndexOf } from './search/engine.ts';
import { ClientBudget } from './spam/budget.ts';
import { ProxyTrust } from './http/client-address.ts';
import { createWeb, loadServerBuild } from './web.ts';
import { startHoldRelease } from './departures/hold-release.ts';
import { systemClock } from './bookings/today.ts';

/** Where large request bodies are kept while they arrive (the files are unlinked at once). */
const spoolDir = (dataDir: string) => path.join(dataDir, 'tmp');

export interface AppParts {
  /** Absent in a web-only process (API_URL set): the API host owns the database. */
  database?: Database;
  api?: ReturnType<typeof createApi>;
  web?: ReturnType<typeof createWeb>;
  /** Enquiries, newsletter and the mail outbox worker (where the database is). */
  forms?: FormsAndMail;
  /** The kept API answers and rendered pages (where the database is). */
  caches?: { answers: HttpCache; pages: HttpCache };
  /** Renders the media library's uploads in the background (where the database is). */
  mediaWorker?: MediaWorker;
  contentVersion?: ContentVersionWatch;
  stop(): Promise<void>;
}

type AppOptions = { web?: boolean; forms?: FormsAndMailOverrides; admin?: Pick<AdminApiOptions, 'limits' | 'resetLimits' | 'afterAnswer' | 'clock'>; schedulePollMs?: number };

export async function createApp(config: Config, logger: Logger, opts: AppOptions = {}): Promise<AppParts> {
  // Web-only process: pages are rendered from the API at API_URL, which /api proxies to.
  if (config.API_URL && opts.web !== false) return createWebOnly(config, logger);
  const database = await prepareDatabase(config, logger);
  // Whether the database can be reached: an outage answers 503 and is logged once (server/db/availability.ts).
  const availability = new DatabaseAvailability({ ping: database.ping, logger });
  const caches = createCaches(config);
  const version = dropChangedOnContentChange(database, caches, logger);
  await version.ready;
  // The search index is made now, so that no visitor waits for it (server/search/engine.ts).
  void searchIndexOf(database.db).catch((err: unknown) => logger.warn({ err }, 'search index not made at start; the first search makes it'));
  const forms = createFormsAndMail(config, database.db, logger, opts.forms, availability);
  const payments = paymentsOptions(config, forms, opts.admin?.clock);
  const background = await startBackground(config, database, logger, availability, forms, opts.schedulePollMs ?? SCHEDULE_POLL_MS, opts.admin?.clock);
  const reconciliation = Object.keys(payments.providers).length ? startPaymentReconciliation(database.db, payments, logger, availability) : null;
  const previewRead = createPreviewRead(config, database, logger, availability);
  // One budget per process for the work no cache absorbs, shared by its pages and its API.
  const budget = config.SPAM_CHECKS === 'on' ? new ClientBudget({ sharePercent: config.CLIENT_SHARE_PERCENT, trust: new ProxyTrust(config.TRUST_PROXY) }) : undefined;
  const api = createApi({
    deps: { db: database.db, siteUrl: config.SITE_URL, logger, ping: database.ping, availability },
    budget,
    mediaDirs: mediaDirs(),
    uploadsDir: background.uploads.images,
    cache: caches.answers,
    // The console's large writes: the session and its token checked before the body is read, which
    // then goes to a file under DATA_DIR rather than memory.
    beforeBody: checkLargeWritesFirst({ siteUrl: config.SITE_URL, trust: new ProxyTrust(config.TRUST_PROXY) }),
    spoolDir: spoolDir(config.dataDir),
    // Inside the web process the API's routes start with /api; alone, at /.
    basePath: opts.web === false ? '' : '/api',
    extend: (app) => {
      forms.mount(app);
      const itinerary = itineraryMaker(() => api, opts.web === false ? '' : '/api');
      app.route('/', paymentsApi({ ...payments, trust: new ProxyTrust(config.TRUST_PROXY) }));
      app.route('/admin', adminApi({ ...adminOptions(config, database, forms, background, version, previewRead), itinerary, payments, ...opts.admin }) as never);
    },
  });
  const web =
    opts.web === false
      ? undefined
      : createWeb({
          api,
          apiUrl: config.API_URL,
          logger,
          siteUrl: config.SITE_URL,
          formTargets: hostedPageOrigins(config),
          build: await loadServerBuild(),
          pages: { cache: caches.pages },
          budget,
          trust: new ProxyTrust(config.TRUST_PROXY),
          spoolDir: spoolDir(config.dataDir),
          languages: config.SITE_LANGUAGES,
        });
  return {
    database,
    api,
    web,
    forms,
    caches,
    mediaWorker: background.mediaWorker,
    contentVersion: version,
    stop: async () => {
      version.stop();
      await reconciliation?.stop();
      await background.stop();
      await forms.stop();
      availability.stop();
      await database.close();
    },
  };
}

/** A process that renders pages from the API at API_URL and keeps no database of its own. */
async function createWebOnly(config: Config, logger: Logger): Promise<AppParts> {
  const trust = new ProxyTrust(config.TRUST_PROXY);
  const budget = config.SPAM_CHECKS === 'on' ? new ClientBudget({ sharePercent: config.CLIENT_SHARE_PERCENT, trust }) : undefined;
  const web = createWeb({
    apiUrl: config.API_URL,
    logger,
    build: await loadServerBuild(),
    siteUrl: config.SITE_URL,
    formTargets: hostedPageOrigins(config),
    trust,
    budget,
    spoolDir: spoolDir(config.dataDir),
    languages: config.SITE_LANGUAGES,
  });
  logger.info({ apiUrl: config.API_URL }, 'web process using the API at API_URL');
  return { web, stop: async () => {} };
}

type Caches = NonNullable<AppParts['caches']>;

function createCaches(config: Config): Caches {
  const MB = 1024 * 1024;
  return {
    // The loaders read API answers in-process, uncompressed: keep that body too.
    answers: new HttpCache({ maxBytes: config.API_CACHE_MB * MB, keepIdentity: true }),
    // Pages are compressed harder (once per page and content version, on libuv's threads): about a
    // tenth smaller than quality 9 for some 35 ms more of a background thread per page.
    pages: new HttpCache({ maxBytes: config.PAGE_CACHE_MB * MB, brotliQuality: 10 }),
  };
}

/**
 * A content change drops the kept answers and pages made from the tables it wrote, in every
 * process; a change that did not record its tables (or too many at once) drops them all.
 */
function dropChangedOnContentChange(database: Database, { answers, pages }: Caches, logger: Logger): ContentVersionWatch {
  return watchContentVersion(database.db, async (v, previous) => {
    const tables = v > previous ? await tablesChangedBetween(database.db, previous, v).catch(() => null) : null;
    const before = { answers: answers.stats.entries, pages: pages.stats.entries };
    if (tables) {
      answers.invalidate(tables);
      pages.invalidate(tables);
    } else {
      answers.clear();
      pages.clear();
    }
    logger.info(
      { version: v, tables: tables ? [...tables] : 'all', droppedAnswers: before.answers - answers.stats.entries, droppedPages: before.pages - pages.stats.entries },
      'content changed; the cached answers and pages made from it dropped',
    );
  });
}

/** Online payments: the providers configured, the receipts' mail, the clock (tests move it). */
function paymentsOptions(config: Config, forms: FormsAndMail, clock?: () => Date): PaymentsOptions {
  return {
    providers: providersFromConfig(config),
    siteUrl: config.SITE_URL,
    mail: { from: config.MAIL_FROM, operatorEmail: config.OPERATOR_EMAIL, messageIdDomain: messageIdDomain(config.MAIL_FROM) },
    onQueued: () => forms.worker.kick(),
    clock,
  };
}

/** The newsletter's settings, for the console's screens and for the campaigns owners scheduled. */
function newsletterOptions(config: Config, forms: FormsAndMail) {
  return {
    mailFrom: config.MAIL_FROM,
    messageIdDomain: messageIdDomain(config.MAIL_FROM),
    operatorEmail: config.OPERATOR_EMAIL,
    ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
    kick: () => forms.worker.kick(),
  };
}

type Background = Awaited<ReturnType<typeof startBackground>>;

/**
 * What runs beside the requests: backups (the control socket of the embedded database, the daily
 * dump), the media library's rendering, scheduled content and campaigns, the bookings' reminders, the hourly housekeeping,
 * the embedded database's daily upkeep.
 */
async function startBackground(config: Config, database: Database, logger: Logger, availability: DatabaseAvailability, forms: FormsAndMail, schedulePollMs: number, clock?: () => Date) {
  const housekeeping = startHousekeeping(database.db, logger, forms.tokens);
  const upkeep = startDatabaseUpkeep(database, logger);
  // Backups: the embedded database is dumped by this process, on request (npm run db:backup) and daily.
  const control = database.kind === 'pglite' ? await startControlSocket({ dataDir: config.dataDir, database, logger, siteUrl: config.SITE_URL }) : null;
  const daily = config.DAILY_BACKUPS === 'on' ? startDailyBackups({ database, databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, logger }) : null;
  // The media library: uploads rendered in the background, queued in the database.
  const uploads = uploadDirs(config.dataDir);
  const mediaWorker = createMediaWorker({ db: database.db, dirs: uploads, logger, availability });
  mediaWorker.start();
  // Content scheduled in the console goes live on time (every process looks; each item once).
  const scheduled = startScheduledPublishing(database.db, logger, schedulePollMs, availability);
  // Campaigns owners scheduled are sent on time by whichever process finds them due first; each once.
  const campaigns = { ...newsletterOptions(config, forms), siteUrl: config.SITE_URL, trust: new ProxyTrust(config.TRUST_PROXY) };
  const scheduledCampaigns = startScheduledCampaigns(database.db, campaigns, logger, schedulePollMs, availability);
  // Bookings: states that follow the calendar, and the travellers' reminders (each once, whichever process).
  const reminders = startBookingReminders(
    database.db,
    { siteUrl: config.SITE_URL, from: config.MAIL_FROM, messageIdDomain: messageIdDomain(config.MAIL_FROM), operatorEmail: config.OPERATOR_EMAIL, kick: () => forms.worker.kick(), clock },
    logger,
    availability,
  );
  // Group departures: seats held for an unpaid booking are released when the hold runs out.
  const holds = startHoldRelease(database.db, logger, clock ?? systemClock, availability);
  return {
    uploads,
    mediaWorker,
    async stop() {
      await Promise.all([scheduled.stop(), scheduledCampaigns.stop(), reminders.stop(), holds.stop(), housekeeping.stop(), upkeep?.stop()]);
      await mediaWorker.stop();
      daily?.stop();
      await control?.stop();
    },
  };
}

/**
 * Whole-page previews of the content editor: the public API once more, reading from the preview's
 * transaction (which is always rolled back) and keeping nothing: its cache is off.
 */
function createPreviewRead(config: Config, database: Database, logger: Logger, availability: DatabaseAvailability) {
  const previewTx = new AsyncLocalStorage<Database['db']>();
  const previewApi = createApi({
    deps: {
      get db() {
        const tx = previewTx.getStore();
        if (!tx) throw new Error('A preview read outside a preview.');
        return tx;
      },
      siteUrl: config.SITE_URL,
      logger,
      ping: database.ping,
      availability,
    },
    mediaDirs: mediaDirs(),
    uploadsDir: uploadDirs(config.dataDir).images,
    cache: new HttpCache({ maxBytes: 0 }),
    basePath: '',
  });
  return (tx: Database['db'], path: string) => previewTx.run(tx, async () => previewApi.fetch(new Request(`http://preview.internal${path}`, { headers: { accept: 'application/json' } })));
}

/**
 * A safari's itinerary PDF for a reply, in the enquiry's language: the public API's answer in that
 * language (/api/de/safaris/…) drawn as the safari page's PDF (app/lib/itinerary-pdf.server.ts);
 * a safari not translated into it is sent as the English page's PDF.
 */
function itineraryMaker(api: () => ReturnType<typeof createApi>, basePath: string): ItineraryMaker {
  const read = (path: string) => api().fetch(new Request(`http://api.internal${basePath}${path}`, { headers: { accept: 'application/json' } }));
  return async (slug, language) => {
    const path = `/safaris/${encodeURIComponent(slug)}`;
    const translated = language === DEFAULT_LANGUAGE ? null : await read(`/${language}${path}`);
    const res = translated?.ok ? translated : await read(path);
    if (!res.ok) return null;
    const drawnIn = res === translated ? language : DEFAULT_LANGUAGE;
    return { filename: `${slug}-itinerary.pdf`, bytes: await itineraryPdf((await res.json()) as SafariResponse, drawnIn) };
  };
}

/** The operator console's API: its settings from the configuration and the process's parts. */
function adminOptions(config: Config, database: Database, forms: FormsAndMail, background: Background, version: ContentVersionWatch, previewRead: AdminApiOptions['previewRead']): AdminApiOptions {
  return {
    siteUrl: config.SITE_URL,
    trust: new ProxyTrust(config.TRUST_PROXY),
    mail: { from: config.MAIL_FROM, operatorEmail: config.OPERATOR_EMAIL, messageIdDomain: messageIdDomain(config.MAIL_FROM), onQueued: () => forms.worker.kick() },
    newsletter: newsletterOptions(config, forms),
    media: { dirs: background.uploads, kick: () => background.mediaWorker.kick() },
    backups: { database, databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, daily: config.DAILY_BACKUPS === 'on' },
    contentChanged: () => version.refresh(),
    previewRead,
  };
}
