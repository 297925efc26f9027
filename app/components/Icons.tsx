// Inline SVG icons (decorative: aria-hidden; the control around them carries the name). Their
// stroke and fill come from the `ic` and `ic-f` classes (base.css) rather than attributes on
// every icon, which keeps the many icons of a page light.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** An icon: its shapes are fixed markup, written as one string (the server renders one element per
 * icon instead of one per shape; the HTML is the same as with JSX children). */
function Svg({ size = 20, body, filled, className, children: _children, ...rest }: IconProps & { body: string; filled?: boolean }) {
  const cls = `${filled ? 'ic ic-f' : 'ic'}${className ? ` ${className}` : ''}`;
  return <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className={cls} {...rest} dangerouslySetInnerHTML={{ __html: body }} />;
}

export const SearchIcon = (p: IconProps) => <Svg {...p} body='<circle cx="11" cy="11" r="7"></circle><path d="m20 20-3.6-3.6"></path>' />;
export const MenuIcon = (p: IconProps) => <Svg {...p} body='<path d="M4 7h16M4 12h16M4 17h10"></path>' />;
export const CloseIcon = (p: IconProps) => <Svg {...p} body='<path d="M6 6l12 12M18 6 6 18"></path>' />;
export const ChevronDown = (p: IconProps) => <Svg {...p} body='<path d="m6 9 6 6 6-6"></path>' />;
export const ChevronLeft = (p: IconProps) => <Svg {...p} body='<path d="m15 6-6 6 6 6"></path>' />;
export const ChevronRight = (p: IconProps) => <Svg {...p} body='<path d="m9 6 6 6-6 6"></path>' />;
export const ArrowRight = (p: IconProps) => <Svg {...p} body='<path d="M5 12h14M13 6l6 6-6 6"></path>' />;
export const PhoneIcon = (p: IconProps) => (
  <Svg {...p} body='<path d="M5 4h3.5l1.6 4.2-2.2 1.4a11 11 0 0 0 6.5 6.5l1.4-2.2L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z"></path>' />
);
export const MailIcon = (p: IconProps) => <Svg {...p} body='<rect x="3" y="5" width="18" height="14" rx="2"></rect><path d="m4 7 8 6 8-6"></path>' />;
export const PinIcon = (p: IconProps) => <Svg {...p} body='<path d="M12 21s-6.5-5.7-6.5-11a6.5 6.5 0 0 1 13 0c0 5.3-6.5 11-6.5 11Z"></path><circle cx="12" cy="10" r="2.4"></circle>' />;
export const CalendarIcon = (p: IconProps) => <Svg {...p} body='<rect x="3.5" y="5" width="17" height="15.5" rx="2"></rect><path d="M3.5 10h17M8 3v4M16 3v4"></path>' />;
export const DownloadIcon = (p: IconProps) => <Svg {...p} body='<path d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19h14"></path>' />;
export const ClockIcon = (p: IconProps) => <Svg {...p} body='<circle cx="12" cy="12" r="8.5"></circle><path d="M12 7.5V12l3 2"></path>' />;
export const CheckIcon = (p: IconProps) => <Svg {...p} body='<path d="m5 12.5 4.2 4.2L19 7"></path>' />;
export const CrossIcon = (p: IconProps) => <Svg {...p} body='<path d="m7 7 10 10M17 7 7 17"></path>' />;
export const ExpandIcon = (p: IconProps) => <Svg {...p} body='<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"></path>' />;
export const ShareIcon = (p: IconProps) => (
  <Svg
    {...p}
    body='<circle cx="18" cy="5.5" r="2.5"></circle><circle cx="6" cy="12" r="2.5"></circle><circle cx="18" cy="18.5" r="2.5"></circle><path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1"></path>'
  />
);
export const QuoteIcon = (p: IconProps) => (
  <Svg {...p} filled body='<path d="M4 18v-5.2C4 8.6 6.2 6 10 5.2l.6 1.8C8.4 7.8 7.3 9.3 7.2 11H10v7H4Zm10 0v-5.2c0-4.2 2.2-6.8 6-7.6l.6 1.8c-2.2.8-3.3 2.3-3.4 4H20v7h-6Z"></path>' />
);
export const StarIcon = (p: IconProps) => <Svg {...p} filled body='<path d="m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8L12 3Z"></path>' />;
export const LeafIcon = (p: IconProps) => <Svg {...p} body='<path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15"></path><path d="M5 19 13 11"></path>' />;
export const CompassIcon = (p: IconProps) => <Svg {...p} body='<circle cx="12" cy="12" r="8.5"></circle><path d="m15.5 8.5-2 5-5 2 2-5 5-2Z"></path>' />;
export const UsersIcon = (p: IconProps) => (
  <Svg {...p} body='<circle cx="9" cy="8" r="3.2"></circle><path d="M3.5 19a5.5 5.5 0 0 1 11 0M16 5.2a3.2 3.2 0 0 1 0 5.9M17.5 14a5.5 5.5 0 0 1 3 5"></path>' />
);
export const ShieldIcon = (p: IconProps) => <Svg {...p} body='<path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z"></path><path d="m8.8 12 2.2 2.2 4.2-4.4"></path>' />;

// Brand marks (filled).
export const WhatsAppIcon = (p: IconProps) => (
  <Svg
    {...p}
    filled
    body='<path d="M12 2.2a9.7 9.7 0 0 0-8.4 14.6L2.3 21.7l5-1.3A9.7 9.7 0 1 0 12 2.2Zm0 17.7a8 8 0 0 1-4.1-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8 8 0 1 1 12 19.9Zm4.4-6c-.2-.1-1.4-.7-1.7-.8-.2-.1-.4-.1-.5.1l-.8 1c-.1.2-.3.2-.5.1a6.6 6.6 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.5-.4h-.5a.9.9 0 0 0-.7.3 2.8 2.8 0 0 0-.9 2.1 4.9 4.9 0 0 0 1 2.6 11.2 11.2 0 0 0 4.3 3.8c1.6.7 2.2.7 3 .6a2.6 2.6 0 0 0 1.7-1.2 2.1 2.1 0 0 0 .2-1.2c-.1-.1-.3-.2-.6-.3Z"></path>'
  />
);
export const FacebookIcon = (p: IconProps) => (
  <Svg {...p} filled body='<path d="M13.4 21.5v-8h2.7l.4-3.2h-3.1V8.3c0-.9.3-1.5 1.6-1.5h1.7V4a22 22 0 0 0-2.5-.1c-2.4 0-4.1 1.5-4.1 4.2v2.3H7.4v3.2h2.7v8h3.3Z"></path>' />
);
export const InstagramIcon = (p: IconProps) => (
  <Svg {...p} body='<rect x="3.5" y="3.5" width="17" height="17" rx="5"></rect><circle cx="12" cy="12" r="4"></circle><circle cx="17.3" cy="6.7" r=".6" fill="currentColor"></circle>' />
);
export const XIcon = (p: IconProps) => (
  <Svg {...p} filled body='<path d="M17.7 3.5h3l-6.6 7.5 7.8 10.3h-6.1l-4.8-6.2-5.5 6.2h-3l7-8L2.1 3.5h6.2l4.3 5.7 5.1-5.7Zm-1 16h1.7L7.3 5.2H5.5l11.2 14.3Z"></path>' />
);
export const YouTubeIcon = (p: IconProps) => (
  <Svg
    {...p}
    filled
    body='<path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z"></path>'
  />
);
export const LinkedInIcon = (p: IconProps) => (
  <Svg
    {...p}
    filled
    body='<path d="M4.5 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3 9h3.2v11.5H3V9Zm5.3 0h3v1.6h.1a3.4 3.4 0 0 1 3-1.7c3.3 0 3.9 2.1 3.9 4.9v6.7h-3.2v-5.9c0-1.4 0-3.2-2-3.2s-2.2 1.5-2.2 3.1v6H8.3V9Z"></path>'
  />
);
