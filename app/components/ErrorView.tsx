// The not-found view (spec point 2), also used, with its own wording, for real errors (500) and
// for a list that could not be loaded (spec point 8: its failure sentence, app/lib/list-failure.ts),
// and for a visitor over their budget of requests (429).
import { Link } from 'react-router';
import { whatsappHref } from '../../common/whatsapp.ts';
import { ExternalLink } from './ExternalLink.tsx';
import { ArrowRight, WhatsAppIcon } from './Icons.tsx';
import { useT, type Translate } from '../i18n/index.ts';
import { useLocalPath } from '../lib/languages.ts';
import { useWhatsAppWords } from '../lib/whatsapp.ts';

const LINKS = [
  { to: '/safaris', label: 'error.safaris' },
  { to: '/parks', label: 'error.destinations' },
  { to: '/experiences', label: 'error.experiences' },
  { to: '/blogs', label: 'error.blogs' },
];

/** The sentence under the status: what happened, in the page's language. */
function whatHappened(t: Translate, missing: boolean, status: number, failure: boolean): string {
  if (missing) return t('error.missing');
  if (status === 429) return t('error.tooMany');
  return failure ? t('error.retrySoon') : t('error.ours');
}

export interface ErrorViewProps {
  status?: number;
  /** A list's failure sentence (announced), in place of the status line; with a Try again link. */
  failure?: { message: string; retryHref: string };
}

export function ErrorView({ status = 404, failure }: ErrorViewProps) {
  const missing = status === 404 && !failure;
  const t = useT();
  const local = useLocalPath();
  const words = useWhatsAppWords();
  return (
    <section className="oops" aria-labelledby="oops-title">
      <div className="container oops__inner">
        <svg className="oops__art" viewBox="0 0 240 120" width="240" height="120" aria-hidden="true" focusable="false">
          <circle className="oops__sun" cx="168" cy="38" r="16" />
          <path className="oops__hill oops__hill--far" d="M0 100 40 64l26 18 34-40 30 30 20-14 40 42 50-30v50H0Z" />
          <path className="oops__hill" d="M0 110c40-18 80-22 120-12s80 8 120-8v30H0Z" />
          <g className="oops__tracks">
            <ellipse cx="70" cy="112" rx="4" ry="2.4" />
            <ellipse cx="92" cy="108" rx="4" ry="2.4" />
            <ellipse cx="116" cy="112" rx="4" ry="2.4" />
            <ellipse cx="140" cy="107" rx="4" ry="2.4" />
          </g>
        </svg>
        <h1 id="oops-title" className="oops__title">
          {t('error.title')}
        </h1>
        {failure ? (
          <p className="oops__failure" role="alert">
            {failure.message}
          </p>
        ) : (
          <p className="oops__code">{t('error.code', { status: String(missing ? 404 : status) })}</p>
        )}
        <p className="oops__text">
          {whatHappened(t, missing, status, !!failure)} {t('error.chatLine')}
        </p>
        <div className="oops__actions">
          {failure && (
            <a className="btn btn--primary" href={failure.retryHref}>
              {t('error.tryAgain')}
            </a>
          )}
          <ExternalLink className="btn btn--whatsapp" href={whatsappHref({}, words)}>
            <WhatsAppIcon size={20} /> {t('error.whatsapp')}
          </ExternalLink>
        </div>
        <ul className="oops__links">
          {LINKS.map((l) => (
            <li key={l.to}>
              <Link to={local(l.to)}>
                {t(l.label)} <ArrowRight size={16} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
