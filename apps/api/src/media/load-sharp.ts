import type sharp from 'sharp';

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start-up: it brings libvips, about 25 MB
 * resident, into a process that mostly serves reads (`pnpm bench` measures the API's peak RSS).
 *
 * One libvips thread per image: the decode gate lets one image a core decode at once, so the
 * decodes together use at most every core, never more. (sharp's own default is already 1 on
 * glibc without jemalloc, as here, but one thread a core elsewhere: musl, or with jemalloc.)
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    return sharp;
  });
  return loading;
}
