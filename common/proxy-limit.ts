// A file refused with 413 by a reverse proxy in front of the site (nginx lets 1 MB through unless
// told otherwise), not by the site: the console's uploads check the site's own limits before
// sending, and the site's own 413 always says why in its words, so a 413 that does neither came
// from the proxy. Trying again cannot help, so the message says who can.
export function proxyTooLargeMessage(siteLimitMb: number): string {
  return `The file is larger than the web server in front of this site lets through (its own limit, lower than the ${siteLimitMb} MB the site accepts). Trying again will not help: whoever runs the server can raise that limit to ${siteLimitMb} MB.`;
}
