import { loadContent } from './server/db/content.ts';
const c = await loadContent();
const TOWN: Record<string, string> = { entebbe: 'papyrus-bay-garden-hotel', kigali: 'umusambi-hill-hotel', nairobi: 'karen-hedgerow-house', 'lake-naivasha': 'fever-tree-shore-lodge', karatu: 'red-earth-coffee-lodge', bukavu: 'kivu-peninsula-hotel', arusha: 'themi-river-coffee-lodge', 'ol-pejeta-conservancy': 'olmaroroi-plains-camp' };
const count = new Map<string, number>();
for (const s of c.safaris) s.itinerary.forEach((d: any, i: number) => {
  if (d.lodge) return;
  const last = d.stops[d.stops.length - 1];
  const sentences = (d.description as string).trim().split(/(?<=\.)\s+/);
  const tail = sentences.slice(-2).join(' ');
  const over = /overnight/i.test(d.description);
  if (TOWN[last] || over) { console.log(`${TOWN[last] ? 'T' : '-'}${over ? 'O' : '-'} ${s.slug} ${i + 1}/${s.itinerary.length} ${d.stops.join('>')} | ${tail.slice(-110)}`); if (TOWN[last] && over) count.set(last, (count.get(last) ?? 0) + 1); }
});
console.log([...count], [...count.values()].reduce((a, b) => a + b, 0));
