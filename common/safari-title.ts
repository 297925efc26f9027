// The title a safari is shown under on the site (its page, cards, structured data, the PDF):
// the number of days in front of the title as written, e.g. "3 Day Gorilla Trekking Safari".

export function safariHeading(days: number, title: string): string {
  return `${days} Day ${title}`;
}
