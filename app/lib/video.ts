// The destination video: only YouTube videos are allowed, always played from the no-cookie host,
// and only once the visitor asks for them (components/VideoFacade.tsx).

/** The 11-character id of a YouTube link (watch, youtu.be, embed, shorts, live) or bare id; null otherwise. */
export function youtubeId(link: string | null | undefined): string | null {
  if (!link) return null;
  const raw = link.trim();
  if (/^[\w-]{11}$/.test(raw)) return raw;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const m = /^\/(?:embed|shorts|live)\/([\w-]{11})/.exec(url.pathname);
    id = m ? m[1]! : url.searchParams.get('v');
  }
  return id && /^[\w-]{11}$/.test(id) ? id : null;
}

/** The embed URL for a YouTube link or id, or null for anything else. */
export function youtubeEmbedUrl(link: string | null | undefined): string | null {
  const id = youtubeId(link);
  return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
}

/** The player loaded when the visitor presses play: starts at once, no related videos from other channels. */
export function youtubePlayerUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}

/** The video's page on YouTube: where the poster links without JavaScript. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}
