// The one place that names the operator and its contact details.
export const site = {
  name: 'Kigezi Trails',
  legalName: 'Kigezi Trails Tours and Travel',
  /** Used in the about route: /about-{operatorSlug}-tours-and-travel */
  operatorSlug: 'kigezi-trails',
  tagline: 'Gorilla, chimpanzee and wildlife safaris across East Africa',
  foundedYear: 2013,
  copyrightStartYear: 2021,
  phone: '+256 772 418 260',
  phoneHref: 'tel:+256772418260',
  whatsapp: '+256 772 418 260',
  whatsappHref: 'https://wa.me/256772418260',
  email: 'info@kigezitrails.example',
  location: 'Kabale municipality, Uganda',
  address: { locality: 'Kabale', region: 'Kigezi', country: 'UG' },
  social: {
    facebook: 'https://www.facebook.com/kigezitrails',
    instagram: 'https://www.instagram.com/kigezitrails',
    twitter: 'https://x.com/kigezitrails',
    youtube: 'https://www.youtube.com/@kigezitrails',
  },
  visaSite: 'https://visas.immigration.go.ug',
  reviewSite: { name: 'Tripadvisor', reviews: 22, rank: 38 },
} as const;

export const aboutPath = `/about-${site.operatorSlug}-tours-and-travel`;
