// Safari vehicles in a browser, at desktop and phone widths: /vehicles, a vehicle's page, and a
// safari's "Your vehicle" reached with the keyboard (a visible focus ring, the whole card leading to
// the vehicle); axe finds nothing on any of them. With SCREENSHOTS=<dir>, screenshots are written
// there to look at.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { ListResponse, SafariResponse } from '../../common/api-types.ts';
import { axeViolations, describeAtWidths, expectListPage, expectTabReaches, openSettled, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { getJson } from '../helpers/site.ts';
import { startSiteServer } from '../helpers/site-server.ts';

const server = await startSiteServer();
const base = server.url;
const SAFARI = '3-days-bwindi-gorilla-trekking-safari';
const safari = await getJson<SafariResponse>(base, `/safaris/${SAFARI}`);
const fleet = await getJson<ListResponse<'vehicles'>>(base, '/vehicles');
const shots = process.env.SCREENSHOTS;

if (shots) await mkdir(shots, { recursive: true });

const open = (page: Page, p: string) => openSettled(page, base + p);

describeAtWidths(
  'vehicles',
  (view) => {
    it('lists the fleet with a heading each, and nothing for axe', async () => {
      await expectListPage(view.page, `${base}/vehicles`, { title: fleet.title, names: fleet.vehicles.map((v) => v.vehicletitle) }, shots, `vehicles-${view.tag}`);
    });

    it("shows a safari's vehicle, reached with the keyboard, its card leading to the vehicle", async () => {
      const vehicle = safari.vehicle!;
      await open(view.page, `/safaris/${SAFARI}`);
      const section = view.page.locator('section.your-vehicle');
      await expect.poll(() => section.getByRole('heading', { level: 2 }).textContent()).toBe('Your vehicle');
      const name = section.locator('.vehicle-chip__name');
      expect(await name.textContent()).toBe(vehicle.vehicletitle);
      expect(await section.textContent()).toContain(`${vehicle.vehicleseats} seats`);
      // Tab from the link before it to the vehicle: its card shows a focus ring.
      await expectTabReaches(view.page, name, vehicle.vehicletitle);
      expect(await axeViolations(view.page)).toEqual([]);
      if (shots) await section.screenshot({ path: path.join(shots, `safari-vehicle-${view.tag}.png`) });
      // The card is the link: a click on the picture opens the vehicle's page.
      await section.locator('.vehicle-chip').click({ position: { x: 40, y: 40 } });
      await view.page.waitForURL(`${base}/vehicles/${vehicle.vehicletitleslug}`);
      await expect.poll(() => view.page.getByRole('heading', { level: 1 }).textContent()).toBe(vehicle.vehicletitle);
    });

    it("has a vehicle's facts, what it carries and the safaris it runs on its page, and nothing for axe", async () => {
      const v = safari.vehicle!;
      await open(view.page, `/vehicles/${v.vehicletitleslug}`);
      expect(await view.page.locator('dl.vehicle-facts').textContent()).toContain(v.vehiclekind);
      expect(await view.page.locator('ul.vehicle-features li').allTextContents()).toEqual(v.vehiclefeatures);
      expect(
        await view.page
          .locator('#vehicle-safaris')
          .getByRole('link', { name: new RegExp(safari.safari.safarititle) })
          .count(),
      ).toBeGreaterThanOrEqual(1);
      expect(await axeViolations(view.page)).toEqual([]);
      if (shots) await view.page.screenshot({ path: path.join(shots, `vehicle-${view.tag}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
    });
  },
  () => server.stop(),
);
