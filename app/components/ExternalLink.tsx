// A link that leaves the site (common/external-link.ts): a new tab, rel="noopener noreferrer", and
// an accessible name that says so, either after the visible words (visually hidden) or, for an
// icon-only link, in the label given; the note in the page's language.
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { EXTERNAL_REL, externalLabel } from '../../common/external-link.ts';
import { useT } from '../i18n/index.ts';

export interface ExternalLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel' | 'aria-label'> {
  href: string;
  children: ReactNode;
  /** The name of an icon-only link (the note is added to it); without it the visible words name the link. */
  label?: string;
}

export function ExternalLink({ href, children, label, ...rest }: ExternalLinkProps) {
  const note = useT()('link.newTab');
  if (label !== undefined) {
    return (
      <a href={href} target="_blank" rel={EXTERNAL_REL} aria-label={externalLabel(label, note)} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel={EXTERNAL_REL} {...rest}>
      {children}
      <span className="sr-only"> ({note})</span>
    </a>
  );
}
