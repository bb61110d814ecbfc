/**
 * What crawlers are kept out of: the studio, the private author's API, share links (a draft's
 * link is for whom it was given to) and the account pages a search should not offer. Logging in
 * and signing up are what someone searching for the site may want: those two are crawled.
 */
const DISALLOWED = [
  '/studio',
  '/api/me',
  '/p/',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/unsubscribe',
];

/** `/robots.txt` (RFC 9309): every reading page allowed, and the sitemap index by absolute URL. */
export const robotsTxt = (publicUrl: string) =>
  [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
