// Hero images of the pages whose API answer carries none: a fixed, fitting image per page
// (API-relative paths of content images).
const PAGE_HEROES: Record<string, { image: string; alt: string }> = {
  about: { image: 'images/parks/lake-bunyonyi.jpg', alt: 'Terraced hills and islands of Lake Bunyonyi in the Kigezi highlands' },
  tips: { image: 'images/experiences/gorilla-trekking.jpg', alt: 'Trekkers following a ranger through the forest to a gorilla family' },
  faq: { image: 'images/parks/bwindi-impenetrable-forest-national-park.jpg', alt: 'Forested ridges of Bwindi disappearing into the mist' },
  contact: { image: 'images/parks/lake-bunyonyi.jpg', alt: 'Lake Bunyonyi near our office in Kabale' },
  plan: { image: 'images/parks/queen-elizabeth-national-park.jpg', alt: 'Savannah of Queen Elizabeth National Park' },
  'terms-and-conditions': { image: 'images/parks/mgahinga-gorilla-national-park.jpg', alt: 'Virunga volcanoes above Mgahinga' },
  'privacy-policy': { image: 'images/parks/kibale-national-park.jpg', alt: 'Forest canopy of Kibale' },
  'travel-advice': { image: 'images/parks/murchison-falls-national-park.jpg', alt: 'The Nile at Murchison Falls' },
  'our-impact': { image: 'images/experiences/cultural-encounters.jpg', alt: 'Visitors with a community in the Kigezi hills' },
  'our-conservation-promise': { image: 'images/parks/volcanoes-national-park.jpg', alt: 'Volcanic cones of the Virungas' },
  'why-book-with-us': { image: 'images/experiences/game-drives.jpg', alt: 'A safari vehicle on a game drive' },
  'sustainability-and-environmental-conservation': { image: 'images/parks/rwenzori-mountains-national-park.jpg', alt: 'Rwenzori Mountains above the forest' },
};

export function pageHero(key: string) {
  return PAGE_HEROES[key] ?? PAGE_HEROES.about!;
}
