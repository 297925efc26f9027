import { describe, expect, it } from 'vitest';
import type { FieldSpec } from '../../common/content-editing.ts';
import {
  applyIntent,
  blankOf,
  contentImagePath,
  countName,
  decodeDocument,
  describePath,
  diffHunks,
  docName,
  fieldId,
  fromDateTimeInput,
  getAt,
  ids,
  parseIntent,
  parsePathKey,
  pathKey,
  pickName,
  problemAnchor,
  problemsByAnchor,
  sameContent,
  setAt,
  slugify,
  specAt,
  toDateInput,
  toDateTimeInput,
} from './content-form.ts';

/** The safari form as the server describes it (server/content/describe.ts), shortened. */
const SAFARI: FieldSpec[] = [
  { kind: 'text', name: 'title', label: 'Title', required: true },
  { kind: 'number', name: 'price', label: 'Price', required: true, integer: true, min: 1 },
  { kind: 'boolean', name: 'popular', label: 'Popular' },
  { kind: 'number', name: 'order', label: 'Order in lists', required: false, integer: true },
  { kind: 'refs', name: 'destinations', label: 'Destinations', collections: ['destinations'], min: 1, ordered: false },
  { kind: 'markdown', name: 'description', label: 'Description', required: true },
  { kind: 'list', name: 'includes', label: 'Includes', min: 1 },
  { kind: 'image', name: 'image', label: 'Header picture', required: true },
  { kind: 'date', name: 'created', label: 'Date', required: false },
  { kind: 'enum', name: 'tier', label: 'Tier', required: false, options: ['budget', 'luxury'] },
  {
    kind: 'repeat',
    name: 'itinerary',
    label: 'Itinerary',
    itemLabel: 'Day',
    min: 1,
    picture: false,
    fields: [
      { kind: 'text', name: 'title', label: 'Title', required: true },
      { kind: 'markdown', name: 'description', label: 'Description', required: true },
      {
        kind: 'group',
        name: 'meals',
        label: 'Meals',
        required: true,
        fields: [
          { kind: 'boolean', name: 'breakfast', label: 'Breakfast' },
          { kind: 'boolean', name: 'lunch', label: 'Lunch' },
        ],
      },
      { kind: 'refs', name: 'stops', label: 'Stops', collections: ['parks', 'places'], min: 0, ordered: true },
      {
        kind: 'group',
        name: 'lodge',
        label: 'Lodge',
        required: false,
        fields: [
          { kind: 'text', name: 'name', label: 'Name', required: true },
          { kind: 'list', name: 'amenities', label: 'Amenities', min: 0 },
        ],
      },
    ],
  },
  {
    kind: 'repeat',
    name: 'gallery',
    label: 'Gallery',
    itemLabel: 'Picture',
    min: 0,
    picture: true,
    fields: [
      { kind: 'text', name: 'file', label: 'File', required: false },
      { kind: 'text', name: 'upload', label: 'Upload', required: false },
      { kind: 'text', name: 'alt', label: 'Alt text', required: true },
      { kind: 'text', name: 'caption', label: 'Caption', required: true },
    ],
  },
  { kind: 'blocks', name: 'blocks', label: 'Text blocks' },
];

function form(entries: [string, string][]): FormData {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
}

describe('paths and names', () => {
  it('names each value by its path, escaping dots in keys', () => {
    expect(docName(['itinerary', 2, 'meals', 'lunch'])).toBe('doc.itinerary.2.meals.lunch');
    expect(pickName(['itinerary', 0, 'stops'])).toBe('pick.itinerary.0.stops');
    expect(countName(['gallery'])).toBe('n.gallery');
    expect(pathKey(['blocks', 'a.b%c'])).toBe('blocks.a%2Eb%25c');
    expect(parsePathKey('blocks.a%2Eb%25c')).toEqual(['blocks', 'a.b%c']);
    expect(parsePathKey('')).toEqual([]);
    expect(fieldId(['itinerary', 2, 'title'])).toBe('cf-itinerary-2-title');
    expect(fieldId('blocks.a%2Eb', 'pick')).toBe('cf-blocks-a_b--pick');
  });

  it('reads and writes values at paths without changing the original', () => {
    const doc = { itinerary: [{ title: 'a' }, { title: 'b' }], seo: { title: 'x' } };
    expect(getAt(doc, ['itinerary', '1', 'title'])).toBe('b');
    expect(getAt(doc, ['nope', 'x'])).toBeUndefined();
    const next = setAt(doc, ['itinerary', 1, 'title'], 'B');
    expect(next.itinerary[1]).toEqual({ title: 'B' });
    expect(doc.itinerary[1]).toEqual({ title: 'b' });
    expect(next.seo).toBe(doc.seo);
    expect(setAt({}, ['a', 0, 'b'], 1)).toEqual({ a: [{ b: 1 }] });
  });

  it('finds the field at a path through repeats and groups', () => {
    expect(specAt(SAFARI, ['itinerary', '3', 'meals', 'lunch'])?.label).toBe('Lunch');
    expect(specAt(SAFARI, ['itinerary', '3', 'stops'])?.kind).toBe('refs');
    expect(specAt(SAFARI, ['itinerary'])?.kind).toBe('repeat');
    expect(specAt(SAFARI, ['title', 'x'])).toBeUndefined();
    expect(specAt(SAFARI, ['nothing'])).toBeUndefined();
  });
});

describe('decodeDocument', () => {
  it('turns a posted form into the document', () => {
    const fd = form([
      ['doc.title', '  Gorillas and lakes  '],
      ['doc.price', '1450'],
      ['doc.popular', 'on'],
      ['doc.order', ''],
      ['doc.destinations', 'uganda'],
      ['doc.destinations', 'rwanda'],
      ['doc.destinations', 'uganda'],
      ['doc.description', 'Line one\r\n\r\nLine two'],
      ['doc.includes', 'Permits\r\n\r\n  Transport  \n'],
      ['doc.image.alt', 'A gorilla'],
      ['doc.image.file', 'gorilla.jpg'],
      ['doc.image.upload', ''],
      ['doc.created', '2025-03-01'],
      ['doc.tier', ''],
      ['n.itinerary', '2'],
      ['doc.itinerary.0.title', 'Arrive'],
      ['doc.itinerary.0.description', 'Land at Entebbe.'],
      ['doc.itinerary.0.meals.lunch', 'on'],
      ['doc.itinerary.0.stops', 'entebbe'],
      ['doc.itinerary.0.stops', 'kabale'],
      ['doc.itinerary.0.stops', 'entebbe'],
      ['pick.itinerary.0.stops', 'bwindi'],
      ['doc.itinerary.0.lodge.name', ''],
      ['doc.itinerary.0.lodge.amenities', ''],
      ['doc.itinerary.1.title', 'Trek'],
      ['doc.itinerary.1.description', ''],
      ['pick.itinerary.1.stops', ''],
      ['doc.itinerary.1.lodge.name', 'Gorilla Lodge'],
      ['doc.itinerary.1.lodge.amenities', 'Wi-Fi\nPool'],
      ['n.gallery', '2'],
      ['doc.gallery.0.file', '1.jpg'],
      ['doc.gallery.0.upload', 'images/uploads/lion-0123456789.jpg'],
      ['doc.gallery.0.alt', 'A lion'],
      ['doc.gallery.0.caption', 'Ishasha'],
      ['doc.gallery.1.file', '2.jpg'],
      ['doc.gallery.1.upload', ''],
      ['doc.gallery.1.alt', 'A boat'],
      ['doc.gallery.1.caption', ''],
      ['doc.blocks.vision', 'Our vision\r\n'],
      ['doc.blocks.a%2Eb', 'Dotted'],
      ['doc.unknown', 'ignored'],
    ]);
    expect(decodeDocument(fd, SAFARI)).toEqual({
      title: 'Gorillas and lakes',
      price: 1450,
      popular: true,
      destinations: ['uganda', 'rwanda'],
      description: 'Line one\n\nLine two',
      includes: ['Permits', 'Transport'],
      image: { alt: 'A gorilla', file: 'gorilla.jpg' },
      created: '2025-03-01',
      itinerary: [
        { title: 'Arrive', description: 'Land at Entebbe.', meals: { breakfast: false, lunch: true }, stops: ['entebbe', 'kabale', 'entebbe', 'bwindi'] },
        { title: 'Trek', meals: { breakfast: false, lunch: false }, stops: [], lodge: { name: 'Gorilla Lodge', amenities: ['Wi-Fi', 'Pool'] } },
      ],
      // A picked library image replaces the content file; the entry keeps the spec's key order.
      gallery: [
        { upload: 'images/uploads/lion-0123456789.jpg', alt: 'A lion', caption: 'Ishasha' },
        { file: '2.jpg', alt: 'A boat' },
      ],
      blocks: { vision: 'Our vision\n', 'a.b': 'Dotted' },
    });
  });

  it('gives unticked boxes as false, empty lists, and keeps a number that is not one as typed', () => {
    const doc = decodeDocument(
      form([
        ['doc.price', '12abc'],
        ['n.itinerary', '0'],
      ]),
      SAFARI,
    );
    expect(doc.popular).toBe(false);
    expect(doc.price).toBe('12abc');
    expect(doc.destinations).toEqual([]);
    expect(doc.includes).toEqual([]);
    expect(doc.itinerary).toEqual([]);
    expect(doc.gallery).toEqual([]);
    expect(doc.blocks).toEqual({});
    // A required picture is kept even empty, so its problem has a field to show on.
    expect(doc.image).toEqual({});
    expect('title' in doc).toBe(false);
  });

  it('reads a whole number of entries, bounded', () => {
    expect(decodeDocument(form([['n.itinerary', 'x']]), SAFARI).itinerary).toEqual([]);
    expect((decodeDocument(form([['n.itinerary', '100000']]), SAFARI).itinerary as unknown[]).length).toBe(500);
  });

  it('reads back what the form would write for a document (round trip)', () => {
    const doc = {
      title: 'T',
      price: 5,
      popular: false,
      destinations: ['kenya'],
      description: 'D',
      includes: ['a', 'b'],
      image: { alt: 'x', upload: 'images/uploads/a.jpg' },
      itinerary: [{ title: 'd1', description: 'm', meals: { breakfast: true, lunch: false }, stops: ['a', 'b'] }],
      gallery: [],
      blocks: {},
    };
    const fd = form([
      ['doc.title', 'T'],
      ['doc.price', '5'],
      ['doc.destinations', 'kenya'],
      ['doc.description', 'D'],
      ['doc.includes', 'a\nb'],
      ['doc.image.alt', 'x'],
      ['doc.image.upload', 'images/uploads/a.jpg'],
      ['n.itinerary', '1'],
      ['doc.itinerary.0.title', 'd1'],
      ['doc.itinerary.0.description', 'm'],
      ['doc.itinerary.0.meals.breakfast', 'on'],
      ['doc.itinerary.0.stops', 'a'],
      ['doc.itinerary.0.stops', 'b'],
      ['n.gallery', '0'],
    ]);
    expect(decodeDocument(fd, SAFARI)).toEqual(doc);
  });
});

describe('the order of a reference list as written', () => {
  it('keeps the order the document was written in, whatever the order of the boxes, a newly ticked one last', () => {
    // The boxes come in the choices' order (a, b, c, d); the document said d, b, a.
    const boxes = (ticked: string[], written: string) => form([...ticked.map((v) => ['doc.destinations', v] as [string, string]), ['written.destinations', written], ['n.itinerary', '0']]);
    expect(decodeDocument(boxes(['a', 'b', 'd'], 'd\nb\na'), SAFARI).destinations).toEqual(['d', 'b', 'a']);
    // One unticked: the others keep their order; one ticked: after them.
    expect(decodeDocument(boxes(['a', 'd'], 'd\nb\na'), SAFARI).destinations).toEqual(['d', 'a']);
    expect(decodeDocument(boxes(['a', 'b', 'c', 'd'], 'd\nb\na'), SAFARI).destinations).toEqual(['d', 'b', 'a', 'c']);
    // Without the written order (a new item), the boxes' order.
    expect(
      decodeDocument(
        form([
          ['doc.destinations', 'c'],
          ['doc.destinations', 'a'],
          ['n.itinerary', '0'],
        ]),
        SAFARI,
      ).destinations,
    ).toEqual(['c', 'a']);
  });
});

describe('a picture chosen from the media library', () => {
  const park: FieldSpec[] = [{ kind: 'image', name: 'image', label: 'Header picture', required: true }];
  const posted = (upload: string, alt: string, was: string) =>
    form([
      ['doc.image.upload', upload],
      ['doc.image.alt', alt],
      ['picwas.image', was],
      ['libalt.image', 'images/uploads/forest.jpg\nMist over the forest canopy at dawn'],
      ['libalt.image', 'images/uploads/gorilla.jpg\nA silverback gorilla resting in the undergrowth'],
    ]);
  it('brings its alt text with it, in place of the old picture’s', () => {
    const doc = decodeDocument(
      posted('images/uploads/forest.jpg', 'A silverback gorilla resting in the undergrowth', 'images/uploads/gorilla.jpg\nA silverback gorilla resting in the undergrowth'),
      park,
    );
    expect(doc.image).toEqual({ upload: 'images/uploads/forest.jpg', alt: 'Mist over the forest canopy at dawn' });
  });
  it('fills it for a new item, and keeps an alt text typed with the choice', () => {
    expect(decodeDocument(posted('images/uploads/gorilla.jpg', '', '\n'), park).image).toEqual({ upload: 'images/uploads/gorilla.jpg', alt: 'A silverback gorilla resting in the undergrowth' });
    const typed = decodeDocument(posted('images/uploads/forest.jpg', 'Bwindi’s forest from the ridge', 'images/uploads/gorilla.jpg\nA silverback gorilla'), park);
    expect((typed.image as { alt: string }).alt).toBe('Bwindi’s forest from the ridge');
  });
  it('leaves the alt text alone when the picture stays', () => {
    const kept = decodeDocument(posted('images/uploads/gorilla.jpg', 'A gorilla, described anew', 'images/uploads/gorilla.jpg\nA silverback gorilla'), park);
    expect((kept.image as { alt: string }).alt).toBe('A gorilla, described anew');
  });
});

describe('list operations', () => {
  const doc = {
    itinerary: [
      { title: 'one', stops: ['a', 'b', 'c'] },
      { title: 'two', stops: [] },
      { title: 'three', stops: [] },
    ],
  };

  it('parses intents', () => {
    expect(parseIntent('up:itinerary.2')).toEqual({ op: 'up', path: ['itinerary', '2'] });
    expect(parseIntent('preview:itinerary.0.description')).toEqual({ op: 'preview', path: ['itinerary', '0', 'description'] });
    expect(parseIntent('library:gallery.2')).toEqual({ op: 'library', path: ['gallery', '2'] });
    expect(parseIntent('save')).toBeUndefined();
    expect(parseIntent(null)).toBeUndefined();
  });

  it('adds a blank entry and focuses it', () => {
    const r = applyIntent(doc, 'add:itinerary', SAFARI)!;
    expect((r.doc.itinerary as unknown[]).length).toBe(4);
    expect((r.doc.itinerary as unknown[])[3]).toEqual({ title: '', description: '', meals: { breakfast: false, lunch: false }, stops: [] });
    expect(r.focus).toBe(ids.entry(['itinerary', 3]));
    expect((applyIntent({}, 'add:gallery', SAFARI)!.doc.gallery as unknown[])[0]).toEqual({ alt: '', caption: '' });
  });

  it('removes an entry', () => {
    const r = applyIntent(doc, 'remove:itinerary.1', SAFARI)!;
    expect((r.doc.itinerary as { title: string }[]).map((d) => d.title)).toEqual(['one', 'three']);
    expect(r.focus).toBe(ids.add(['itinerary']));
    expect(doc.itinerary).toHaveLength(3);
  });

  it('moves entries up and down, the focus following', () => {
    const up = applyIntent(doc, 'up:itinerary.2', SAFARI)!;
    expect((up.doc.itinerary as { title: string }[]).map((d) => d.title)).toEqual(['one', 'three', 'two']);
    expect(up.focus).toBe(ids.button('up', ['itinerary', '1']));
    const top = applyIntent(doc, 'up:itinerary.1', SAFARI)!;
    expect((top.doc.itinerary as { title: string }[]).map((d) => d.title)).toEqual(['two', 'one', 'three']);
    expect(top.focus).toBe(ids.button('down', ['itinerary', '0']));
    const down = applyIntent(doc, 'down:itinerary.1', SAFARI)!;
    expect((down.doc.itinerary as { title: string }[]).map((d) => d.title)).toEqual(['one', 'three', 'two']);
    expect(down.focus).toBe(ids.button('up', ['itinerary', '2']));
    // At the end already: nothing changes.
    expect(applyIntent(doc, 'down:itinerary.2', SAFARI)!.doc).toBe(doc);
  });

  it('reorders and removes the stops of a day (an ordered reference list)', () => {
    const r = applyIntent(doc, 'down:itinerary.0.stops.0', SAFARI)!;
    expect((r.doc.itinerary as { stops: string[] }[])[0]!.stops).toEqual(['b', 'a', 'c']);
    const rm = applyIntent(doc, 'remove:itinerary.0.stops.2', SAFARI)!;
    expect((rm.doc.itinerary as { stops: string[] }[])[0]!.stops).toEqual(['a', 'b']);
    expect(applyIntent(doc, 'add:itinerary.0.stops', SAFARI)).toEqual({ doc, focus: ids.pick(['itinerary', '0', 'stops']) });
  });

  it('refuses intents that name nothing of the form', () => {
    expect(applyIntent(doc, 'remove:itinerary.9', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'remove:title.0', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'up:destinations.0', SAFARI)).toBeUndefined(); // unordered: checkboxes
    expect(applyIntent(doc, 'add:title', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'save', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'preview:itinerary.0.description', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'library:image', SAFARI)).toBeUndefined();
    expect(applyIntent(doc, 'up:itinerary.x', SAFARI)).toBeUndefined();
  });

  it('makes blank entries like the server', () => {
    expect(blankOf(SAFARI)).toEqual({
      title: '',
      popular: false,
      destinations: [],
      description: '',
      includes: [],
      image: { alt: '' },
      itinerary: [{ title: '', description: '', meals: { breakfast: false, lunch: false }, stops: [] }],
      gallery: [],
      blocks: {},
    });
  });
});

describe('problems', () => {
  it('are shown on their field, or the nearest one the form draws', () => {
    const shownAt: [path: string, anchor: string][] = [
      ['itinerary.2.title', 'itinerary.2.title'],
      ['itinerary.2.meals.lunch', 'itinerary.2.meals.lunch'],
      ['itinerary.2.stops.1', 'itinerary.2.stops'],
      ['itinerary', 'itinerary'],
      ['image.alt', 'image.alt'],
      ['image.upload', 'image'],
      ['gallery.1', 'gallery.1'],
      ['gallery.1.file', 'gallery.1'],
      ['gallery.1.alt', 'gallery.1.alt'],
      ['includes.0', 'includes'],
      ['blocks.vision', 'blocks.vision'],
      ['', ''],
      ['nonsense.field', ''],
    ];
    for (const [path, anchor] of shownAt) expect(problemAnchor(SAFARI, path), path).toBe(anchor);
  });

  it('are grouped by where they are shown, without repeats', () => {
    const m = problemsByAnchor(SAFARI, [
      { path: 'includes.0', message: 'no commas' },
      { path: 'includes.1', message: 'no commas' },
      { path: 'title', message: 'Required' },
    ]);
    expect(m.get('includes')).toEqual(['no commas']);
    expect(m.get('title')).toEqual(['Required']);
  });

  it('are named in words for the summary', () => {
    expect(describePath(SAFARI, 'itinerary.2.meals.lunch')).toBe('Itinerary › Day 3 › Meals › Lunch');
    expect(describePath(SAFARI, 'includes.1')).toBe('Includes › item 2');
    expect(describePath(SAFARI, 'image.alt')).toBe('Header picture › Alt text');
    expect(describePath(SAFARI, '')).toBe('The whole item');
  });
});

describe('small helpers', () => {
  it('makes addresses from titles', () => {
    expect(slugify('Lake Mburo National Park!')).toBe('lake-mburo-national-park');
    expect(slugify('  Café & Crème — 3 Days ')).toBe('cafe-and-creme-3-days');
    expect(slugify('!!!')).toBe('');
  });

  it('reads and writes the schedule time in the operator’s time zone', () => {
    expect(fromDateTimeInput('2026-12-03T09:30', 'UTC')).toBe('2026-12-03T09:30:00.000Z');
    expect(fromDateTimeInput('2026-12-03T09:30', 'Africa/Kampala')).toBe('2026-12-03T06:30:00.000Z');
    expect(fromDateTimeInput('2026-12-03T09:30', 'America/New_York')).toBe('2026-12-03T14:30:00.000Z');
    expect(fromDateTimeInput('2026-07-03T09:30', 'America/New_York')).toBe('2026-07-03T13:30:00.000Z');
    expect(fromDateTimeInput('2026-13-03T09:30', 'UTC')).toBeUndefined();
    expect(fromDateTimeInput('tomorrow', 'UTC')).toBeUndefined();
    expect(toDateTimeInput('2026-12-03T09:30:00.000Z', 'UTC')).toBe('2026-12-03T09:30');
    expect(toDateTimeInput('2026-12-03T06:30:00.000Z', 'Africa/Kampala')).toBe('2026-12-03T09:30');
    expect(toDateTimeInput('2026-12-03T14:30:00.000Z', 'America/New_York')).toBe('2026-12-03T09:30');
    expect(toDateTimeInput(null, 'UTC')).toBe('');
    expect(toDateInput('2024-05-01T00:00:00.000Z')).toBe('2024-05-01');
    expect(toDateInput(5)).toBe('');
  });

  it('knows which picture a document shows', () => {
    expect(contentImagePath('parks', 'bwindi', { upload: 'images/uploads/x.jpg', file: 'a.jpg' })).toBe('images/uploads/x.jpg');
    expect(contentImagePath('parks', 'bwindi', { file: 'other.svg' })).toBe('images/parks/other.jpg');
    expect(contentImagePath('parks', 'bwindi', {})).toBe('images/parks/bwindi.jpg');
    expect(contentImagePath('parks', '', {})).toBeUndefined();
    expect(contentImagePath('parks', 'bwindi', { file: '1.svg' }, true)).toBe('images/parks/bwindi/1.jpg');
  });

  it('folds long runs of unchanged lines in a diff', () => {
    const lines = [
      ...Array.from({ length: 10 }, (_, i) => ({ op: ' ' as const, text: `same ${i}` })),
      { op: '-' as const, text: 'old' },
      { op: '+' as const, text: 'new' },
      ...Array.from({ length: 5 }, (_, i) => ({ op: ' ' as const, text: `tail ${i}` })),
    ];
    const hunks = diffHunks(lines, 2);
    expect(hunks[0]).toEqual({ kind: 'skip', count: 8 });
    expect(hunks[1]!.kind).toBe('lines');
    const shown = hunks[1]!.kind === 'lines' ? hunks[1]!.lines : [];
    expect(shown.map((l) => `${l.op}${l.text}`)).toEqual([' same 8', ' same 9', '-old', '+new', ' tail 0', ' tail 1']);
    expect(shown[2]).toMatchObject({ oldNo: 11 });
    expect(shown[3]).toMatchObject({ newNo: 11 });
    expect(hunks[2]).toEqual({ kind: 'skip', count: 3 });
    // A single unchanged line between two changes is shown, not folded.
    const gap = diffHunks([{ op: '-', text: 'a' }, ...Array.from({ length: 3 }, () => ({ op: ' ' as const, text: 's' })), { op: '+', text: 'b' }], 1);
    expect(gap).toHaveLength(1);
    expect(
      diffHunks([
        { op: ' ', text: 'x' },
        { op: ' ', text: 'y' },
      ]),
    ).toEqual([{ kind: 'skip', count: 2 }]);
  });
});

describe('sameContent', () => {
  it('ignores key order, empty fields and trailing spaces, not real changes', () => {
    expect(sameContent({ a: 1, b: { c: 'x\n', d: [] }, popular: false }, { b: { c: 'x' }, a: 1 })).toBe(true);
    expect(sameContent({ popular: true }, { popular: false })).toBe(false);
    expect(sameContent({ stops: ['a', 'b'] }, { stops: ['b', 'a'] })).toBe(false);
    expect(sameContent({ title: 'A' }, { title: 'B' })).toBe(false);
  });
});
