import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { englishPath, localizePath, translatePath, urlIn } from './language-paths.ts';
import { acceptedLanguage, baseRouteId, languageOfPath, languageOfRouteId, LANGUAGE_CODES, localizedRouteId, parseSiteLanguages } from './languages.ts';

describe('the languages registry', () => {
  it('translates the route words of an address and keeps slugs, files and queries', () => {
    expect(localizePath('/parks/bwindi-impenetrable-national-park', 'fr')).toBe('/fr/parcs/bwindi-impenetrable-national-park');
    expect(localizePath('/parks/in/uganda', 'es')).toBe('/es/parques/en/uganda');
    expect(localizePath('/safaris/experiences/gorilla-trekking', 'de')).toBe('/de/safaris/erlebnisse/gorilla-trekking');
    expect(localizePath('/safaris/x/departures/7', 'de')).toBe('/de/safaris/x/termine/7');
    expect(localizePath('/safaris/x/itinerary.pdf', 'es')).toBe('/es/safaris/x/itinerary.pdf');
    expect(localizePath('/parks?page=2', 'de')).toBe('/de/nationalparks?page=2');
    expect(localizePath('/', 'fr')).toBe('/fr/');
    expect(localizePath('/contact-us', 'en')).toBe('/contact-us');
    // A slug that happens to be a route word stays as it is.
    expect(localizePath('/lodges/parks', 'fr')).toBe('/fr/hebergements/parks');
  });

  it('translates route patterns the same way (app/routes.ts)', () => {
    expect(localizePath('parks/in/:slug', 'fr')).toBe('fr/parcs/en/:slug');
    expect(localizePath('newsletter/confirm', 'es')).toBe('es/boletin/confirmar');
  });

  it('reads the language off an address, and only off a whole first segment', () => {
    expect(languageOfPath('/de/nationalparks')).toBe('de');
    expect(languageOfPath('/fr')).toBe('fr');
    expect(languageOfPath('/destinations')).toBe('en');
    expect(languageOfPath('/design')).toBe('en');
  });

  it('finds the English address of every translated one, and the same page in another language', () => {
    expect(englishPath('/de/nationalparks/in/uganda')).toBe('/parks/in/uganda');
    expect(englishPath('/fr/')).toBe('/');
    expect(translatePath('/de/kontakt', 'es')).toBe('/es/contacto');
    expect(translatePath('/es/contacto', 'en')).toBe('/contact-us');
    expect(urlIn('https://example.com/parks?page=2', 'fr')).toBe('https://example.com/fr/parcs?page=2');
  });

  it('goes there and back for any address made of route words and slugs', () => {
    const word = fc.constantFrom('safaris', 'parks', 'lodges', 'destinations', 'experiences', 'contact-us', 'plan-a-safari', 'newsletter', 'search');
    const slug = fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const inner = fc.constantFrom('in', 'experiences', 'departures', 'confirm', 'unsubscribe');
    const path = fc.tuple(word, fc.array(fc.oneof(slug, inner), { maxLength: 3 })).map(([w, rest]) => `/${[w, ...rest].join('/')}`);
    fc.assert(
      fc.property(path, fc.constantFrom(...LANGUAGE_CODES), (p, language) => {
        const there = localizePath(p, language);
        expect(languageOfPath(there)).toBe(language);
        expect(englishPath(there)).toBe(p);
      }),
    );
  });

  it('gives every language distinct words for distinct route words (no two pages share an address)', () => {
    for (const language of LANGUAGE_CODES) {
      const words = ['safaris', 'destinations', 'parks', 'lodges', 'experiences', 'blogs', 'animals', 'birds', 'guides', 'vehicles', 'contact-us', 'search', 'enquiry', 'review', 'newsletter'];
      const local = words.map((w) => localizePath(`/${w}`, language));
      expect(new Set(local).size).toBe(words.length);
    }
  });

  it('names routes per language and back', () => {
    expect(localizedRouteId('routes/park', 'de')).toBe('de:routes/park');
    expect(localizedRouteId('routes/park', 'en')).toBe('routes/park');
    expect(baseRouteId('de:routes/park')).toBe('routes/park');
    expect(baseRouteId('routes/park')).toBe('routes/park');
    expect(languageOfRouteId('es:routes/home')).toBe('es');
  });

  it('reads SITE_LANGUAGES: English always first, unknown codes refused', () => {
    expect(parseSiteLanguages(undefined)).toEqual(['en']);
    expect(parseSiteLanguages('es, DE')).toEqual(['en', 'de', 'es']);
    expect(parseSiteLanguages('en,de,fr,es')).toEqual(['en', 'de', 'fr', 'es']);
    expect(() => parseSiteLanguages('en,it')).toThrow(/unknown language "it"/);
  });
});

describe('a visitor’s Accept-Language', () => {
  const all = LANGUAGE_CODES;
  it('names the first language served, by its q-values and then its order', () => {
    expect(acceptedLanguage('fr-FR,fr;q=0.9,en;q=0.8', all)).toBe('fr');
    expect(acceptedLanguage('de-CH', all)).toBe('de');
    expect(acceptedLanguage('en;q=0.5, es;q=0.9', all)).toBe('es');
    expect(acceptedLanguage('it, nl;q=0.9, es;q=0.1', all)).toBe('es');
    expect(acceptedLanguage(' ES ; q = 0.7 , en ; q=0.6', all)).toBe('es');
  });

  it('names none that is refused (q=0), not served, or unknown', () => {
    expect(acceptedLanguage('de;q=0, *', all)).toBeNull();
    expect(acceptedLanguage('fr', ['en', 'de'])).toBeNull();
    expect(acceptedLanguage('fr, de;q=0.5', ['en', 'de'])).toBe('de');
    expect(acceptedLanguage('', all)).toBeNull();
    expect(acceptedLanguage(null, all)).toBeNull();
    expect(acceptedLanguage('xx-;;;,q=', all)).toBeNull();
  });
});
