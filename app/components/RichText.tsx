// Renders an HTML field of the API (sanitised by the API when the content is stored). Internal
// links inside it navigate on the client like any other link.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const navigate = useNavigate();
  if (!html) return null;
  function onClick(e: MouseEvent<HTMLDivElement>) {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const a = (e.target as Element).closest('a');
    if (!a || a.target || a.hasAttribute('download')) return;
    const href = a.getAttribute('href') ?? '';
    if (!href.startsWith('/') || href.startsWith('//') || href.startsWith('/api/')) return;
    e.preventDefault();
    navigate(href);
  }
  return <div className={className ? `prose ${className}` : 'prose'} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}
