import FeedParser from 'feedparser';

export type ParsedFeed = { meta: FeedParser.Meta; items: FeedParser.Item[] };

/**
 * `xml` as feedparser (the parser many Node feed readers use) reads it: strict XML, and any error
 * of the document fails, where by default it reads on past it.
 */
export function parseFeed(xml: string): Promise<ParsedFeed> {
  return new Promise((resolve, reject) => {
    const parser = new FeedParser({ strict: true, resume_saxerror: false });
    const items: FeedParser.Item[] = [];
    let meta: FeedParser.Meta | undefined;
    parser
      .on('error', reject)
      .on('meta', (parsed: FeedParser.Meta) => {
        meta = parsed;
      })
      .on('readable', () => {
        for (let item = parser.read(); item; item = parser.read()) items.push(item);
      })
      .on('end', () => (meta ? resolve({ meta, items }) : reject(new Error('no feed in the document'))));
    parser.end(xml);
  });
}
