// The destination video: only YouTube embeds are allowed, always through the no-cookie host.

/** The embed URL for a YouTube link or id, or null for anything else. */
export function youtubeEmbedUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  const raw = link.trim();
  if (/^[\w-]{11}$/.test(raw)) return `https://www.youtube-nocookie.com/embed/${raw}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const m = /^\/(?:embed|shorts|live)\/([\w-]{11})/.exec(url.pathname);
    id = m ? m[1]! : url.searchParams.get('v');
  }
  return id && /^[\w-]{11}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}
