import { p } from '@mikro-orm/core';
import { v7 as uuidv7 } from 'uuid';

/** A UUID v7 primary key made by the app, so ids sort by creation time and exist before the flush. */
export const uuidPrimaryKey = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => uuidv7());

/** When the row was created (set by the app; the column's `now()` default serves plain SQL inserts). */
export const createdAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** When the row last changed through the ORM. */
export const updatedAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());
