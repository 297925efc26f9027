// WhatsApp buttons that carry the page (common/whatsapp.ts), and the count of their clicks: a
// click on any of the operator's WhatsApp links sends the page's path, and nothing else, with
// navigator.sendBeacon to the API (server/api/leads.ts), which counts it per page and day.
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { WHATSAPP_LEAD_PATH } from '../../common/leads.ts';
import { isOperatorWhatsApp, whatsappHref } from '../../common/whatsapp.ts';
import { baseRouteId } from '../../common/languages.ts';

type PageData = { title?: unknown; pageUrl?: unknown; safari?: unknown };

/** The WhatsApp link for the page being shown: its title and address, a safari by name. */
export function usePageWhatsAppHref(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.loaderData as PageData | undefined;
    if (!data || typeof data !== 'object' || typeof data.pageUrl !== 'string') continue;
    const safari = baseRouteId(matches[i]!.id) === 'routes/safari' && !!data.safari;
    return whatsappHref({ title: typeof data.title === 'string' ? data.title : null, url: data.pageUrl, safari });
  }
  return whatsappHref();
}

/** Counts every click on a WhatsApp button of the site (installed once, by the root). */
export function useWhatsAppLeads() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.type === 'auxclick' && e.button !== 1) return;
      const link = (e.target as Element | null)?.closest?.('a[href]');
      if (!link || !isOperatorWhatsApp(link.getAttribute('href'))) return;
      const body = JSON.stringify({ path: window.location.pathname });
      try {
        if (!navigator.sendBeacon?.(WHATSAPP_LEAD_PATH, new Blob([body], { type: 'text/plain;charset=UTF-8' })))
          void fetch(WHATSAPP_LEAD_PATH, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } }).catch(() => {});
      } catch {
        // Counting must never get in the way of the chat.
      }
    };
    document.addEventListener('click', onClick, true);
    document.addEventListener('auxclick', onClick, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('auxclick', onClick, true);
    };
  }, []);
}
