import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SafariDay } from '../../common/api-types.ts';
import { ItineraryDay } from './safari.tsx';
import { loadLanguage } from '../i18n/index.ts';

// The pages' English messages, as the server and the browser load them before rendering.
beforeAll(() => loadLanguage('en', 'all'));

const day = (over: Partial<SafariDay>): SafariDay => ({
  id: 1,
  day_number: 2,
  title: 'A day with the gorillas',
  description: '<p>Trek.</p>',
  breakfast: false,
  lunch: false,
  dinner: false,
  drinking_water: false,
  experiences: [],
  stops: [],
  lodge: null,
  ...over,
});

// A data router, as on the site (images read route data).
const render = (d: SafariDay) => renderToStaticMarkup(<RouterProvider router={createMemoryRouter([{ path: '/', element: <ItineraryDay day={d} /> }])} />);

describe('itinerary day', () => {
  it('shows the meals that are true or the string true, in order', () => {
    const html = render(day({ breakfast: 'true', lunch: 'false', dinner: true, drinking_water: 'true' }));
    const meals = [...html.matchAll(/chip--meal">([^<]+)</g)].map((m) => m[1]);
    expect(meals).toEqual(['Breakfast', 'Dinner', 'Drinking water']);
  });
  it('leaves out the meal plan when no meal is served', () => {
    expect(render(day({}))).not.toContain('Meal plan');
  });
  it('lists activities, with an image only when the activity has one', () => {
    const html = render(
      day({
        experiences: [
          { id: 1, experiencetitle: 'Gorilla Trekking', experiencetitleslug: 'gorilla-trekking', experienceheaderimage: 'images/x.jpg', experienceheaderimagealt: 'Gorilla', image: true },
          { id: 2, experiencetitle: 'Nature Walks', experiencetitleslug: 'nature-walks', experienceheaderimage: '', experienceheaderimagealt: '', image: false },
        ],
      }),
    );
    expect(html).toContain('href="/experiences/gorilla-trekking"');
    expect(html).toContain('href="/experiences/nature-walks"');
    expect(html.match(/activity__media/g)).toHaveLength(1);
    expect(html).toContain('Day 2: </span>A day with the gorillas');
  });
  it("links the night's lodge, with its tier, only when the day names one", () => {
    const html = render(day({ lodge: { lodgetitle: 'Kanyaga Canopy Lodge', lodgetitleslug: 'kanyaga-canopy-lodge', lodgetier: 'mid-range' } }));
    expect(html).toMatch(/Overnight:<\/span> <a href="\/lodges\/kanyaga-canopy-lodge"[^>]*>Kanyaga Canopy Lodge<\/a>/);
    expect(html).toContain('(mid-range)');
    expect(render(day({}))).not.toContain('Overnight');
  });
});
