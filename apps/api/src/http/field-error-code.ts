import { FieldErrorCode } from '@poetry/contract';
import type { ZodIssue } from 'zod';

/**
 * The contract's code for what a zod issue says of a field. A refinement of the contract names its
 * own (`params.code`: a reserved username, a password that is the email); any other is `invalid`.
 */
export function fieldErrorCode(issue: ZodIssue): FieldErrorCode {
  switch (issue.code) {
    case 'invalid_type':
      return issue.received === 'undefined' ? 'required' : 'invalid';
    case 'too_small':
      if (issue.type === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
      return issue.type === 'array' || issue.type === 'set' ? 'invalid' : 'out_of_range';
    case 'too_big':
      if (issue.type === 'string') return 'too_long';
      return issue.type === 'array' || issue.type === 'set' ? 'too_many' : 'out_of_range';
    case 'custom':
      return FieldErrorCode.safeParse(issue.params?.code).data ?? 'invalid';
    default:
      return 'invalid';
  }
}
