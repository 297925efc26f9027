// What each picture shows. A content item's header and gallery pictures are chosen from its words:
// the alt text (which says what the picture should show) first, then the file name, slug and title,
// then per-collection defaults. The country sets the palette: a park's own destination, a safari's
// first destination, or the country its text names.
import type { Country, TimeOfDay } from './palettes.ts';
import { countries } from './palettes.ts';
import { rng } from './rng.ts';
import type { ArtSpec, SceneKind, SubjectKey } from './scene.ts';

/** Keyword -> subject. `scene` is where the subject is drawn when the text names no place. */
interface SubjectRule {
  re: RegExp;
  subject: SubjectKey;
  scene: SceneKind;
  /** Country whose palette suits the subject when the item names none. */
  home?: Country;
}

const SUBJECT_RULES: SubjectRule[] = [
  { re: /grauer|lowland gorilla|kahuzi/, subject: 'gorilla', scene: 'rainforest', home: 'democratic-republic-of-congo' },
  { re: /silverback|gorilla/, subject: 'gorilla', scene: 'rainforest', home: 'uganda' },
  { re: /chimp/, subject: 'chimpWalking', scene: 'rainforest', home: 'uganda' },
  { re: /golden monkey/, subject: 'goldenMonkey', scene: 'volcano', home: 'rwanda' },
  { re: /colobus/, subject: 'colobus', scene: 'rainforest', home: 'rwanda' },
  { re: /monkey|mangabey|primate/, subject: 'monkey', scene: 'rainforest', home: 'uganda' },
  { re: /baboon/, subject: 'baboon', scene: 'savanna', home: 'kenya' },
  { re: /elephant/, subject: 'elephant', scene: 'savanna', home: 'kenya' },
  { re: /giraffe/, subject: 'giraffe', scene: 'savanna', home: 'kenya' },
  { re: /zebra/, subject: 'zebra', scene: 'savanna', home: 'tanzania' },
  { re: /wildebeest|gnu|migration|river crossing/, subject: 'wildebeest', scene: 'savanna', home: 'tanzania' },
  { re: /rhino/, subject: 'rhino', scene: 'savanna', home: 'kenya' },
  { re: /hippo/, subject: 'hippoInWater', scene: 'river', home: 'uganda' },
  { re: /crocodile/, subject: 'crocodile', scene: 'river', home: 'uganda' },
  { re: /buffalo/, subject: 'buffalo', scene: 'savanna', home: 'uganda' },
  { re: /lioness/, subject: 'lioness', scene: 'savanna', home: 'tanzania' },
  { re: /\blions?\b|\bpride\b/, subject: 'lion', scene: 'savanna', home: 'tanzania' },
  { re: /leopard/, subject: 'leopard', scene: 'savanna', home: 'kenya' },
  { re: /cheetah/, subject: 'cheetah', scene: 'savanna', home: 'kenya' },
  { re: /hyena/, subject: 'hyena', scene: 'savanna', home: 'tanzania' },
  { re: /wild dog|painted wolf/, subject: 'wildDog', scene: 'savanna', home: 'kenya' },
  { re: /warthog/, subject: 'warthog', scene: 'savanna', home: 'uganda' },
  { re: /eland/, subject: 'eland', scene: 'savanna', home: 'kenya' },
  { re: /sitatunga/, subject: 'sitatunga', scene: 'wetland', home: 'uganda' },
  { re: /\btopi\b|hartebeest/, subject: 'topi', scene: 'savanna', home: 'uganda' },
  { re: /\bkobs?\b|impala|antelope|gazelle|waterbuck|bushbuck|reedbuck|oribi|duiker|dik ?dik|oryx|gerenuk|kudu/, subject: 'antelope', scene: 'savanna', home: 'uganda' },
  { re: /shoebill/, subject: 'shoebill', scene: 'wetland', home: 'uganda' },
  { re: /crowned crane|\bcranes?\b/, subject: 'crownedCrane', scene: 'wetland', home: 'uganda' },
  { re: /flamingo/, subject: 'flamingo', scene: 'lake', home: 'kenya' },
  { re: /pelican/, subject: 'pelican', scene: 'lake', home: 'uganda' },
  { re: /marabou/, subject: 'marabou', scene: 'savanna', home: 'uganda' },
  { re: /saddle ?bill|stork|jabiru/, subject: 'saddlebill', scene: 'wetland', home: 'kenya' },
  { re: /egret/, subject: 'egret', scene: 'wetland', home: 'uganda' },
  { re: /heron|hamerkop|ibis|spoonbill|jacana|finfoot|cormorant|darter|grebe|\bducks?\b|goose|geese|rail\b|crake/, subject: 'heron', scene: 'wetland', home: 'uganda' },
  { re: /fish eagle|eagle|hawk|buzzard|\bkites?\b|falcon|harrier|goshawk|osprey|bateleur/, subject: 'fishEagle', scene: 'lake', home: 'uganda' },
  { re: /vulture/, subject: 'vulture', scene: 'savanna', home: 'tanzania' },
  { re: /secretary ?bird/, subject: 'secretarybird', scene: 'savanna', home: 'kenya' },
  { re: /\bowls?\b|owlet/, subject: 'owl', scene: 'rainforest', home: 'uganda' },
  { re: /turaco|go away/, subject: 'turaco', scene: 'rainforest', home: 'uganda' },
  { re: /kingfisher/, subject: 'kingfisher', scene: 'river', home: 'uganda' },
  { re: /roller/, subject: 'roller', scene: 'savanna', home: 'kenya' },
  { re: /bee ?eater/, subject: 'beeEater', scene: 'river', home: 'uganda' },
  { re: /sunbird/, subject: 'sunbird', scene: 'rainforest', home: 'rwanda' },
  { re: /hornbill/, subject: 'hornbill', scene: 'rainforest', home: 'uganda' },
  { re: /broadbill/, subject: 'broadbill', scene: 'rainforest', home: 'uganda' },
  { re: /weaver|bishop|widowbird/, subject: 'weaver', scene: 'wetland', home: 'uganda' },
  { re: /ostrich/, subject: 'ostrich', scene: 'savanna', home: 'kenya' },
  { re: /francolin|guineafowl|spurfowl|bustard/, subject: 'groundBird', scene: 'savanna', home: 'uganda' },
  {
    re: /crimsonwing|batis|warbler|apalis|flycatcher|starling|barbet|tinkerbird|greenbul|robin|boubou|bulbul|finch|canary|waxbill|twinspot|cuckoo|trogon|woodpecker|wren|\btits?\b|shrike|gonolek|oriole|babbler|pitta|thrush|alethe|akalat|illadopsis|sparrow|prinia|cisticola|seedeater|whydah|pipit|longclaw|swallow|martin|drongo|coucal|mousebird|honeyguide|hoopoe|parrot|lovebird|\bdoves?\b|pigeon|wagtail|camaroptera|eremomela|hylia|paradise|\bbirds?\b|birding/,
    subject: 'songbird',
    scene: 'rainforest',
    home: 'uganda',
  },
  { re: /balloon/, subject: 'balloon', scene: 'savanna', home: 'tanzania' },
  { re: /raft|rapids|white.water/, subject: 'raft', scene: 'river', home: 'uganda' },
  { re: /canoe|dugout|kayak|paddl/, subject: 'canoe', scene: 'hills', home: 'uganda' },
  { re: /launch|boat|cruise/, subject: 'launch', scene: 'river', home: 'uganda' },
  { re: /dhow|sailing/, subject: 'dhow', scene: 'coast', home: 'tanzania' },
  { re: /game drive|safari vehicle|land cruiser|4x4|jeep|pop up roof/, subject: 'vehicle', scene: 'savanna', home: 'kenya' },
  { re: /tented camp|safari tents?|canvas tents?|\btents\b/, subject: 'tents', scene: 'savanna', home: 'tanzania' },
  {
    re: /\blodges?\b|cottages?|\bbandas?\b|chalets?|guest ?houses?|rest house|\bcabins?\b|\bvilla\b|thatched (?:roofs?|cottages?|lodges?|bandas?)/,
    subject: 'lodge',
    scene: 'rainforest',
    home: 'uganda',
  },
  { re: /\bhuts?\b|homestead|village|batwa|cultural|community|dancers?|craft/, subject: 'huts', scene: 'village', home: 'uganda' },
  { re: /trek|hik(e|ing|ers)|walk|trail|tracker|ranger|porter|climb|summit/, subject: 'trekkers', scene: 'volcano', home: 'rwanda' },
];

const BIRD_SUBJECTS = new Set<SubjectKey>(['turaco', 'kingfisher', 'roller', 'sunbird', 'beeEater', 'songbird', 'broadbill', 'weaver', 'hornbill', 'owl']);

const COLOUR_WORDS: { re: RegExp; colour: string }[] = [
  { re: /crimson|scarlet|\bred\b|ruby/, colour: '#d23a32' },
  { re: /orange|rufous|chestnut/, colour: '#e07a2a' },
  { re: /yellow|golden|gold\b/, colour: '#eec23a' },
  { re: /green|olive|malachite/, colour: '#4fa04a' },
  { re: /\bblue\b|azure|violet/, colour: '#3f7fd0' },
  { re: /purple|lilac|amethyst/, colour: '#9a5ac0' },
  { re: /\bwhite\b/, colour: '#f2eee2' },
  { re: /black|dusky|sooty/, colour: '#3a3a3a' },
];

/** Subjects that are things people do rather than wildlife. */
const ACTIVITIES = new Set<SubjectKey>(['trekkers', 'vehicle', 'canoe', 'launch', 'raft', 'balloon', 'huts', 'dhow', 'lodge', 'tents']);

interface SceneRule {
  re: RegExp;
  scene: SceneKind;
}

const SCENE_RULES: SceneRule[] = [
  { re: /waterfall|\bfalls\b|cascade|sipi/, scene: 'waterfall' },
  { re: /crater|caldera|ngorongoro/, scene: 'crater' },
  { re: /volcan|virunga|nyiragongo|muhabura|muhavura|karisimbi|sabyinyo|bisoke|mgahinga|lava/, scene: 'volcano' },
  { re: /kilimanjaro|rwenzori|mountain|\bpeaks?\b|snow|glacier|elgon|mount |amboseli/, scene: 'mountain' },
  { re: /swamp|wetland|papyrus|marsh|mabamba|delta/, scene: 'wetland' },
  { re: /terrace|thousand hills|kigezi|bunyonyi|\bhills\b/, scene: 'hills' },
  { re: /beach|coast|ocean|zanzibar|\bsea\b|indian ocean|stone town/, scene: 'coast' },
  { re: /\bnile\b|river|channel|kazinga|rapids/, scene: 'river' },
  { re: /\blakes?\b|kivu|nakuru|naivasha|victoria|manyara|mburo|shore/, scene: 'lake' },
  { re: /forest|jungle|canopy|bamboo|bwindi|kibale|nyungwe|budongo|semuliki|kalinzu|gishwati|understorey|undergrowth/, scene: 'rainforest' },
  { re: /village|homestead|\bhuts?\b|market/, scene: 'village' },
  { re: /savann|plains?\b|grassland|serengeti|\bmara\b|tsavo|samburu|kidepo|tarangire|acacia|game drive|sundowner/, scene: 'savanna' },
];

const TIME_RULES: { re: RegExp; time: TimeOfDay }[] = [
  { re: /sunrise|dawn|early morning|first light/, time: 'dawn' },
  { re: /sunset|dusk|evening|sundowner/, time: 'dusk' },
  { re: /\bnight|stars|moonlit|moon/, time: 'night' },
  { re: /golden|late afternoon/, time: 'golden' },
  { re: /midday|morning sun|bright|blue sky/, time: 'morning' },
];

const COUNTRY_WORDS: { re: RegExp; country: Country }[] = [
  {
    re: /uganda|kampala|entebbe|kabale|muhavura|muhabura|bwindi|kibale|murchison|jinja|kidepo|mgahinga|queen elizabeth|bunyonyi|mburo|rwenzori|semuliki|ishasha|kazinga|mabamba|fort portal|budongo|sipi/,
    country: 'uganda',
  },
  { re: /rwanda|kigali|nyungwe|akagera|volcanoes national park|kinigi|musanze|gishwati|kivu/, country: 'rwanda' },
  { re: /kenya|nairobi|maasai mara|masai mara|amboseli|samburu|tsavo|nakuru|naivasha|\bmara\b/, country: 'kenya' },
  { re: /tanzania|serengeti|ngorongoro|tarangire|manyara|kilimanjaro|zanzibar|arusha|ruaha|selous|nyerere/, country: 'tanzania' },
  { re: /congo|\bdrc\b|virunga national park|kahuzi|goma|bukavu|nyiragongo|grauer/, country: 'democratic-republic-of-congo' },
];

/** The landscape and subject of a park when its header's alt text is not specific enough. */
const PARK_ART: Record<string, { scene: SceneKind; subject: SubjectKey | null; group?: boolean; inTree?: boolean }> = {
  'bwindi-impenetrable-forest-national-park': { scene: 'rainforest', subject: 'gorilla' },
  'mgahinga-gorilla-national-park': { scene: 'volcano', subject: 'goldenMonkey' },
  'volcanoes-national-park': { scene: 'volcano', subject: 'gorilla' },
  'kibale-national-park': { scene: 'rainforest', subject: 'chimpWalking' },
  'queen-elizabeth-national-park': { scene: 'river', subject: 'elephant', group: true },
  'murchison-falls-national-park': { scene: 'waterfall', subject: 'launch' },
  'lake-mburo-national-park': { scene: 'lake', subject: 'zebra', group: true },
  'kidepo-valley-national-park': { scene: 'savanna', subject: 'buffalo', group: true },
  'lake-bunyonyi': { scene: 'hills', subject: 'canoe' },
  'jinja-source-of-the-nile': { scene: 'river', subject: 'raft' },
  'rwenzori-mountains-national-park': { scene: 'mountain', subject: 'trekkers' },
  'semuliki-national-park': { scene: 'rainforest', subject: 'hornbill' },
  'akagera-national-park': { scene: 'lake', subject: 'giraffe' },
  'nyungwe-national-park': { scene: 'rainforest', subject: 'colobus' },
  'lake-kivu': { scene: 'lake', subject: 'canoe' },
  'virunga-national-park': { scene: 'volcano', subject: 'gorilla' },
  'kahuzi-biega-national-park': { scene: 'rainforest', subject: 'gorilla' },
  'serengeti-national-park': { scene: 'savanna', subject: 'wildebeest', group: true },
  'ngorongoro-conservation-area': { scene: 'crater', subject: 'rhino' },
  'tarangire-national-park': { scene: 'savanna', subject: 'elephant', group: true },
  'lake-manyara-national-park': { scene: 'lake', subject: 'flamingo', group: true },
  'mount-kilimanjaro-national-park': { scene: 'mountain', subject: 'trekkers' },
  zanzibar: { scene: 'coast', subject: 'dhow' },
  'maasai-mara-national-reserve': { scene: 'savanna', subject: 'lion', group: true },
  'amboseli-national-park': { scene: 'mountain', subject: 'elephant', group: true },
  'lake-nakuru-national-park': { scene: 'lake', subject: 'flamingo', group: true },
  'samburu-national-reserve': { scene: 'savanna', subject: 'zebra' },
  'tsavo-east-national-park': { scene: 'savanna', subject: 'elephant', group: true },
};

/** Hero pictures of the fixed pages. */
const PAGE_ART: Record<string, { country: Country; scene: SceneKind; subject: SubjectKey | null; time?: TimeOfDay }> = {
  home: { country: 'uganda', scene: 'volcano', subject: 'gorilla', time: 'dawn' },
  about: { country: 'uganda', scene: 'hills', subject: 'canoe', time: 'morning' },
  destinations: { country: 'tanzania', scene: 'mountain', subject: 'elephant', time: 'golden' },
  parks: { country: 'kenya', scene: 'savanna', subject: 'giraffe', time: 'golden' },
  lodges: { country: 'uganda', scene: 'rainforest', subject: 'lodge', time: 'golden' },
  safaris: { country: 'tanzania', scene: 'savanna', subject: 'vehicle', time: 'dusk' },
  experiences: { country: 'tanzania', scene: 'savanna', subject: 'balloon', time: 'dawn' },
  animals: { country: 'kenya', scene: 'savanna', subject: 'lion', time: 'dusk' },
  birds: { country: 'uganda', scene: 'wetland', subject: 'shoebill', time: 'dawn' },
  blogs: { country: 'rwanda', scene: 'volcano', subject: 'trekkers', time: 'morning' },
  search: { country: 'kenya', scene: 'savanna', subject: 'elephant', time: 'night' },
  'contact-us': { country: 'uganda', scene: 'hills', subject: 'canoe', time: 'golden' },
  'plan-a-safari': { country: 'tanzania', scene: 'savanna', subject: 'vehicle', time: 'golden' },
  'frequently-asked-questions': { country: 'kenya', scene: 'savanna', subject: 'giraffe', time: 'dawn' },
  'gorilla-tracking-tips': { country: 'rwanda', scene: 'volcano', subject: 'trekkers', time: 'dawn' },
  'terms-and-conditions': { country: 'uganda', scene: 'lake', subject: null, time: 'morning' },
  'privacy-policy': { country: 'rwanda', scene: 'hills', subject: null, time: 'morning' },
  'travel-advice': { country: 'kenya', scene: 'savanna', subject: 'vehicle', time: 'morning' },
  'our-impact': { country: 'uganda', scene: 'village', subject: 'huts', time: 'golden' },
  'our-conservation-promise': { country: 'democratic-republic-of-congo', scene: 'rainforest', subject: 'gorilla', time: 'morning' },
  'why-book-with-us': { country: 'uganda', scene: 'rainforest', subject: 'trekkers', time: 'morning' },
  'sustainability-and-environmental-conservation': { country: 'rwanda', scene: 'rainforest', subject: 'colobus', time: 'dawn' },
  /** The fallback picture for anything without one (search results). */
  default: { country: 'uganda', scene: 'savanna', subject: 'elephant', time: 'golden' },
  /** The 1200x630 picture shared on social networks when a page has no picture of its own. */
  social: { country: 'uganda', scene: 'volcano', subject: 'gorilla', time: 'dawn' },
};

/** What the planner needs of a content item (any collection). */
export interface ArtItem {
  slug: string;
  title?: string;
  /** A lodge's park (slug): its words place the picture in that park's country and landscape. */
  park?: string;
  destination?: string;
  destinations?: string[];
  image?: { alt: string };
  description?: string;
}

export interface ArtGalleryEntry {
  file: string;
  alt: string;
  caption?: string;
}

function firstMatch<T extends { re: RegExp }>(rules: T[], text: string): T | undefined {
  let best: T | undefined;
  let at = Infinity;
  for (const rule of rules) {
    const m = rule.re.exec(text);
    if (m && m.index < at) {
      at = m.index;
      best = rule;
    }
  }
  return best;
}

// "Mountain gorillas" live on volcano slopes, not under snow peaks; read the phrase as such.
const words = (s: string | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .replace(/mountain gorillas?/g, 'gorilla');
const isCountry = (s: string | undefined): s is Country => !!s && (countries as string[]).includes(s);

function countryOf(collection: string, item: ArtItem, texts: string[], subjectHome?: Country): Country {
  if (collection === 'destinations' && isCountry(item.slug)) return item.slug;
  if (isCountry(item.destination)) return item.destination;
  const first = item.destinations?.find(isCountry);
  if (first) return first;
  for (const t of texts) {
    const hit = firstMatch(COUNTRY_WORDS, t);
    if (hit) return hit.country;
  }
  if (subjectHome) return subjectHome;
  return rng(`${collection}/${item.slug}:country`).pick(['uganda', 'uganda', 'rwanda', 'kenya', 'tanzania'] as Country[]);
}

const PLURAL_GROUP =
  /herds?|flocks?|prides?|troops?|family|families|migration|groups?|colony|pods?|packs?|crowds?|thousands|many|\b(elephants|zebras|wildebeest|buffaloes|buffalos|flamingos|flamingoes|giraffes|kobs|impalas|lions|cranes|pelicans|hippos|baboons)\b/;

/** Everything about a picture except its size. */
export type ArtChoice = Omit<ArtSpec, 'width' | 'height'>;

/**
 * The picture for an item's header (no gallery entry) or for one of its gallery entries.
 * Gallery pictures keep the item's country and, unless their own words say otherwise, its scene
 * and subject, varied by their own seed (time of day, side, composition).
 */
export function chooseArt(collection: string, item: ArtItem, gallery?: ArtGalleryEntry): ArtChoice {
  const headerText = words(item.image?.alt);
  const nameText = `${words(item.slug)} ${words(item.title)}${item.park ? ` ${words(item.park)}` : ''}`;
  const ownText = gallery ? `${words(gallery.alt)} ${words(gallery.file)} ${words(gallery.caption)}` : headerText;
  const texts = gallery ? [ownText, headerText, nameText] : [headerText, nameText];

  let subjectRule: SubjectRule | undefined;
  // Animals and birds are about their own species, whatever else their words mention; their
  // header pictures show the creature, not people watching it.
  const species = collection === 'animals' || collection === 'birds';
  const rules = species && !gallery ? SUBJECT_RULES.filter((r) => !ACTIVITIES.has(r.subject)) : SUBJECT_RULES;
  if (species && !gallery) subjectRule = firstMatch(rules, nameText);
  for (const t of texts) subjectRule ??= firstMatch(rules, t);
  if (!subjectRule && collection === 'birds') subjectRule = SUBJECT_RULES.find((r) => r.subject === 'songbird');
  // A lodge's picture shows the lodge unless its words name something else.
  if (!subjectRule && collection === 'lodges') subjectRule = SUBJECT_RULES.find((r) => r.subject === 'lodge');
  let sceneRule: SceneRule | undefined;
  for (const t of texts) sceneRule ??= firstMatch(SCENE_RULES, t);
  const park = collection === 'parks' ? PARK_ART[item.slug] : undefined;
  // A lodge stands in its park's landscape when its words name none.
  const parkScene = collection === 'lodges' && item.park ? PARK_ART[item.park]?.scene : undefined;

  let subject: SubjectKey | null = subjectRule?.subject ?? park?.subject ?? null;
  // A park's header shows its signature subject unless the alt text names an animal or bird.
  if (park && !gallery) {
    const named = firstMatch(SUBJECT_RULES, headerText);
    subject = named && !ACTIVITIES.has(named.subject) ? named.subject : park.subject;
  }
  let scene: SceneKind = sceneRule?.scene ?? park?.scene ?? parkScene ?? subjectRule?.scene ?? 'savanna';
  if (park && !gallery && !sceneRule) scene = park.scene;
  // A volcano's crater is still a volcano; the crater scene is Ngorongoro's caldera.
  if (scene === 'crater' && texts.some((t) => /volcan|nyiragongo|muhavura|muhabura|virunga|bisoke|karisimbi|sabyinyo|lava/.test(t))) scene = 'volcano';
  // A gallery picture that names a place but no animal or activity is a landscape.
  if (gallery && !firstMatch(SUBJECT_RULES, texts[0]!) && firstMatch(SCENE_RULES, texts[0]!)) subject = null;

  const country = countryOf(collection, item, texts, subjectRule?.home);
  // Gorillas in Rwanda and Congo live on the volcano slopes.
  if (subject === 'gorilla' && scene === 'rainforest' && country === 'rwanda' && /volcan/.test(nameText + headerText)) scene = 'volcano';
  // Hippos need water; the swamp and lake scenes have it.
  if (subject === 'hippoInWater' && !['river', 'lake', 'wetland', 'waterfall', 'hills'].includes(scene)) scene = 'river';
  if (
    (subject === 'canoe' || subject === 'launch' || subject === 'raft' || subject === 'pelican' || subject === 'flamingo') &&
    !['river', 'lake', 'wetland', 'waterfall', 'hills', 'coast'].includes(scene)
  )
    scene = subject === 'canoe' ? 'hills' : subject === 'flamingo' || subject === 'pelican' ? 'lake' : 'river';
  if (subject === 'dhow') scene = 'coast';
  if (scene === 'coast' && subject && !['dhow', 'canoe', 'trekkers', 'huts', 'pelican', 'lodge', 'tents'].includes(subject)) subject = 'dhow';

  const own = texts[0]!;
  let group = PLURAL_GROUP.test(own) || (park?.group ?? false) || /migration/.test(nameText);
  // Gorillas and chimpanzees are drawn sitting, walking or as a family, unless the words say which.
  const pose = rng(`${collection}/${item.slug}/${gallery?.file ?? ''}:pose`).next();
  if (subject === 'gorilla' && !/sit|rest|family|group|mother|infant|juvenile/.test(own)) {
    if (/walk|move|cross|knuckle/.test(own) || pose < 0.25) subject = 'gorillaWalking';
    else if (pose > 0.7) group = true;
  }
  if (subject === 'chimpWalking' && (/sit|rest|groom|feed|eat/.test(own) || pose < 0.35)) subject = 'chimpanzee';
  const inTree = (subject === 'lion' || subject === 'lioness' || subject === 'leopard') && /tree|branch|climb/.test(own + nameText);
  const timeRule = firstMatch(TIME_RULES, own);
  // A bird named for a colour wears it (red-throated, purple-breasted, yellow-eyed...).
  const colour = subject && BIRD_SUBJECTS.has(subject) ? firstMatch(COLOUR_WORDS, nameText)?.colour : undefined;
  const seed = gallery ? `${collection}/${item.slug}/${gallery.file}` : `${collection}/${item.slug}`;
  return {
    country,
    scene,
    subject,
    group,
    inTree,
    time: timeRule?.time,
    accent: colour,
    seed,
    title: gallery?.alt ?? item.image?.alt ?? item.title ?? item.slug,
  };
}

/** The picture of a fixed page (home, list pages, the default and social pictures). */
export function choosePageArt(slug: string, title?: string): ArtChoice {
  const known = PAGE_ART[slug];
  if (known) return { ...known, seed: `pages/${slug}`, title: title ?? slug };
  const r = rng(`pages/${slug}`);
  return {
    country: r.pick(countries),
    scene: r.pick(['savanna', 'lake', 'hills', 'rainforest', 'volcano'] as SceneKind[]),
    subject: null,
    seed: `pages/${slug}`,
    title: title ?? slug,
  };
}
