// The operator's mark: a sun rising over the Virunga cones, and the name set in Fraunces.
import { useLocalLink } from '../../lib/languages.ts';
import { Link } from 'react-router';
import { site } from '../../../common/site.ts';

export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand__mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" className="brand__disc" />
      <circle cx="24" cy="22" r="7" className="brand__sun" />
      <path d="M4 33 14 22l5 5 7-9 8 9 4-3 6 9Z" className="brand__hills" />
      <path d="M6 37c6-3 12-3 18 0s12 3 18 0" className="brand__trail" />
    </svg>
  );
}

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  const local = useLocalLink();
  return (
    <Link to={local('/')} className="brand" onClick={onNavigate}>
      <BrandMark />
      <span className="brand__text">
        <span className="brand__name">{site.name}</span>
        <span className="brand__tag">Tours &amp; Travel · Kabale</span>
      </span>
    </Link>
  );
}
