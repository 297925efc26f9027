// A small, fixed content set for search tests, written straight into the tables (not the
// content files), so ranking expectations do not move when the site's copy changes.
import type { Db } from '../server/db/index.ts';
import * as t from '../server/db/schema.ts';

export async function insertSearchFixture(db: Db) {
  const [uganda, rwanda] = await db
    .insert(t.destinations)
    .values([
      { destinationtitle: 'Uganda', destinationtitleslug: 'uganda', destinationdescription: 'The Pearl of Africa.' },
      { destinationtitle: 'Rwanda', destinationtitleslug: 'rwanda', destinationdescription: 'Land of a thousand hills.' },
    ])
    .returning();

  const parks = await db
    .insert(t.parks)
    .values([
      {
        parktitle: 'Bwindi Impenetrable Forest National Park',
        parktitleslug: 'bwindi-impenetrable-forest-national-park',
        parkdescription: 'Home to almost half of the world’s mountain gorillas.',
        parkoverview: '<p>An ancient rainforest in south-western Uganda with four trekking sectors.</p>',
        destination_id: uganda!.id,
      },
      {
        parktitle: 'Volcanoes National Park',
        parktitleslug: 'volcanoes-national-park',
        parkdescription: 'Gorilla and golden monkey trekking on the Virunga volcanoes.',
        parkoverview: '<p>Rwanda’s gorilla park, two hours from Kigali.</p>',
        destination_id: rwanda!.id,
      },
      {
        parktitle: 'Queen Elizabeth National Park',
        parktitleslug: 'queen-elizabeth-national-park',
        parkdescription: 'Savannah, crater lakes and the Kazinga Channel.',
        parkoverview: '<p>Tree-climbing lions in Ishasha and a boat cruise on the channel.</p>',
        destination_id: uganda!.id,
      },
    ])
    .returning();

  const experiences = await db
    .insert(t.experiences)
    .values([
      {
        experiencetitle: 'Gorilla Trekking',
        experiencetitleslug: 'gorilla-trekking',
        experiencedescription: 'An hour with a habituated gorilla family.',
        experienceparagraph: '<p>Permits, fitness and what to pack.</p>',
      },
      {
        experiencetitle: 'Chimpanzee Trekking',
        experiencetitleslug: 'chimpanzee-trekking',
        experiencedescription: 'Follow a chimpanzee community through Kibale Forest.',
        experienceparagraph: '<p>Morning and afternoon treks.</p>',
      },
    ])
    .returning();

  const safaris = await db
    .insert(t.safaris)
    .values([
      {
        safarititle: 'Bwindi Gorilla Trek from Kabale',
        safarititleslug: 'bwindi-gorilla-trek-from-kabale',
        safariday: 2,
        safariprice: 1150,
        safarimetadescription: 'Two days: drive to Bwindi and trek the gorillas.',
        safaridescription: '<p>A short gorilla safari.</p>',
      },
      {
        safarititle: 'Rwanda Golden Monkey Safari',
        safarititleslug: 'rwanda-golden-monkey-safari',
        safariday: 3,
        safariprice: 1400,
        safarimetadescription: 'Golden monkeys and the Virunga volcanoes.',
        safaridescription: '<p>Track the golden monkey in Volcanoes National Park.</p>',
      },
      {
        safarititle: 'Uganda Wildlife Safari',
        safarititleslug: 'uganda-wildlife-safari',
        safariday: 4,
        safariprice: 1600,
        safarimetadescription: 'Lions, elephants and a launch trip.',
        safaridescription: '<p>Game drives in Queen Elizabeth.</p>',
      },
    ])
    .returning();
  await db.insert(t.safariDays).values([
    { safari_id: safaris[2]!.id, day_number: 1, title: 'Kampala to Queen Elizabeth', description: '<p>Drive west.</p>' },
    { safari_id: safaris[2]!.id, day_number: 2, title: 'Kazinga Channel launch', description: '<p>Hippos and buffaloes from the water.</p>' },
  ]);

  const blogs = await db
    .insert(t.blogs)
    .values([
      {
        blogtitle: 'How to Plan a Gorilla Trekking Safari',
        blogtitleslug: 'how-to-plan-a-gorilla-trekking-safari',
        blogdescription: 'Permits, seasons and sectors.',
        blogparagraph: '<p>Gorilla permits sell out. Book the gorilla trek early; mountain gorillas live only in the Virungas and Bwindi.</p>',
        created_at: new Date('2024-03-01T00:00:00Z'),
      },
      {
        blogtitle: 'Looking for the Shoebill at Mabamba Swamp',
        blogtitleslug: 'looking-for-the-shoebill-at-mabamba-swamp',
        blogdescription: 'A canoe trip into the papyrus.',
        blogparagraph: '<p>The shoebill waits for lungfish. Lions do not live here.</p>',
        created_at: new Date('2024-04-01T00:00:00Z'),
      },
      ...Array.from({ length: 12 }, (_, i) => ({
        blogtitle: `Birding Diary, Week ${i + 1}`,
        blogtitleslug: `birding-diary-week-${i + 1}`,
        blogdescription: `Notes from week ${i + 1} of the birding season.`,
        blogparagraph: '<p>Sunbirds, turacos and barbets.</p>',
        created_at: new Date(Date.UTC(2024, 5, i + 1)),
      })),
    ])
    .returning();

  const animals = await db
    .insert(t.animals)
    .values([
      {
        animaltitle: 'Mountain Gorillas',
        animaltitleslug: 'mountain-gorillas',
        animaldescription: 'The great apes of the Virunga volcanoes and Bwindi.',
        animalparagraph: '<p>About 1,063 mountain gorillas live in the wild.</p>',
      },
      {
        animaltitle: 'Chimpanzees',
        animaltitleslug: 'chimpanzees',
        animaldescription: 'Our closest relatives, in Kibale and Budongo.',
        animalparagraph: '<p>Chimpanzee communities of up to 150.</p>',
      },
      {
        animaltitle: 'Lions',
        animaltitleslug: 'lions',
        animaldescription: 'The tree-climbing lions of Ishasha.',
        animalparagraph: '<p>Prides rest in fig trees.</p>',
      },
    ])
    .returning();

  const birds = await db
    .insert(t.birds)
    .values([
      {
        birdtitle: 'Shoebill',
        birdtitleslug: 'shoebill',
        birddescription: 'A prehistoric-looking stork of the swamps.',
        birdoverview: '<p>Found at Mabamba and Murchison.</p>',
      },
      {
        birdtitle: 'Great Blue Turaco',
        birdtitleslug: 'great-blue-turaco',
        birddescription: 'The largest turaco, in the forest canopy.',
        birdoverview: '<p>Common in Kibale.</p>',
      },
    ])
    .returning();

  const faqs = await db
    .insert(t.faqs)
    .values([
      {
        question: 'How much is a gorilla permit?',
        answer: '<p>US $800 in Uganda and US $1500 in Rwanda.</p><script>alert(1)</script>',
        faqslug: 'how-much-is-a-gorilla-permit',
      },
      {
        question: 'When is the best time to visit?',
        answer: '<p>The dry seasons, June to September and December to February.</p>',
        faqslug: 'when-is-the-best-time-to-visit',
      },
    ])
    .returning();

  return { destinations: [uganda!, rwanda!], parks, experiences, safaris, blogs, animals, birds, faqs };
}
