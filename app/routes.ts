// The one explicit map of every URL of the site (no file-system routing).
import { type RouteConfig, type RouteConfigEntry, index, layout, route } from '@react-router/dev/routes';
import { CONTENT_TYPES, PAGES_WITH_SIDE_LISTS, PLAIN_PAGES } from '../common/content-types.ts';
import { localizePath } from '../common/language-paths.ts';
import { LANGUAGE_CODES, localizedRouteId } from '../common/languages.ts';
import { aboutPath } from '../common/site.ts';
import { REDIRECT_ROUTE_PATHS } from './lib/redirects.ts';

/** The public pages, at their English addresses; every other language has them too (below). */
const publicRoutes: RouteConfigEntry[] = [
  index('routes/home.tsx'),
  route(aboutPath.slice(1), 'routes/about.tsx'),

  // Every content type with pages (common/content-types.ts): its list, routes/<collection>.tsx,
  // and an item's page, routes/<prefix>.tsx.
  ...CONTENT_TYPES.flatMap((info) => (info.page ? [route(info.page.list.slice(1), `routes/${info.collection}.tsx`), route(`${info.page.list.slice(1)}/:slug`, `routes/${info.page.prefix}.tsx`)] : [])),

  // The other addresses of a type's items.
  route('parks/in/:slug', 'routes/parks-in.tsx'),
  route('parks/:slug/location.svg', 'routes/park-location-map.ts'),
  route('lodges/:slug/location.svg', 'routes/lodge-location-map.ts'),
  route('experiences/in/:slug', 'routes/experiences-in.tsx'),
  route('safaris/in/:slug', 'routes/safaris-in.tsx'),
  route('safaris/experiences/:slug', 'routes/safaris-experience.tsx'),
  route('safaris/:slug/route.svg', 'routes/safari-route-map.ts'),
  route('safaris/:slug/itinerary.pdf', 'routes/safari-itinerary.ts'),
  // Booking seats on a group departure (never cached: its seats change).
  route('safaris/:slug/departures/:id', 'routes/departure-book.tsx'),

  route('contact-us', 'routes/contact.tsx'),
  route('plan-a-safari', 'routes/plan-a-safari.tsx'),
  route('gorilla-tracking-tips', 'routes/gorilla-tips.tsx'),
  route('frequently-asked-questions', 'routes/faq.tsx'),
  // Fixed pages that share one module each: the path is the API path (common/content-types.ts).
  ...PLAIN_PAGES.map((p) => route(p, 'routes/static-page.tsx', { id: `static-${p}` })),
  ...PAGES_WITH_SIDE_LISTS.map((p) => route(p, 'routes/content-page.tsx', { id: `content-${p}` })),

  route('search', 'routes/search.tsx'),
  route('too-many-requests', 'routes/too-many-requests.tsx'),
  route('enquiry', 'routes/enquiry.tsx'),
  route('review', 'routes/review.tsx'),
  route('newsletter', 'routes/newsletter.tsx'),
  route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
  route('newsletter/unsubscribe', 'routes/newsletter-unsubscribe.tsx'),
];

/** A public route in another language: its translated path (common/languages.ts), its own id. */
const inLanguage = (language: (typeof LANGUAGE_CODES)[number]) => (entry: RouteConfigEntry) =>
  route(localizePath(entry.index ? '/' : entry.path!, language).replace(/^\/|\/$/g, ''), entry.file, { id: localizedRouteId(entry.id ?? entry.file.replace(/\.tsx?$/, ''), language) });

export default [
  ...publicRoutes,
  // The same pages under /de/, /fr/ and /es/ (served when SITE_LANGUAGES names the language).
  ...LANGUAGE_CODES.filter((l) => l !== 'en').flatMap((l) => publicRoutes.map(inLanguage(l))),
  // The traveller's private trip page (never cached, never in the sitemap).
  route('trip/:token', 'routes/trip.tsx'),
  route('trip/:token/route.svg', 'routes/trip-map.ts'),
  route('trip/:token/quote.pdf', 'routes/trip-quote-pdf.ts'),

  // Old and observed addresses: permanent redirects (spec point 2).
  ...REDIRECT_ROUTE_PATHS.map((p) => route(p, 'routes/redirect.tsx', { id: `redirect-${p.replace(/\W+/g, '-')}` })),
  route('experience/:slug', 'routes/redirect.tsx', { id: 'redirect-experience' }),

  // The navigation's mega panels, loaded by the header on demand (JSON).
  route('nav/:panel/:tab?', 'routes/nav-panel.ts'),

  // The operator's console: never cached, noindex, signed in except for these first three.
  route('admin', 'routes/admin/shell.tsx', { id: 'admin-shell' }, [
    route('login', 'routes/admin/login.tsx'),
    route('login/code', 'routes/admin/login-code.tsx'),
    route('reset', 'routes/admin/reset.tsx'),
    route('reset/:token', 'routes/admin/reset-token.tsx'),
    route('setup', 'routes/admin/setup.tsx'),
    route('logout', 'routes/admin/logout.ts'),
    layout('routes/admin/layout.tsx', { id: 'admin-layout' }, [
      index('routes/admin/dashboard.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('audit', 'routes/admin/audit.tsx'),
      // Newsletter (owners): subscribers and campaigns.
      route('subscribers', 'routes/admin/subscribers.tsx'),
      route('subscribers/export.csv', 'routes/admin/subscribers-export.ts'),
      route('subscribers/import', 'routes/admin/subscribers-import.tsx'),
      route('subscribers/:id/erase', 'routes/admin/subscriber-erase.tsx'),
      route('erase', 'routes/admin/person-erase.tsx'),
      route('campaigns', 'routes/admin/campaigns.tsx'),
      route('campaigns/new', 'routes/admin/campaign-edit.tsx', { id: 'campaign-new' }),
      route('campaigns/:id', 'routes/admin/campaign-edit.tsx', { id: 'campaign-edit' }),
      route('campaigns/:id/preview', 'routes/admin/campaign-preview.tsx'),
      route('campaigns/:id/send', 'routes/admin/campaign-send.tsx'),
      route('enquiries', 'routes/admin/enquiries.tsx'),
      route('enquiries/export.csv', 'routes/admin/enquiries-export.ts'),
      route('enquiries/:id', 'routes/admin/enquiry.tsx'),
      // Quotes: made from an enquiry, a safari or nothing; sent with the private trip link.
      route('quotes', 'routes/admin/quotes.tsx'),
      route('quotes/new', 'routes/admin/quote-new.tsx'),
      route('quotes/:id', 'routes/admin/quote.tsx'),
      route('quotes/:id/quote.pdf', 'routes/admin/quote-pdf.ts'),
      // Bookings (owners and agents): the lists and calendar, one booking, its receipts.
      route('bookings', 'routes/admin/bookings.tsx'),
      route('bookings/new', 'routes/admin/booking-new.tsx'),
      route('bookings/:id', 'routes/admin/booking.tsx'),
      route('bookings/:id/receipts/:entry', 'routes/admin/booking-receipt.ts'),
      // Group departures (owners and agents): the list and calendar, one departure with its manifest.
      route('departures', 'routes/admin/departures.tsx'),
      route('departures/:id', 'routes/admin/departure.tsx'),
      // Media library (owners; agents when allowed) and the console's settings (owners).
      route('media', 'routes/admin/media.tsx'),
      route('media/:id', 'routes/admin/media-image.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('backups', 'routes/admin/backups.tsx'),
      route('backups/:name', 'routes/admin/backup-file.ts'),
      // Travellers' reviews: moderated by owners and agents.
      route('reviews', 'routes/admin/reviews.tsx'),
      route('reviews/:id/photo', 'routes/admin/review-photo.ts'),
      // Content editing (owners; agents when allowed): types, lists, the form, revisions.
      route('content', 'routes/admin/content.tsx'),
      route('content/preview', 'routes/admin/content-preview.ts'),
      route('content/:type', 'routes/admin/content-list.tsx'),
      route('content/:type/new', 'routes/admin/content-edit.tsx', { id: 'content-new' }),
      route('content/:type/:id', 'routes/admin/content-edit.tsx', { id: 'content-edit' }),
      route('content/:type/:id/preview', 'routes/admin/content-page-preview.ts'),
      route('content/:type/:id/revisions', 'routes/admin/content-revisions.tsx'),
      route('content/:type/:id/revisions/:rev', 'routes/admin/content-revision.tsx'),
      route('content/:type/:id/translations/:lang', 'routes/admin/content-translation.tsx'),
      route('translations', 'routes/admin/translations.tsx'),
      route('*', 'routes/admin/not-found.tsx', { id: 'admin-not-found' }),
    ]),
  ]),

  route('sitemap.xml', 'routes/sitemap[.]xml.tsx'),
  route('robots.txt', 'routes/robots[.]txt.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
