import { describe, expect, it } from 'vitest';
import { youtubeEmbedUrl, youtubeId, youtubePlayerUrl, youtubeWatchUrl } from './video.ts';

describe('youtubeEmbedUrl', () => {
  const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
  it('accepts the usual YouTube link forms', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10',
      'dQw4w9WgXcQ',
    ])
      expect(youtubeEmbedUrl(link), link).toBe(embed);
  });
  it('refuses other hosts and malformed links', () => {
    expect(youtubeEmbedUrl('https://evil.example/embed/dQw4w9WgXcQ')).toBeNull();
    expect(youtubeEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeEmbedUrl('')).toBeNull();
    expect(youtubeEmbedUrl(null)).toBeNull();
  });
});

describe('the video facade links', () => {
  it('plays from the no-cookie host only when asked, and links to YouTube without JavaScript', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('ftp://youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(youtubePlayerUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    expect(youtubeWatchUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });
});
