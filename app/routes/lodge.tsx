// Lodge detail: hero with its tier and park, what it is like (Markdown), what it offers, where it
// is (map), gallery, a card to plan a safari with a stay here (with WhatsApp and a call), the
// safaris that spend a night here, and other lodges nearby.
import { useLocalLink } from '../lib/languages.ts';
import { Link } from 'react-router';
import type { LodgeResponse } from '../../common/api-types.ts';
import { lodgeSetting, shortStopName } from '../../common/route.ts';
import { whatsappHref } from '../../common/whatsapp.ts';
import { useWhatsAppWords } from '../lib/whatsapp.ts';
import { Grid, LodgeCard, SafariGrid } from '../components/Cards.tsx';
import { Gallery } from '../components/Gallery.tsx';
import { PriceCardContact } from '../components/Contact.tsx';
import { Hero } from '../components/Hero.tsx';
import { CheckIcon, PinIcon } from '../components/Icons.tsx';
import { ParkLocationMap } from '../components/ParkLocationMap.tsx';
import { RichText } from '../components/RichText.tsx';
import { Section } from '../components/Section.tsx';
import { cachedPage } from '../lib/cache-policy.ts';
import { api, pageHeaders } from '../lib/load.ts';
import { buildMeta } from '../lib/meta.ts';
import { only, pageData } from '../lib/page-data.ts';
import type { Route } from './+types/lodge';
import { keyOf, TIER_KEYS, useT, useTParts } from '../i18n/pages.ts';

/** Rendered once per content version and served from memory (server/page-cache.ts). */
export const handle = cachedPage;

export async function loader({ context, params }: Route.LoaderArgs) {
  const r = await api<LodgeResponse>(context, `/lodges/${encodeURIComponent(params.slug)}`);
  return pageData(
    {
      ...r,
      otherLodges: only(r.otherLodges, 'id', 'lodgetitle', 'lodgetitleslug', 'lodgeheaderimage', 'lodgeheaderimagealt', 'lodgedescription', 'lodgetier', 'parktitle', 'placetitle', 'destinationtitle'),
    },
    r,
  );
}

export const headers = pageHeaders;

export function meta({ loaderData, location, matches }: Route.MetaArgs) {
  return buildMeta(loaderData, { image: loaderData?.lodge.lodgeheaderimage, imageAlt: loaderData?.lodge.lodgeheaderimagealt, type: 'article' }, { location, matches });
}

export default function LodgeDetail({ loaderData: data }: Route.ComponentProps) {
  const { lodge } = data;
  const setting = lodgeSetting(lodge);
  // A park's lodge links its park and the park's lodges; a town hotel names its town.
  const park = lodge.parktitleslug ? { link: `/parks/${lodge.parktitleslug}`, lodges: `/lodges?park=${encodeURIComponent(lodge.parktitleslug)}` } : null;
  const t = useT();
  return (
    <>
      <Hero
        title={lodge.lodgetitle}
        image={lodge.lodgeheaderimage}
        imageAlt={lodge.lodgeheaderimagealt}
        eyebrow={
          <>
            <PinIcon size={14} /> {setting}, {lodge.destinationtitle}
          </>
        }
        lead={<p>{lodge.lodgedescription}</p>}
        crumbs={[{ label: t('lodges.crumb'), to: '/lodges' }, ...(park ? [{ label: shortStopName(setting), to: park.lodges }] : []), { label: lodge.lodgetitle }]}
      />
      <div className="container page">
        <div className="page__grid page__grid--price-first">
          <article className="lodge">
            <RichText html={lodge.lodgeparagraph} />
            <section className="amenities" aria-labelledby="amenities-title">
              <h2 id="amenities-title" className="amenities__title">
                {t('lodge.offers')}
              </h2>
              <ul className="amenities__list">
                {lodge.amenities.map((a) => (
                  <li key={a}>
                    <CheckIcon size={18} /> {a}
                  </li>
                ))}
              </ul>
            </section>
            <ParkLocationMap
              slug={lodge.lodgetitleslug}
              src={`/lodges/${lodge.lodgetitleslug}/location.svg`}
              title={lodge.lodgetitle}
              country={lodge.destinationtitle}
              latitude={lodge.latitude}
              longitude={lodge.longitude}
            />
            <Gallery images={data.galleryImages} title={t('detail.inPictures', { title: lodge.lodgetitle })} />
          </article>
          <StayCard lodge={lodge} setting={setting} parkLink={park?.link} pageUrl={data.pageUrl} />
        </div>
      </div>
      {data.safaris.length > 0 && (
        <Section id="safaris" tone="sand" eyebrow={t('lodge.itineraries')} title={t('lodge.safarisStaying', { name: lodge.lodgetitle })} more={{ to: '/safaris', label: t('safaris.all') }}>
          <SafariGrid safaris={data.safaris} />
        </Section>
      )}
      {data.otherLodges.length > 0 && (
        <Section
          id="other-lodges"
          tone={data.safaris.length > 0 ? 'plain' : 'sand'}
          eyebrow={t('detail.moreIn', { place: lodge.destinationtitle })}
          title={t('lodge.nearby')}
          more={park ? { to: park.lodges, label: t('lodge.whereToStayIn', { place: setting }) } : { to: '/lodges', label: t('parks.allLodges') }}
        >
          <Grid>
            {data.otherLodges.map((l) => (
              <LodgeCard key={l.id} lodge={l} />
            ))}
          </Grid>
        </Section>
      )}
    </>
  );
}

/** The side card: the lodge's standard, where it is, and the ways to plan a stay there. */
function StayCard({ lodge, setting, parkLink, pageUrl }: { lodge: Route.ComponentProps['loaderData']['lodge']; setting: string; parkLink: string | undefined; pageUrl: string }) {
  const t = useT();
  const local = useLocalLink();
  const tParts = useTParts();
  const whatsappWords = useWhatsAppWords();
  return (
    <aside className="page__aside" aria-label={t('lodge.staying')}>
      <div className="price-card stay-card">
        <p className="price-card__amount">
          <span className="price-card__label">{t('lodge.standard')}</span> <strong>{t(keyOf(TIER_KEYS, lodge.lodgetier))}</strong>
        </p>
        <p className="price-card__days">
          <PinIcon size={18} />
          <span>
            {t('lodge.in')}
            {parkLink ? <Link to={local(parkLink)}>{setting}</Link> : setting}, {lodge.destinationtitle}
          </span>
        </p>
        <Link to={local('/plan-a-safari')} className="btn btn--primary btn--lg btn--block">
          {t('lodge.plan')}
        </Link>
        <p className="price-card__note">{t('lodge.note')}</p>
        <PriceCardContact whatsapp={whatsappHref({ title: lodge.lodgetitle, url: pageUrl }, whatsappWords)}>{tParts('lodge.askWhatsapp', { name: lodge.lodgetitle })}</PriceCardContact>
      </div>
    </aside>
  );
}
