import { UniqueConstraintViolationException } from '@mikro-orm/core';

/** The name of the unique index a failed write ran into, if that is why it failed. */
export function violatedUniqueIndex(error: unknown): string | undefined {
  if (!(error instanceof UniqueConstraintViolationException)) return undefined;
  return (error as { constraint?: string }).constraint;
}
