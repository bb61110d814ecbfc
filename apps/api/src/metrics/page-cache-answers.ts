import { Counter } from 'prom-client';

/**
 * `page_cache_answers_total{result}`: the pages the microcache (`http/page-cache.ts`) was asked
 * for, `hit` or `miss` (rendered). Requests it may not answer (a cookie, not a GET) are not
 * counted. Counted for the process; `createServiceMetrics` serves it.
 */
export const pageCacheAnswers = new Counter({
  name: 'page_cache_answers_total',
  help: 'Pages the page cache was asked for, by result: hit or miss',
  labelNames: ['result'] as const,
  registers: [],
});
