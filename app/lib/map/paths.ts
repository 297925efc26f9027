// Addresses of a safari's route map and printable itinerary: what the safari page needs of them
// (the drawing itself stays on the server, app/lib/map/maps.server.ts).

/** The query that asks a map route for the square picture made for phones (app/lib/cache-policy.ts cachedMap). */
export const PHONE_MAP = '?size=phone';

/** The route map's address, and the printable itinerary's. */
export const routeMapPath = (slug: string) => `/safaris/${slug}/route.svg`;
export const itineraryPdfPath = (slug: string) => `/safaris/${slug}/itinerary.pdf`;
