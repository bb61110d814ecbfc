import type sharp from 'sharp';

let loading: Promise<typeof sharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start-up: it brings libvips, about 25 MB
 * resident, into a process that mostly serves reads (`pnpm bench` measures the API's peak RSS).
 */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
