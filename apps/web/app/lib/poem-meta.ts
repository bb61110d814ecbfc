import type { Poem } from '@poetry/sdk';
import type { MetaDescriptor } from 'react-router';
import { poemDescription } from '../components/poem-article';
import { type MetaArgs, pageMeta, publicUrlOf } from './meta';
import { authorPath, poemCardPath, poemPath } from './paths';

/**
 * A published poem page's meta: `pageMeta`, the Open Graph article's time and author, and
 * schema.org structured data (JSON-LD) for search engines; the link-preview image is the poem's
 * own card (its title, author and first lines), which the API draws for published poems only.
 *
 * The JSON-LD goes through React Router's `script:ld+json` descriptor, which writes `<`, `>`,
 * `&`, U+2028 and U+2029 as JSON escapes (`\u003c`...): no title or tag can close the script
 * element or open another. It is a data block the browser never runs, so the pages' CSP, which
 * runs inline scripts only with the answer's nonce, has nothing to allow.
 */
export function poemMeta(args: MetaArgs, poem: Poem): MetaDescriptor[] {
  const publicUrl = publicUrlOf(args);
  const name = poem.title || 'Untitled';
  const authorUrl = `${publicUrl}${authorPath(poem.author.username)}`;
  const image = `${publicUrl}${poemCardPath(poem.id)}`;
  return [
    ...pageMeta(args, poem.title, poemDescription(poem), {
      image,
      imageAlt: `${name}, a poem by ${poem.author.fullname}: its title and first lines`,
      type: 'article',
    }),
    ...(poem.published_at ? [{ property: 'article:published_time', content: poem.published_at }] : []),
    { property: 'article:author', content: authorUrl },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        genre: 'Poetry',
        name,
        author: { '@type': 'Person', name: poem.author.fullname, url: authorUrl },
        datePublished: poem.published_at,
        dateModified: poem.updated_at,
        keywords: poem.tags,
        url: `${publicUrl}${poemPath(poem.id)}`,
        image,
      },
    },
  ];
}
