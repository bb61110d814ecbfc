/**
 * Why the service cannot start, in a message that says what to do: printed alone, without a
 * stack, as the whole answer to `pnpm start`.
 */
export class StartError extends Error {
  override name = 'StartError';
}
