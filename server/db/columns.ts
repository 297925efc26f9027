// Column selections for the API's answers: "card" shapes for lists, full shapes for detail pages.
// Field names are the entity fields of spec point 3.
import { sql } from 'drizzle-orm';
import * as t from './schema.ts';

export const safariCard = {
  id: t.safaris.id,
  safarititle: t.safaris.safarititle,
  safarititleslug: t.safaris.safarititleslug,
  safariday: t.safaris.safariday,
  safariprice: t.safaris.safariprice,
  safariheaderimage: t.safaris.safariheaderimage,
  safariheaderimagealt: t.safaris.safariheaderimagealt,
  safarimetadescription: t.safaris.safarimetadescription,
};
export const safariFull = {
  ...safariCard,
  safaridescription: t.safaris.safaridescription,
  safariincludes: t.safaris.safariincludes,
  safariexcludes: t.safaris.safariexcludes,
};

export const blogCard = {
  id: t.blogs.id,
  blogtitle: t.blogs.blogtitle,
  blogtitleslug: t.blogs.blogtitleslug,
  blogheaderimage: t.blogs.blogheaderimage,
  blogheaderimagealt: t.blogs.blogheaderimagealt,
  blogdescription: t.blogs.blogdescription,
  created_at: t.blogs.created_at,
};
export const blogFull = { ...blogCard, blogparagraph: t.blogs.blogparagraph };

export const parkCard = {
  id: t.parks.id,
  parktitle: t.parks.parktitle,
  parktitleslug: t.parks.parktitleslug,
  parkheaderimage: t.parks.parkheaderimage,
  parkheaderimagealt: t.parks.parkheaderimagealt,
  parkdescription: t.parks.parkdescription,
  created_at: t.parks.created_at,
  destination_id: t.parks.destination_id,
  destinationtitle: t.destinations.destinationtitle,
  destinationtitleslug: t.destinations.destinationtitleslug,
};
export const parkFull = {
  ...parkCard,
  parkoverview: t.parks.parkoverview,
  parkdetails: t.parks.parkdetails,
  latitude: t.parks.latitude,
  longitude: t.parks.longitude,
};

export const lodgeCard = {
  id: t.lodges.id,
  lodgetitle: t.lodges.lodgetitle,
  lodgetitleslug: t.lodges.lodgetitleslug,
  lodgeheaderimage: t.lodges.lodgeheaderimage,
  lodgeheaderimagealt: t.lodges.lodgeheaderimagealt,
  lodgedescription: t.lodges.lodgedescription,
  lodgetier: t.lodges.lodgetier,
  park_id: t.lodges.park_id,
  parktitle: t.parks.parktitle,
  parktitleslug: t.parks.parktitleslug,
  /** The town of a hotel outside the parks (null for a park's lodge, whose park is above). */
  placetitle: t.places.placetitle,
  destinationtitle: t.destinations.destinationtitle,
  destinationtitleslug: t.destinations.destinationtitleslug,
};
export const lodgeFull = {
  ...lodgeCard,
  lodgeparagraph: t.lodges.lodgeparagraph,
  amenities: t.lodges.amenities,
  latitude: t.lodges.latitude,
  longitude: t.lodges.longitude,
};

export const destinationCard = {
  id: t.destinations.id,
  destinationtitle: t.destinations.destinationtitle,
  destinationtitleslug: t.destinations.destinationtitleslug,
  destinationtag: t.destinations.destinationtag,
  destinationheaderimage: t.destinations.destinationheaderimage,
  destinationheaderimagealt: t.destinations.destinationheaderimagealt,
  destinationdescription: t.destinations.destinationdescription,
};
export const destinationFull = {
  ...destinationCard,
  destinationparagraph: t.destinations.destinationparagraph,
  youtubeembedlink: t.destinations.youtubeembedlink,
};

export const experienceCard = {
  id: t.experiences.id,
  experiencetitle: t.experiences.experiencetitle,
  experiencetitleslug: t.experiences.experiencetitleslug,
  experiencedescription: t.experiences.experiencedescription,
  experienceheaderimage: t.experiences.experienceheaderimage,
  experienceheaderimagealt: t.experiences.experienceheaderimagealt,
};
export const experienceFull = { ...experienceCard, experienceparagraph: t.experiences.experienceparagraph };

export const animalCard = {
  id: t.animals.id,
  animaltitle: t.animals.animaltitle,
  animaltitleslug: t.animals.animaltitleslug,
  animaldescription: t.animals.animaldescription,
  animalheaderimage: t.animals.animalheaderimage,
  animalheaderimagealt: t.animals.animalheaderimagealt,
};
export const animalFull = { ...animalCard, animalparagraph: t.animals.animalparagraph };

export const birdCard = {
  id: t.birds.id,
  birdtitle: t.birds.birdtitle,
  birdtitleslug: t.birds.birdtitleslug,
  birddescription: t.birds.birddescription,
  birdheaderimage: t.birds.birdheaderimage,
  birdheaderimagealt: t.birds.birdheaderimagealt,
};
export const birdFull = { ...birdCard, birdoverview: t.birds.birdoverview, birddetails: t.birds.birddetails };

export const faqFields = { id: t.faqs.id, question: t.faqs.question, answer: t.faqs.answer, faqslug: t.faqs.faqslug };

export const galleryFields = {
  id: t.galleryImages.id,
  filepath: t.galleryImages.filepath,
  filename: t.galleryImages.filename,
  caption: t.galleryImages.caption,
};

export const reviewFields = {
  id: t.reviews.id,
  name: t.reviews.name,
  date: t.reviews.date,
  title: t.reviews.title,
  overview: t.reviews.overview,
  details: t.reviews.details,
  profileimage: t.reviews.profileimage,
  rating: t.reviews.rating,
};

export const countAll = sql<number>`count(*)::int`;
