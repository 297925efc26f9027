// The traveller's forms and pages in a browser, in their language (SITE_LANGUAGES=en,de,fr,es), at
// 1280 and 390 px: the review form of a French safari page says its checks in French with
// JavaScript (the browser's check) and without (the server's answer on the French review page,
// the values kept), and is axe clean with its message; the trip page of seats booked from a German
// departure page is German and axe clean. Screenshots go to SCREENSHOT_DIR when it is set.
import '../helpers/production.ts';
import { localizePath } from '../../common/language-paths.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeViolations, axeWithoutScripts, describeAtWidths, openSettled, screenshotTo } from '../helpers/browser.ts';
import { startSite, type InProcessSite } from '../helpers/start-site.ts';
import { departureOnSale } from '../helpers/bookings.ts';
import { translateEverything } from '../helpers/translations.ts';

const RATING_FR = 'Veuillez choisir une note de 1 à 5 étoiles.';

let site: InProcessSite;
let frenchSafari: string;
let germanTrip: string;

beforeAll(async () => {
  site = await startSite({ env: { SITE_LANGUAGES: 'en,de,fr,es' }, drivenMail: true });
  await translateEverything(site.app);
  const { id, slug } = await departureOnSale(site);
  // The safari's French page, as its English page names it.
  const english = await (await fetch(`${site.base}/safaris/${slug}`)).text();
  frenchSafari = new URL(/<link rel="alternate" hrefLang="fr" href="([^"]+)"/i.exec(english)![1]!).pathname;
  // Seats booked from the German page of a departure: the German trip page.
  const booked = await fetch(`${site.base}${localizePath(`/safaris/${slug}/departures/${id}`, 'de')}?seats=2`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ traveller0: 'Lena Vogel', traveller1: 'Jonas Vogel', singleRooms: '1', email: 'lena@example.com', phone: '', acceptTerms: 'yes' }),
  });
  expect(booked.status).toBe(302);
  germanTrip = booked.headers.get('location')!;
}, 300_000);
afterAll(() => site?.stop());

describeAtWidths('the traveller’s forms and pages in their language', (view) => {
  it('checks a French review in the browser in French, keeps the values, and is axe clean with its message', async () => {
    const { page, tag } = view;
    await openSettled(page, site.base + frenchSafari);
    const form = page.locator('form.review-form');
    await form.scrollIntoViewIfNeeded();
    // The form is an island hydrated once the browser is idle: checked in the browser from then on.
    await expect.poll(() => page.evaluate(() => Object.keys(document.querySelector('form.review-form') ?? {}).some((k) => k.startsWith('__reactFiber'))), { timeout: 15_000 }).toBe(true);
    await form.getByLabel('Votre nom').fill('Claire Martin');
    await form.getByLabel('Votre pays de résidence').fill('France');
    await form.getByRole('textbox', { name: 'Votre avis', exact: true }).fill('Un trek inoubliable avec les gorilles de Bwindi.');
    await form.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await form.getByRole('alert').filter({ hasText: RATING_FR }).waitFor();
    expect(new URL(page.url()).pathname).toBe(frenchSafari);
    expect(await form.getByLabel('Votre nom').inputValue()).toBe('Claire Martin');
    expect(await form.getByRole('radio', { name: '5 étoiles' }).count()).toBe(1);
    await form.scrollIntoViewIfNeeded();
    await screenshotTo(process.env.SCREENSHOT_DIR, page, `review-fr-js-${tag}`, 'form.review-form');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('answers a French review sent without JavaScript on the French review page, in French, the values kept', async () => {
    const { page, tag } = view;
    const context = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: view.width, height: 844 }, javaScriptEnabled: false });
    const plain = await context.newPage();
    try {
      await plain.goto(site.base + frenchSafari, { waitUntil: 'load' });
      const form = plain.locator('form.review-form');
      await form.getByLabel('Votre nom').fill('Claire Martin');
      await form.getByLabel('Votre pays de résidence').fill('France');
      await form.getByRole('textbox', { name: 'Votre avis', exact: true }).fill('Un trek inoubliable avec les gorilles de Bwindi.');
      await form.getByRole('button', { name: 'Envoyer mon avis' }).click();
      await plain.waitForURL(`${site.base}${localizePath('/review', 'fr')}`);
      await plain.locator('main').filter({ hasText: RATING_FR }).waitFor();
      expect(await plain.locator('html').getAttribute('lang')).toBe('fr');
      await plain.locator('h1').filter({ hasText: 'Veuillez vérifier votre avis' }).waitFor();
      expect(await plain.getByLabel('Votre nom').inputValue()).toBe('Claire Martin');
      expect(await plain.getByRole('textbox', { name: 'Votre avis', exact: true }).inputValue()).toBe('Un trek inoubliable avec les gorilles de Bwindi.');
      await screenshotTo(process.env.SCREENSHOT_DIR, plain, `review-fr-nojs-${tag}`, 'main');
      expect(await axeWithoutScripts(page.context().browser()!, plain)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows the German trip page in German, axe clean', async () => {
    const { page, tag } = view;
    await openSettled(page, site.base + germanTrip);
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.locator('#trip-booking').filter({ hasText: 'Bestätigt, Anzahlung ausstehend' }).waitFor();
    await page.locator('#trip-price').filter({ hasText: 'Preisaufstellung' }).waitFor();
    await page.locator('#trip-manifest').filter({ hasText: 'Ihre Reisenden' }).waitFor();
    await screenshotTo(process.env.SCREENSHOT_DIR, page, `trip-de-${tag}`, 'main');
    expect(await axeViolations(page)).toEqual([]);
  });
});
