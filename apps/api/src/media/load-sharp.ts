import type sharp from 'sharp';
import { useCardFontsOnly } from './card-fonts.js';

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start-up: it brings libvips, about 25 MB
 * resident, into a process that mostly serves reads (`pnpm bench` measures the API's peak RSS).
 *
 * One libvips thread per image: the decode gate lets fewer images decode at once than there are
 * cores (config.ts), so the decodes together never take every core. sharp's own default is 1 only on glibc
 * without jemalloc (as here); on musl or with jemalloc it is one a core. Measured here with 12
 * uploads of a 49-megapixel PNG, two at once: with 2 threads an image, the other requests' p50
 * rose from 1–6 ms to 18–24 ms and the uploads took 20 s instead of 7–14 s.
 *
 * The text it sets (a poem's card) is set in the card's fonts alone (`useCardFontsOnly`).
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= (async () => {
    useCardFontsOnly();
    const { default: sharp } = await import('sharp');
    sharp.concurrency(1);
    return sharp;
  })();
  return loading;
}
