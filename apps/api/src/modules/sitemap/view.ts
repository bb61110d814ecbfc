import { SITEMAP_KINDS, type SitemapKind, type SitemapRow } from './queries.js';

/** The most URLs one sitemap may list (sitemaps.org protocol). */
export const SITEMAP_URLS_MAX = 50_000;

const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);

/** The path of the `page`-th sitemap (from 1) of `kind`. */
export const sitemapPath = (kind: SitemapKind, page: number) => `/sitemap/${kind}-${page}.xml`;

/**
 * The sitemap index: as many sitemaps of each kind as its pages fill, and at least one (an index
 * lists at least one sitemap; an empty one is a valid `urlset`).
 */
export function sitemapIndex(publicUrl: string, counts: Record<SitemapKind, number>): string {
  const sitemaps = SITEMAP_KINDS.flatMap((kind) =>
    Array.from(
      { length: Math.max(1, Math.ceil(counts[kind] / SITEMAP_URLS_MAX)) },
      (_, i) => `  <sitemap><loc>${escapeXml(publicUrl + sitemapPath(kind, i + 1))}</loc></sitemap>\n`,
    ),
  );
  return `${PROLOG}<sitemapindex xmlns="${NAMESPACE}">\n${sitemaps.join('')}</sitemapindex>\n`;
}

/** A sitemap's text before its URLs and after them. */
export const URLSET_START = `${PROLOG}<urlset xmlns="${NAMESPACE}">\n`;
export const URLSET_END = '</urlset>\n';

/** The `<url>` entries of `rows`, by absolute URL, with `lastmod` in W3C Datetime (UTC). */
export const urlEntries = (publicUrl: string, rows: readonly SitemapRow[]) =>
  rows
    .map(
      (row) =>
        `  <url><loc>${escapeXml(publicUrl + row.path)}</loc><lastmod>${row.lastmod.toISOString()}</lastmod></url>\n`,
    )
    .join('');
