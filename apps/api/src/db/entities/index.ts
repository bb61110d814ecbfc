import { AuthTokenSchema } from './auth-token.js';
import { AuthorSchema } from './author.js';
import { AuthorFollowSchema } from './author-follow.js';
import { CollectionSchema } from './collection.js';
import { CollectionFollowSchema } from './collection-follow.js';
import { CollectionPoemSchema } from './collection-poem.js';
import { MailJobSchema } from './mail-job.js';
import { PoemSchema } from './poem.js';
import { PoemLikeSchema } from './poem-like.js';
import { PoemTagSchema } from './poem-tag.js';

export * from './auth-token.js';
export * from './author.js';
export * from './author-follow.js';
export * from './collection.js';
export * from './collection-follow.js';
export * from './collection-poem.js';
export * from './mail-job.js';
export * from './poem.js';
export * from './poem-like.js';
export * from './poem-tag.js';

/**
 * Every mapped entity. `session`, `rate_limit`, `new_poem_fanout` and `new_poem_digest` (queues,
 * written by SQL alone) exist only in the migrations, unmapped.
 */
export const entities = [
  AuthorSchema,
  PoemSchema,
  CollectionSchema,
  CollectionPoemSchema,
  AuthorFollowSchema,
  CollectionFollowSchema,
  PoemLikeSchema,
  PoemTagSchema,
  AuthTokenSchema,
  MailJobSchema,
];
