// SVG icons (decorative: aria-hidden; the control around them carries the name). Their shapes live
// once in a sprite (icons.svg, one symbol an icon, served from /assets/ with an immutable name)
// that each icon uses by its name, so a page with a hundred icons carries a hundred short <use>
// links instead of their shapes, and the JavaScript carries none. Their stroke and fill come from
// the `ic` and `ic-f` classes (base.css), which the sprite's shapes inherit.
import type { SVGProps } from 'react';
import sprite from './icons.svg?no-inline';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** An icon: the sprite's symbol of its name. */
function Svg({ size = 20, name, filled, className, children: _children, ...rest }: IconProps & { name: string; filled?: boolean }) {
  const cls = `${filled ? 'ic ic-f' : 'ic'}${className ? ` ${className}` : ''}`;
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className={cls} {...rest}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const SearchIcon = (p: IconProps) => <Svg {...p} name="search" />;
export const MenuIcon = (p: IconProps) => <Svg {...p} name="menu" />;
export const CloseIcon = (p: IconProps) => <Svg {...p} name="close" />;
export const ChevronDown = (p: IconProps) => <Svg {...p} name="chevron-down" />;
export const ChevronLeft = (p: IconProps) => <Svg {...p} name="chevron-left" />;
export const ChevronRight = (p: IconProps) => <Svg {...p} name="chevron-right" />;
export const ArrowRight = (p: IconProps) => <Svg {...p} name="arrow-right" />;
export const PhoneIcon = (p: IconProps) => <Svg {...p} name="phone" />;
export const MailIcon = (p: IconProps) => <Svg {...p} name="mail" />;
export const PinIcon = (p: IconProps) => <Svg {...p} name="pin" />;
export const CalendarIcon = (p: IconProps) => <Svg {...p} name="calendar" />;
export const DownloadIcon = (p: IconProps) => <Svg {...p} name="download" />;
export const ClockIcon = (p: IconProps) => <Svg {...p} name="clock" />;
export const CheckIcon = (p: IconProps) => <Svg {...p} name="check" />;
export const CrossIcon = (p: IconProps) => <Svg {...p} name="cross" />;
export const ExpandIcon = (p: IconProps) => <Svg {...p} name="expand" />;
export const ShareIcon = (p: IconProps) => <Svg {...p} name="share" />;
export const QuoteIcon = (p: IconProps) => <Svg {...p} filled name="quote" />;
export const StarIcon = (p: IconProps) => <Svg {...p} filled name="star" />;
export const LeafIcon = (p: IconProps) => <Svg {...p} name="leaf" />;
export const CompassIcon = (p: IconProps) => <Svg {...p} name="compass" />;
export const UsersIcon = (p: IconProps) => <Svg {...p} name="users" />;
export const ShieldIcon = (p: IconProps) => <Svg {...p} name="shield" />;

// Brand marks (filled).
export const WhatsAppIcon = (p: IconProps) => <Svg {...p} filled name="whats-app" />;
export const FacebookIcon = (p: IconProps) => <Svg {...p} filled name="facebook" />;
export const InstagramIcon = (p: IconProps) => <Svg {...p} name="instagram" />;
export const XIcon = (p: IconProps) => <Svg {...p} filled name="x" />;
export const YouTubeIcon = (p: IconProps) => <Svg {...p} filled name="you-tube" />;
export const LinkedInIcon = (p: IconProps) => <Svg {...p} filled name="linked-in" />;
