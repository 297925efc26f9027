// Home (spec point 2): hero; why book with us; top experiences; about; safaris; gorilla promo;
// gorilla safaris; chimpanzee promo; chimpanzee safaris; Batwa call-to-action; top destinations;
// plan-your-safari form with contact shortcuts; reviews; News and Updates; FAQ.
import { useLocalLink } from '../lib/languages.ts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { HomeResponse } from '../../common/api-types.ts';
import { aboutPath, site } from '../../common/site.ts';
import { BlogCard, ExperienceCard, Grid, ParkCard, SafariGrid } from '../components/Cards.tsx';
import { ContactCards } from '../components/Contact.tsx';
import { FaqList } from '../components/FaqList.tsx';
import { Hero } from '../components/Hero.tsx';
import { CompassIcon, LeafIcon, ShieldIcon, UsersIcon } from '../components/Icons.tsx';
import { Image } from '../components/Image.tsx';
import { Reviews } from '../components/Reviews.tsx';
import { RichText } from '../components/RichText.tsx';
import { MoreLink, Section } from '../components/Section.tsx';
import { whenIdle } from '../lib/idle.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/home';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context }: Route.LoaderArgs) {
  const home = await api<HomeResponse>(context, '/');
  const { content: _content, parks, reviews, ...rest } = home;
  return pageData(
    {
      ...rest,
      parks: only(parks, 'id', 'parktitle', 'parktitleslug', 'parkheaderimage', 'parkheaderimagealt', 'parkdescription', 'destinationtitle'),
      reviews: only(reviews, 'id', 'name', 'date', 'title', 'overview', 'profileimage'),
    },
    home,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  const image = loaderData?.uggorillasafaris[0]?.safariheaderimage ?? loaderData?.parks[0]?.parkheaderimage;
  return buildMeta(loaderData, { image }, { location, matches });
}

// Far below the fold: the form's HTML is in the page, its code loads when the browser is idle.
const EnquiryForm = lazy(() =>
  whenIdle()
    .then(() => import('../components/EnquiryForm.tsx'))
    .then((m) => ({ default: m.EnquiryForm })),
);

const PROMISES = [
  { Icon: CompassIcon, title: 'home.localTitle', text: 'home.localText' },
  { Icon: UsersIcon, title: 'home.guidesTitle', text: 'home.guidesText' },
  { Icon: ShieldIcon, title: 'home.pricesTitle', text: 'home.pricesText' },
  { Icon: LeafIcon, title: 'home.givesTitle', text: 'home.givesText' },
] as const;

/** The hero's picture: the first gorilla safari's, or else the first park's. */
function heroPicture(data: Route.ComponentProps['loaderData']): { heroImage: string | undefined; heroAlt: string } {
  return {
    heroImage: data.uggorillasafaris[0]?.safariheaderimage ?? data.parks[0]?.parkheaderimage,
    heroAlt: data.uggorillasafaris[0]?.safariheaderimagealt ?? data.parks[0]?.parkheaderimagealt ?? '',
  };
}

/* Every section below the first screen sits in a Suspense boundary of its own (the server sends
 * each one whole, so the markup is the same). React hydrates the hero and the first section, then
 * each boundary in a later pass of its own, instead of the whole page in one long task; input in a
 * section not hydrated yet hydrates that section first. */
export default function Home({ loaderData: data }: Route.ComponentProps) {
  const local = useLocalLink();
  const { heroImage, heroAlt } = heroPicture(data);
  const t = useT();
  const tParts = useTParts();
  return (
    <>
      {/* 1. Hero */}
      <Hero
        size="home"
        image={heroImage}
        imageAlt={heroAlt}
        eyebrow={t('home.heroEyebrow')}
        title={
          <>
            {t('home.heroTitle')}
            <em>{t('home.heroTitleEm')}</em>
          </>
        }
        lead={<RichText html={data.blocks.hero} />}
        actions={
          <Link to={local('/safaris')} className="btn btn--light btn--lg">
            {t('home.browse')}
          </Link>
        }
      />

      {/* 2. Why book with us */}
      <Section
        id="why"
        eyebrow={t('home.whyEyebrow')}
        title={t('home.whyTitle')}
        intro={<RichText html={data.blocks['why-book-with-us']} />}
        more={{ to: '/why-book-with-us', label: t('home.whyMore') }}
      >
        <ul className="promises">
          {PROMISES.map(({ Icon, title, text }) => (
            <li key={title} className="promise">
              <span className="promise__icon">
                <Icon size={26} />
              </span>
              <h3 className="promise__title">{t(title, { year: site.foundedYear })}</h3>
              <p>{t(text)}</p>
            </li>
          ))}
        </ul>
      </Section>

      {/* 3. Top experiences */}
      <Suspense>
        <Section id="experiences" tone="sand" eyebrow={t('home.experiencesEyebrow')} title={t('home.experiencesTitle')} more={{ to: '/experiences', label: t('experiences.all') }}>
          <div className="rail">
            {data.experiences.map((e) => (
              <ExperienceCard key={e.id} experience={e} />
            ))}
          </div>
        </Section>
      </Suspense>

      {/* 4. About */}
      <Suspense>
        <section className="section about-home" aria-labelledby="about-title">
          <div className="container about-home__grid">
            <div className="about-home__media">
              <div className="about-home__img about-home__img--a">
                <Image src={data.parks[0]?.parkheaderimage} alt={data.parks[0]?.parkheaderimagealt ?? ''} width={640} height={800} sizes="(min-width: 1000px) 320px, 60vw" />
              </div>
              <div className="about-home__img about-home__img--b">
                <Image
                  src={data.parks[2]?.parkheaderimage ?? data.parks[1]?.parkheaderimage}
                  alt={data.parks[2]?.parkheaderimagealt ?? data.parks[1]?.parkheaderimagealt ?? ''}
                  width={560}
                  height={560}
                  sizes="(min-width: 1000px) 280px, 45vw"
                />
              </div>
              <p className="about-home__since">
                <span>{t('home.guidingSince')}</span>
                <strong>{site.foundedYear}</strong>
              </p>
            </div>
            <div>
              <p className="eyebrow">{tParts('home.aboutEyebrow', { name: site.name })}</p>
              <h2 id="about-title">{t('home.aboutTitle')}</h2>
              <RichText html={data.blocks.about} />
              <MoreLink to={aboutPath}>{t('home.ourStory')}</MoreLink>
            </div>
          </div>
          <div className="container">
            <dl className="stats">
              <div>
                <dt>{t('home.statShare')}</dt>
                <dd>{t('home.statShareValue')}</dd>
              </div>
              <div>
                <dt>{t('home.statFamilies')}</dt>
                <dd>24+</dd>
              </div>
              <div>
                <dt>{tParts('home.statReviews', { site: site.reviewSite.name })}</dt>
                <dd>{site.reviewSite.reviews}</dd>
              </div>
              <div>
                <dt>{t('home.statRank')}</dt>
                <dd>#{site.reviewSite.rank}</dd>
              </div>
            </dl>
          </div>
        </section>
      </Suspense>

      {/* 5. Safaris */}
      <Suspense>
        <Section id="safaris" tone="sand" eyebrow={t('home.safarisEyebrow')} title={t('home.safarisTitle')} more={{ to: '/safaris', label: t('safaris.all') }}>
          <SafariGrid safaris={data.safaris} className="grid--rail" />
        </Section>
      </Suspense>

      {/* 6. Gorilla promo, 7. gorilla safaris */}
      <Suspense>
        <Promo html={data.blocks['gorilla-promo']} image={data.uggorillasafaris[1]?.safariheaderimage ?? heroImage} alt={data.uggorillasafaris[1]?.safariheaderimagealt ?? heroAlt} tone="forest" />
        <Section id="gorilla-safaris" eyebrow={t('home.gorillaEyebrow')} title={t('home.gorillaTitle')} more={{ to: '/safaris/gorilla-tracking-safaris-in-uganda', label: t('home.gorillaMore') }}>
          <SafariGrid safaris={data.uggorillasafaris} className="grid--rail" />
        </Section>
      </Suspense>

      {/* 8. Chimpanzee promo, 9. chimpanzee safaris */}
      <Suspense>
        <Promo html={data.blocks['chimpanzee-promo']} image={data.ugchimpsafaris[0]?.safariheaderimage} alt={data.ugchimpsafaris[0]?.safariheaderimagealt ?? ''} tone="mist" flip />
        <Section id="chimpanzee-safaris" eyebrow={t('home.chimpEyebrow')} title={t('home.chimpTitle')} more={{ to: '/safaris/chimpanzee-tracking-safaris-in-uganda', label: t('home.chimpMore') }}>
          <SafariGrid safaris={data.ugchimpsafaris} className="grid--rail" />
        </Section>
      </Suspense>

      {/* 10. Batwa donation call-to-action */}
      <Suspense>
        <section className="batwa" aria-label={t('home.batwaLabel')}>
          <div className="container batwa__inner">
            <p className="batwa__figure" aria-hidden="true">
              10<span>%</span>
            </p>
            <div>
              <RichText html={data.blocks.batwa} className="batwa__text" />
              <div className="batwa__actions">
                <Link to={local('/plan-a-safari')} className="btn btn--gold btn--lg">
                  {t('home.batwaPlan')}
                </Link>
                <Link to={local('/our-impact')} className="btn btn--light">
                  {t('home.batwaImpact')}
                </Link>
              </div>
            </div>
          </div>
        </section>
      </Suspense>

      {/* 11. Top destinations */}
      <Suspense>
        <Section id="destinations" eyebrow={t('home.destinationsEyebrow')} title={t('home.destinationsTitle')} more={{ to: '/parks', label: t('destinations.all') }}>
          <Grid className="grid--rail">
            {data.parks.map((p) => (
              <ParkCard key={p.id} park={p} />
            ))}
          </Grid>
        </Section>
      </Suspense>

      {/* 12. Plan your safari */}
      <Suspense>
        <section className="section section--forest plan-home" id="plan" aria-labelledby="plan-title">
          <div className="container plan-home__grid">
            <div>
              <p className="eyebrow">{t('home.planEyebrow')}</p>
              <h2 id="plan-title">{t('home.planTitle')}</h2>
              <RichText html={data.blocks.plan} />
              <ContactCards />
            </div>
            <div className="form-card">
              <Suspense>
                <EnquiryForm variant="home" currentUrl={data.pageUrl} />
              </Suspense>
            </div>
          </div>
        </section>
      </Suspense>

      {/* 13. Reviews */}
      <Suspense>
        <Section id="reviews" tone="sand" eyebrow={t('home.reviewsEyebrow')} title={t('home.reviewsTitle')}>
          <Reviews reviews={data.reviews} />
        </Section>
      </Suspense>

      {/* 14. News and Updates */}
      <Suspense>
        <Section id="news" eyebrow={t('news.eyebrow')} title={t('home.newsTitle')} more={{ to: '/blogs', label: t('news.all') }}>
          <Grid className="grid--rail">
            {data.blogs.map((b) => (
              <BlogCard key={b.id} blog={b} />
            ))}
          </Grid>
        </Section>
      </Suspense>

      {/* 15. FAQ */}
      <Suspense>
        <Section id="faq" tone="mist" eyebrow={t('faq.eyebrow')} title={t('home.faqTitle')} more={{ to: '/frequently-asked-questions', label: t('home.faqMore') }}>
          <FaqList faqs={data.faqs} />
        </Section>
      </Suspense>
    </>
  );
}

function Promo({ html, image, alt, tone, flip }: { html: string | undefined; image: string | undefined; alt: string; tone: 'forest' | 'mist'; flip?: boolean }) {
  const local = useLocalLink();
  const t = useT();
  return (
    <section className={`section section--${tone} promo${flip ? ' promo--flip' : ''}`}>
      <div className="container promo__grid">
        <div className="promo__media">
          <Image src={image} alt={alt} width={900} height={700} sizes="(min-width: 1000px) 560px, 100vw" />
        </div>
        <div className="promo__text">
          <RichText html={html} />
          <Link to={local('/plan-a-safari')} className="btn btn--primary">
            {t('header.plan')}
          </Link>
        </div>
      </div>
    </section>
  );
}
