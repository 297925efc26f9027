// Guides in a browser, at desktop and phone widths: /guides, a guide's page, and a safari's
// "Your guides" section reached with the keyboard (a visible focus ring, the whole card leading to
// the guide); axe finds nothing on any of them. With SCREENSHOTS=<dir>, screenshots are written
// there to look at.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { GuidesResponse, SafariResponse } from '../../common/api-types.ts';
import { axeViolations, describeAtWidths, expectListPage, expectTabReaches, openSettled, SHOW_EVERY_SECTION } from '../helpers/browser.ts';
import { getJson } from '../helpers/site.ts';
import { startSiteServer } from '../helpers/site-server.ts';

const server = await startSiteServer();
const base = server.url;
const SAFARI = '12-days-uganda-gorillas-chimps-and-murchison-falls';
const safari = await getJson<SafariResponse>(base, `/safaris/${SAFARI}`);
const guides = await getJson<GuidesResponse>(base, '/guides');
const shots = process.env.SCREENSHOTS;

if (shots) await mkdir(shots, { recursive: true });

const open = (page: Page, p: string) => openSettled(page, base + p);

describeAtWidths(
  'guides',
  (view) => {
    it('lists every guide of the first page with a heading each, and nothing for axe', async () => {
      await expectListPage(view.page, `${base}/guides`, { title: guides.title, names: guides.guides.map((g) => g.guidetitle) }, shots, `guides-${view.tag}`);
    });

    it("shows a safari's guides in order, reached with the keyboard, each card leading to the guide", async () => {
      await open(view.page, `/safaris/${SAFARI}`);
      const section = view.page.locator('section.your-guides');
      await expect.poll(() => section.getByRole('heading', { level: 2 }).textContent()).toBe('Your guides');
      const names = section.locator('.guide-chip__name');
      expect(await names.allTextContents()).toEqual(safari.guides.map((g) => g.guidetitle));
      expect(await section.textContent()).toContain(`Speaks ${safari.guides[0]!.guidelanguages[0]}`);
      // Tab from the itinerary's last link to the first guide: its card shows a focus ring.
      await expectTabReaches(view.page, names.first(), safari.guides[0]!.guidetitle);
      expect(await axeViolations(view.page)).toEqual([]);
      if (shots) await section.screenshot({ path: path.join(shots, `safari-guides-${view.tag}.png`) });
      // The card is the link: a click on the portrait (its top left) opens the guide's page.
      await section
        .locator('.guide-chip')
        .first()
        .click({ position: { x: 40, y: 40 } });
      await view.page.waitForURL(`${base}/guides/${safari.guides[0]!.guidetitleslug}`);
      await expect.poll(() => view.page.getByRole('heading', { level: 1 }).textContent()).toBe(safari.guides[0]!.guidetitle);
    });

    it("has a guide's facts, biography and safaris on their page, and nothing for axe", async () => {
      const g = safari.guides[0]!;
      await open(view.page, `/guides/${g.guidetitleslug}`);
      const facts = view.page.locator('dl.guide-facts');
      expect(await facts.textContent()).toContain(g.guiderole);
      expect(await view.page.getByRole('heading', { level: 2, name: /Safaris .* usually leads/ }).count()).toBe(1);
      expect(
        await view.page
          .locator('#guide-safaris')
          .getByRole('link', { name: new RegExp(safari.safari.safarititle) })
          .count(),
      ).toBeGreaterThanOrEqual(1);
      expect(await axeViolations(view.page)).toEqual([]);
      if (shots) await view.page.screenshot({ path: path.join(shots, `guide-${view.tag}.png`), fullPage: true, style: SHOW_EVERY_SECTION });
    });
  },
  () => server.stop(),
);
