// WhatsApp buttons that carry the page (common/whatsapp.ts), and the count of their clicks: a
// click on any of the operator's WhatsApp links sends the page's path, and nothing else, with
// navigator.sendBeacon to the API (server/api/leads.ts), which counts it per page and day.
import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { WHATSAPP_LEAD_PATH } from '../../common/leads.ts';
import { isOperatorWhatsApp, whatsappHref, type WhatsAppMessageKind, type WhatsAppWords } from '../../common/whatsapp.ts';
import { baseRouteId, DEFAULT_LANGUAGE } from '../../common/languages.ts';
import { usePageLanguage, useT } from '../i18n/pages.ts';

type PageData = { title?: unknown; pageUrl?: unknown; safari?: unknown };

/** The message's forms in the pages' catalogues (literal keys: the catalogue is split by the keys a route names). */
const MESSAGE_KEYS: Record<WhatsAppMessageKind, string> = {
  safariAt: 'whatsapp.safariAt',
  safari: 'whatsapp.safari',
  titled: 'whatsapp.titled',
  page: 'whatsapp.page',
  plan: 'whatsapp.plan',
};

/** A WhatsApp message's words in the page's language (English: common/whatsapp.ts's own). */
export function useWhatsAppWords(): WhatsAppWords | undefined {
  const t = useT();
  return usePageLanguage() === DEFAULT_LANGUAGE ? undefined : (kind, values) => t(MESSAGE_KEYS[kind], values);
}

/** The WhatsApp link for the page being shown: its title and address, a safari by name; its message in the page's language. */
export function usePageWhatsAppHref(): string {
  const matches = useMatches();
  const words = useWhatsAppWords();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.loaderData as PageData | undefined;
    if (!data || typeof data !== 'object' || typeof data.pageUrl !== 'string') continue;
    const safari = baseRouteId(matches[i]!.id) === 'routes/safari' && !!data.safari;
    return whatsappHref({ title: typeof data.title === 'string' ? data.title : null, url: data.pageUrl, safari }, words);
  }
  return whatsappHref({}, words);
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
