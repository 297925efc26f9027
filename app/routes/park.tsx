// Park detail: date, overview and details, gallery, Where to stay (the park's lodges), Related
// destinations with a More attractions link, News and updates, a side search box (a GET form to
// /search) and Other Popular destinations.
import { Form, Link } from 'react-router';
import { shortStopName } from '../../common/route.ts';
import type { ParkResponse } from '../../common/api-types.ts';
import { Grid, LodgeCard, ParkCard } from '../components/Cards.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { Hero } from '../components/Hero.tsx';
import { CalendarIcon, PinIcon, SearchIcon } from '../components/Icons.tsx';
import { RichText } from '../components/RichText.tsx';
import { ParkLocationMap } from '../components/ParkLocationMap.tsx';
import { NewsSection } from '../components/NewsSection.tsx';
import { Section } from '../components/Section.tsx';
import { SideList } from '../components/SideList.tsx';
import { useFormat } from '../lib/format.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { only, pageData } from '../lib/page-data.ts';
import { buildMeta } from '../lib/meta.ts';
import { useT, useTParts } from '../i18n/pages.ts';
import type { Route } from './+types/park';
import { cachedPage } from '../lib/cache-policy.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<ParkResponse>(context, `/parks/${encodeURIComponent(params.slug)}`);
  return pageData(
    {
      ...r,
      relatedParks: only(r.relatedParks, 'id', 'parktitle', 'parktitleslug', 'parkheaderimage', 'parkheaderimagealt', 'parkdescription', 'destinationtitle', 'destinationtitleslug'),
      otherParks: only(r.otherParks, 'id', 'parktitle', 'parktitleslug', 'parkheaderimage', 'parkheaderimagealt', 'destinationtitle'),
      lodges: only(r.lodges, 'id', 'lodgetitle', 'lodgetitleslug', 'lodgeheaderimage', 'lodgeheaderimagealt', 'lodgedescription', 'lodgetier', 'parktitle', 'placetitle', 'destinationtitle'),
    },
    r,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.park.parkheaderimage, imageAlt: loaderData?.park.parkheaderimagealt, type: 'article' }, { location, matches });
}

export default function ParkDetail({ loaderData: data }: Route.ComponentProps) {
  const { park } = data;
  const d = useFormat().date(park.created_at);
  const t = useT();
  const tParts = useTParts();
  const moreSlug = data.relatedParks[0]?.destinationtitleslug ?? park.destinationtitleslug;
  return (
    <>
      <Hero
        title={park.parktitle}
        image={park.parkheaderimage}
        imageAlt={park.parkheaderimagealt}
        eyebrow={
          <>
            <PinIcon size={14} /> {park.destinationtitle}
          </>
        }
        crumbs={[{ label: t('parks.crumbParks'), to: '/parks' }, { label: park.destinationtitle, to: `/parks/in/${park.destinationtitleslug}` }, { label: park.parktitle }]}
      />
      <div className="container page">
        <div className="page__grid">
          <article>
            <p className="byline">
              <CalendarIcon size={16} />
              {t('detail.published')}
              <time dateTime={d.iso}>{d.text}</time>
            </p>
            <RichText html={park.parkoverview} className="prose--lead" />
            <RichText html={park.parkdetails} />
            <ParkLocationMap slug={park.parktitleslug} title={park.parktitle} country={park.destinationtitle} latitude={park.latitude} longitude={park.longitude} />
            <Gallery images={data.galleryImages} title={t('detail.inPictures', { title: park.parktitle })} />
          </article>
          <ParkAside otherParks={data.otherParks} />
        </div>
      </div>
      <Section id="lodges" eyebrow={t('lodges.eyebrow')} title={t('parks.lodgesAround', { park: shortStopName(park.parktitle) })} more={{ to: '/lodges', label: t('parks.allLodges') }}>
        {data.lodges.length ? (
          <Grid>
            {data.lodges.map((l) => (
              <LodgeCard key={l.id} lodge={l} showPark={false} />
            ))}
          </Grid>
        ) : (
          <p>
            {t('parks.noLodges')}
            <Link to="/plan-a-safari">{t('parks.tellDates')}</Link>
            {t('parks.weSuggest')}
          </p>
        )}
      </Section>
      <Section
        id="related"
        tone="sand"
        eyebrow={t('detail.moreIn', { place: park.destinationtitle })}
        title={t('parks.related')}
        more={{ to: `/parks/top-tourist-attractions-in-${moreSlug}`, label: t('parks.moreAttractions') }}
      >
        {data.relatedParks.length ? (
          <Grid>
            {data.relatedParks.map((p) => (
              <ParkCard key={p.id} park={p} />
            ))}
          </Grid>
        ) : (
          <p>{tParts('parks.onlyOne', { country: park.destinationtitle })}</p>
        )}
      </Section>
      <NewsSection blogs={data.blogs} />
    </>
  );
}

/** The side column: a search of the site and the other popular destinations. */
function ParkAside({ otherParks }: { otherParks: Route.ComponentProps['loaderData']['otherParks'] }) {
  const t = useT();
  return (
    <aside className="page__aside" aria-label={t('parks.asideLabel')}>
      <section className="side-search" aria-labelledby="side-search-title">
        <h2 id="side-search-title">{t('parks.searchTitle')}</h2>
        <Form method="get" action="/search" role="search">
          <label htmlFor="park-search" className="sr-only">
            {t('parks.searchTerm')}
          </label>
          <input id="park-search" name="query" type="search" placeholder={t('parks.searchPlaceholder')} required />
          <button type="submit" className="btn btn--gold">
            <SearchIcon size={18} />
            <span className="sr-only">{t('parks.search')}</span>
          </button>
        </Form>
      </section>
      <SideList
        id="other-parks"
        title={t('parks.otherPopular')}
        items={otherParks.map((p) => ({
          key: p.id,
          to: `/parks/${p.parktitleslug}`,
          image: p.parkheaderimage,
          alt: p.parkheaderimagealt,
          title: p.parktitle,
          meta: p.destinationtitle,
        }))}
      />
    </aside>
  );
}
