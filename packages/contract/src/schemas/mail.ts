import { z } from 'zod';
import { NewPoemMail, Token } from './author.js';
import type { Named } from './named.js';

const unsubscribeQuery = z.object({
  token: Token.describe('From the mail: its `List-Unsubscribe` link or its text'),
});
export interface UnsubscribeQuerySchema extends Named<typeof unsubscribeQuery> {}
export const UnsubscribeQuery: UnsubscribeQuerySchema = unsubscribeQuery;
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

const oneClickBody = z
  .object({ 'List-Unsubscribe': z.literal('One-Click').describe('What a mail client posts (RFC 8058)') })
  .strict();
export interface OneClickBodySchema extends Named<typeof oneClickBody> {}
/** The body RFC 8058 has a mail client post to a `List-Unsubscribe` URL, form-urlencoded. */
export const OneClickBody: OneClickBodySchema = oneClickBody;
export type OneClickBody = z.infer<typeof OneClickBody>;

const unsubscribeResponse = z.object({ new_poem_mail: NewPoemMail });
export interface UnsubscribeResponseSchema extends Named<typeof unsubscribeResponse> {}
/** The reader's setting after the click (`off`); nothing else of theirs. */
export const UnsubscribeResponse: UnsubscribeResponseSchema = unsubscribeResponse;
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;
