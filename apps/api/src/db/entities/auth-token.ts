import { defineEntity, type InferEntity, p } from '@mikro-orm/core';
import { AuthorSchema } from './author.js';
import { createdAt, uuidPrimaryKey } from './common-properties.js';

export const AUTH_TOKEN_PURPOSES = ['reset_password', 'verify_email', 'unsubscribe_new_poems'] as const;
export type AuthTokenPurpose = (typeof AUTH_TOKEN_PURPOSES)[number];

/**
 * `auth_token`: single-use reset / verification / unsubscribe tokens, stored only as a hash (`tokenHash`,
 * unique). `email` is the address the token was issued for. Consume atomically with
 * `update auth_token set used_at = now() where token_hash = ? and used_at is null and
 * expires_at > now() returning ...`, so two racing uses cannot both succeed.
 */
export const AuthTokenSchema = defineEntity({
  name: 'AuthToken',
  tableName: 'auth_token',
  properties: {
    id: uuidPrimaryKey(),
    author: p.manyToOne(AuthorSchema).ref().deleteRule('cascade').updateRule('no action'),
    purpose: p.enum([...AUTH_TOKEN_PURPOSES]),
    tokenHash: p.text().unique().hidden(),
    email: p.text(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    { name: 'auth_token_author_id_index', properties: ['author'] },
    { name: 'auth_token_expires_at_index', properties: ['expiresAt'] },
  ],
});

export type AuthToken = InferEntity<typeof AuthTokenSchema>;
/** The same schema under the entity's name: `em.findOne(AuthToken, id)` returns a `Loaded<AuthToken>`. */
export const AuthToken = AuthTokenSchema;
