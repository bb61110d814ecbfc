import { describe, expectTypeOf, it } from 'vitest';
import type { PoetryClient } from '../src/index.js';

declare const client: PoetryClient;

/** What a method of the client takes as `body`: `undefined` when it takes none. */
type BodyOf<Method> = Method extends (...args: infer Args) => unknown
  ? NonNullable<Args[0]> extends infer Call
    ? 'body' extends keyof Call
      ? Call['body']
      : undefined
    : never
  : never;

/** The names of the client's methods whose body type lets a field no route declares through. */
type TakesAnyField<Group, Path extends string = ''> = {
  [Key in keyof Group & string]: Group[Key] extends (...args: never) => Promise<unknown>
    ? { undeclared_field: true } extends BodyOf<Group[Key]>
      ? `${Path}${Key}`
      : never
    : TakesAnyField<Group[Key], `${Path}${Key}.`>;
}[keyof Group & string];

describe('request bodies, as the types see them', () => {
  it('refuse a field no route declares, on every route', () => {
    expectTypeOf<TakesAnyField<Omit<PoetryClient, 'session'>>>().toBeNever();
  });

  it('refuse any field in the body of POST /api/me/poem, which takes an empty object', () => {
    expectTypeOf(client.me.poems.create).toBeCallableWith({ body: {} });
    // @ts-expect-error: a new poem is an empty draft; its title, body and tags go in an update
    expectTypeOf(client.me.poems.create).toBeCallableWith({ body: { title: 'Ode', body: 'O', tags: [] } });
  });

  it('refuse a body on the routes that take none', () => {
    expectTypeOf(client.auth.logout).toBeCallableWith();
    // @ts-expect-error: logging out takes no body
    expectTypeOf(client.auth.logout).toBeCallableWith({ body: { everywhere: true } });
  });
});
