// The console's replies per language: an owner writes reply templates in several languages
// (English kept as it always was), and the reply to a Spanish enquiry offers the Spanish templates
// first, filled for the enquiry, and says the traveller wrote in Spanish; an English enquiry's
// reply offers the English ones first. Against the production build (the console's pages).
import './helpers/production.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReplyKit } from '../common/reply-documents.ts';
import { backends } from './helpers/db.ts';
import { type InProcessSite, startSite } from './helpers/start-site.ts';
import { addStaff, type SignedIn, signIn } from './helpers/staff.ts';

type Json = Record<string, any>;

const TEMPLATES = [
  { id: 'welcome', name: 'Welcome', body: 'Dear {name},\n\nThank you for asking about {safari}.\n\n{agent}' },
  { id: 'bienvenue', name: 'Bienvenue', body: 'Bonjour {name},\n\n{agent}', language: 'fr' },
  { id: 'bienvenida', name: 'Bienvenida', body: 'Estimado/a {name}:\n\nGracias por su interés en {safari}.\n\n{agent}', language: 'es' },
  { id: 'seguimiento', name: 'Welcome', body: 'Estimado/a {name}: ¿ha podido leer nuestra propuesta?', language: 'es' },
];

describe.each(backends().slice(0, 1))('replies in the traveller’s language on %s', (backend) => {
  let site: InProcessSite;
  let owner: SignedIn;
  let agent: SignedIn;
  let spanish: number;
  let english: number;

  beforeAll(async () => {
    site = await startSite({ backend });
    const db = site.app.database!.db;
    await addStaff(db, 'owner@kigezitrails.example', 'owner', undefined, 'Olivia Owner');
    await addStaff(db, 'agent@kigezitrails.example', 'agent', undefined, 'Arthur Agent');
    [owner, agent] = await Promise.all([signIn(site.base, 'owner@kigezitrails.example'), signIn(site.base, 'agent@kigezitrails.example')]);
    const insert = (name: string, email: string, language: string) =>
      site.rows<{ id: number }>(
        `insert into enquiries (name, email, phone, message, preferred_contact_method, source, language) values ('${name}', '${email}', '+34600000000', 'Gorilas en julio', 'Email', 'plan-a-safari', '${language}') returning id`,
      );
    spanish = (await insert('Lucía García', 'lucia@example.es', 'es'))[0]!.id;
    english = (await insert('Amina Okello', 'amina@example.com', 'en'))[0]!.id;
  });
  afterAll(() => site?.stop());

  it('keeps each template’s language, English as it always read, and refuses a language it does not know', async () => {
    const bad = await owner.send('/settings/reply-templates', { templates: [{ id: 'x', name: 'X', body: 'x', language: 'it' }] }, 'PUT');
    expect([bad.status, ((await bad.json()) as Json).error]).toEqual([400, 'Choose the language of every template from the list.']);
    const ok = await owner.send('/settings/reply-templates', { templates: TEMPLATES }, 'PUT');
    expect(ok.status).toBe(200);
    const stored = ((await (await owner.get('/settings/reply-templates')).json()) as Json).templates;
    expect(stored).toEqual(TEMPLATES);
    expect(stored[0]).not.toHaveProperty('language');
  });

  it('offers a Spanish enquiry’s reply the Spanish templates first, filled, and an English one the English first', async () => {
    const kit = (await (await agent.get(`/enquiries/${spanish}/reply-kit`)).json()) as ReplyKit;
    expect(kit.language).toBe('es');
    expect(kit.templates.map((t) => t.id)).toEqual(['bienvenida', 'seguimiento', 'welcome', 'bienvenue']);
    expect(kit.templates[0]!.body).toBe('Estimado/a Lucía García:\n\nGracias por su interés en your safari.\n\nArthur Agent');
    const en = (await (await agent.get(`/enquiries/${english}/reply-kit`)).json()) as ReplyKit;
    expect(en.language).toBe('en');
    expect(en.templates.map((t) => t.id)).toEqual(['welcome', 'bienvenue', 'bienvenida', 'seguimiento']);
  });

  it('shows the reply form of a Spanish enquiry with the Spanish templates first and the traveller’s language named', async () => {
    const html = await (await fetch(`${site.base}/admin/enquiries/${spanish}`, { headers: { cookie: agent.cookie } })).text();
    expect(html).toContain('The traveller wrote in <!-- -->Español');
    const select = /<select id="reply-template"[\s\S]*?<\/select>/.exec(html)?.[0] ?? '';
    const groups = [...select.matchAll(/<optgroup label="([^"]+)">([\s\S]*?)<\/optgroup>/g)].map((m) => [m[1], [...m[2]!.matchAll(/<option value="([^"]+)"/g)].map((o) => o[1])]);
    expect(groups).toEqual([
      ['Español (the traveller’s language)', ['bienvenida', 'seguimiento']],
      ['English', ['welcome']],
      ['Français', ['bienvenue']],
    ]);
    const settings = await (await fetch(`${site.base}/admin/settings`, { headers: { cookie: owner.cookie } })).text();
    expect(settings).toMatch(/<select id="t2-language" name="t2-language">[\s\S]*?<option value="es" selected="">Español<\/option>/);
  });
});
