// Safari vehicles end to end below the browser, on PGlite and (when TEST_DATABASE_URL is set)
// PostgreSQL: the content checks, GET /vehicles (pages, order), GET /vehicles/{slug} (the safaris
// it runs, the rest of the fleet, refusals), a safari's vehicle, search, the sitemap, the Vehicle
// JSON-LD, the console's form, and the seed removing a vehicle. Expectations come from the content
// files.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DetailResponse, SafariResponse, SearchResponse } from '../common/api-types.ts';
import { contentTypeInfo } from '../common/content-types.ts';
import { pageGraph, routeKind } from '../app/lib/seo/jsonld.ts';
import { describeSchema } from '../server/content/describe.ts';
import { vehicles } from '../server/content/types/vehicles.ts';
import { collections, crossReferenceProblems, loadContent, type Content } from '../server/db/content.ts';
import { apiRequests, breadcrumbNames, contentApi, expectInSitemap, expectItemPage, expectPagedList, inListOrder, itemNode, searchDocumentsOf, sorted, syncAgain } from './helpers/api.ts';
import { backends } from './helpers/db.ts';

const SITE = 'https://www.kigezitrails.example';
type VehicleResponse = DetailResponse<'vehicles'>;

const CARD = ['id', 'vehicletitle', 'vehicletitleslug', 'vehiclekind', 'vehicleseats', 'vehiclewindowseats', 'vehiclefeatures', 'vehicleheaderimage', 'vehicleheaderimagealt', 'vehicledescription'];
const FULL = [...CARD, 'vehicleparagraph'];
const PAGE = contentTypeInfo('vehicles')!.page!.pageSize!;

describe('vehicle content checks', () => {
  let content: Content;
  beforeAll(async () => {
    content = await loadContent();
  });

  it('has four to six vehicles, each run by some safari', () => {
    expect(content.vehicles.length).toBeGreaterThanOrEqual(4);
    expect(content.vehicles.length).toBeLessThanOrEqual(6);
    for (const v of content.vehicles)
      expect(
        content.safaris.some((s) => s.vehicle === v.slug),
        v.slug,
      ).toBe(true);
  });

  it('refuses a safari naming an unknown vehicle, and a feature outside the list', () => {
    const safari = content.safaris[0]!;
    expect(crossReferenceProblems(content)).toEqual([]);
    const broken = { ...content, safaris: content.safaris.map((s) => (s === safari ? { ...s, vehicle: 'no-such-car' } : s)) };
    expect(crossReferenceProblems(broken)).toEqual([`safaris/${safari.slug}: unknown vehicle no-such-car`]);
    const { slug: _slug, ...doc } = content.vehicles[0]!;
    expect(collections.vehicles.safeParse({ ...doc, features: ['Jacuzzi'] }).success).toBe(false);
    expect(collections.vehicles.safeParse({ ...doc, seats: 0 }).success).toBe(false);
  });

  it("gives the console a vehicle form read off the schema, and a safari's form its vehicle", () => {
    const form = describeSchema(collections.vehicles);
    expect(form.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'kind', 'seats', 'windowSeats', 'features', 'description', 'body', 'image', 'seo']));
    expect(form.find((f) => f.name === 'kind')).toMatchObject({ kind: 'enum', required: true });
    expect(form.find((f) => f.name === 'windowSeats')).toMatchObject({ kind: 'boolean' });
    const vehicle = describeSchema(collections.safaris).find((f) => f.name === 'vehicle');
    expect(vehicle).toMatchObject({ kind: 'ref', collection: 'vehicles', required: false });
  });
});

for (const backend of backends()) {
  describe(`vehicles on ${backend}`, () => {
    const site = contentApi(backend, SITE);

    const requests = apiRequests({ request: (path) => site.api.request(path) });
    const { get, ok } = requests;
    /** The content's vehicles in the list's order: each one's order, then its file's. */
    const listed = () => inListOrder(site.content.vehicles);

    it('GET /vehicles pages through the fleet in its order, and refuses a page beyond the last', async () => {
      await expectPagedList(requests, { collection: 'vehicles', item: 'vehicle', limit: 2, title: 'Our safari vehicles', siteUrl: SITE, card: CARD, slugs: listed(), pageSize: PAGE });
    });

    it('GET /vehicles/{slug} has the vehicle, the safaris it runs and the rest of the fleet; an unknown slug is a 404', async () => {
      const src = site.content.vehicles[1]!;
      const safaris = site.content.safaris.filter((s) => s.vehicle === src.slug).map((s) => s.slug);
      const body = await expectItemPage<VehicleResponse>(requests, {
        collection: 'vehicles',
        item: 'vehicle',
        siteUrl: SITE,
        full: FULL,
        src,
        safaris,
        missing: 'no-such-car',
        notFound: 'Vehicle not found',
      });
      expect(body.vehicle).toMatchObject({
        vehicletitle: src.name,
        vehiclekind: src.kind,
        vehicleseats: src.seats,
        vehiclewindowseats: src.windowSeats,
        vehiclefeatures: src.features,
        vehicledescription: src.description,
      });
      expect(body.otherVehicles.map((v) => v.vehicletitleslug)).toEqual(listed().filter((s) => s !== src.slug));
    });

    it('answers a safari with the vehicle it names, and null for one that names none', async () => {
      const named = site.content.safaris.find((s) => s.vehicle)!;
      const body = await ok<SafariResponse>(`/safaris/${named.slug}`);
      expect(body.vehicle?.vehicletitleslug).toBe(named.vehicle);
      expect(sorted(Object.keys(body.vehicle!))).toEqual(sorted(CARD));
      const none = site.content.safaris.find((s) => !s.vehicle)!;
      expect((await ok<SafariResponse>(`/safaris/${none.slug}`)).vehicle).toBeNull();
    });

    it('finds a vehicle by its name, its kind and a feature', async () => {
      const truck = site.content.vehicles.find((v) => v.kind === 'Overland truck')!;
      const byName = await ok<SearchResponse>('/search?query=overland%20truck&types=vehicle');
      expect(byName.results[0]).toMatchObject({ type: 'vehicle', vehicletitleslug: truck.slug });
      expect(byName.counts.vehicle).toBeGreaterThanOrEqual(1);
      const wifi = await ok<SearchResponse>('/search?query=wi-fi&types=vehicle');
      expect(wifi.vehicles.map((v) => (v.type === 'vehicle' ? v.vehicletitleslug : ''))).toContain(site.content.vehicles.find((v) => v.features.includes('Wi-Fi'))!.slug);
      expect(wifi.results.every((r) => r.type === 'vehicle')).toBe(true);
    });

    it('lists /vehicles and every vehicle page in the sitemap', async () => {
      await expectInSitemap(
        requests,
        SITE,
        'vehicles',
        site.content.vehicles.map((v) => v.slug),
      );
    });

    it('describes a vehicle page as a schema.org Vehicle with its seats, kind and features', async () => {
      const src = site.content.vehicles[0]!;
      const body = await ok<VehicleResponse>(`/vehicles/${src.slug}`);
      const nodes = pageGraph(routeKind('routes/vehicle'), body as unknown as Record<string, unknown>)!['@graph'];
      expect(nodes.find((n) => n['@type'] === 'Vehicle')).toEqual({
        '@type': 'Vehicle',
        ...itemNode(SITE, 'vehicles', src, 'vehicle'),
        vehicleConfiguration: src.kind,
        seatingCapacity: src.seats,
        additionalProperty: src.features.map((name) => ({ '@type': 'PropertyValue', name, value: true })),
      });
      expect(breadcrumbNames(nodes)).toEqual(['Home', 'Vehicles', src.name]);
    });

    it('removes a vehicle whose file is gone, with its search document, and takes it off the safaris that named it', async () => {
      const gone = site.content.vehicles.find((v) => site.content.safaris.some((s) => s.vehicle === v.slug))!;
      const [row] = await site.db.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vehicletitleslug, gone.slug));
      const without = {
        ...site.content,
        vehicles: site.content.vehicles.filter((v) => v !== gone),
        safaris: site.content.safaris.map((s) => (s.vehicle === gone.slug ? { ...s, vehicle: undefined } : s)),
      };
      await syncAgain(site, without);
      expect((await get(`/vehicles/${gone.slug}`)).status).toBe(404);
      const safari = site.content.safaris.find((s) => s.vehicle === gone.slug)!;
      expect((await ok<SafariResponse>(`/safaris/${safari.slug}`)).vehicle).toBeNull();
      expect(await searchDocumentsOf(site, 'vehicle', row!.id)).toEqual([]);
      await syncAgain(site, site.content);
      expect((await ok<SafariResponse>(`/safaris/${safari.slug}`)).vehicle?.vehicletitleslug).toBe(gone.slug);
    });
  });
}
