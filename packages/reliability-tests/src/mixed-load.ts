import { randomUUID } from 'node:crypto';
import { type Actor, newEmail, PASSWORD, signUp, writePoem } from '@poetry/contract-tests/world';
import type { Ledger } from './ledger.js';
import type { Step } from './run-load.js';
import type { LoadRequest, Outcome } from './send.js';

/**
 * The authors of a mixed load and their published poems: `poems[a][g]` is author a's poem of
 * group g. Connection `g * authors.length + a` acts as author a on group g: it edits poems[a][g],
 * likes the poems of group g and follows the authors of group g (index % groups), so each like,
 * follow and edit has one connection of its own.
 */
export type Cast = { authors: Actor[]; poems: string[][]; groups: number };

/** The title author a's poem of group g starts with. */
export const initialTitle = (a: number, g: number) => `poem ${a}-${g}`;

export async function castForLoad(baseUrl: string, authorCount: number, groups: number): Promise<Cast> {
  const authors = await Promise.all(
    Array.from({ length: authorCount }, (_, a) => signUp(`loader${a}`, undefined, baseUrl)),
  );
  const poems = await Promise.all(
    authors.map((author, a) =>
      Promise.all(
        Array.from({ length: groups }, (_, g) => writePoem(author, initialTitle(a, g), { baseUrl })),
      ),
    ),
  );
  return { authors, poems, groups };
}

/** Relative frequencies of the kinds of request. Signups are rare: each costs an argon2 hash. */
const MIX = {
  'read poem': 25,
  'read author': 8,
  "read author's poems": 5,
  'featured authors': 4,
  'read me': 5,
  'count a read': 20,
  'like or unlike': 15,
  'follow or unfollow': 10,
  'edit poem': 8,
  'sign up': 0.4,
} as const;
type Kind = keyof typeof MIX;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function pickKind(): Kind {
  const entries = Object.entries(MIX) as [Kind, number][];
  let roll = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [kind, weight] of entries) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return 'read poem';
}

const accepted = (outcome: Outcome) => outcome.status !== null && outcome.status < 300;

/**
 * The next request of each connection, mixed as MIX says: reads (anonymous and logged in), metric
 * increments, likes and unlikes, follows and unfollows, poem edits and new signups. Every change
 * the server accepts goes into the ledger.
 */
export function mixedSteps(cast: Cast, ledger: Ledger): (index: number) => Step {
  const { authors, poems, groups } = cast;
  const allPoems = poems.flat();
  const groupOf = (index: number) => index % groups;
  let edits = 0;

  return (index) => {
    const a = index % authors.length;
    const g = Math.floor(index / authors.length) % groups;
    const me = authors[a] as Actor;
    const step = (name: Kind, request: LoadRequest, onAccepted?: () => void): Step => ({
      name,
      request,
      onOutcome: (outcome) => {
        if (accepted(outcome)) onAccepted?.();
      },
    });

    const kind = pickKind();
    switch (kind) {
      case 'read poem':
        return step(kind, { method: 'GET', path: `/api/poem/${pick(allPoems)}` });
      case 'read author':
        return step(kind, { method: 'GET', path: `/api/author/${pick(authors).id}` });
      case "read author's poems":
        return step(kind, { method: 'GET', path: `/api/author/${pick(authors).username}/poem?limit=10` });
      case 'featured authors':
        return step(kind, { method: 'GET', path: '/api/author/list/featured?limit=10', cookie: me.cookie });
      case 'read me':
        return step(kind, { method: 'GET', path: '/api/me', cookie: me.cookie });
      case 'count a read': {
        const poemId = pick(allPoems);
        return step(
          kind,
          { method: 'PUT', path: `/api/poem/${poemId}/metric`, body: { metric: 'read' } },
          () => ledger.countedRead(poemId),
        );
      }
      case 'like or unlike': {
        const poemId = (pick(poems) as string[])[g] as string;
        const on = !ledger.likes(me.id, poemId);
        return step(
          kind,
          { method: on ? 'PUT' : 'DELETE', path: `/api/poem/${poemId}/like`, cookie: me.cookie },
          () => ledger.setLike(me.id, poemId, on),
        );
      }
      case 'follow or unfollow': {
        const followee = pick(authors.filter((other, b) => groupOf(b) === g && other !== me));
        const on = !ledger.follows(me.id, followee.id);
        return step(
          kind,
          { method: on ? 'PUT' : 'DELETE', path: `/api/author/${followee.id}/follower`, cookie: me.cookie },
          () => ledger.setFollow(me.id, followee.id, on),
        );
      }
      case 'edit poem': {
        const poemId = (poems[a] as string[])[g] as string;
        edits += 1;
        const title = `poem ${a}-${g}, edit ${edits}`;
        return step(
          kind,
          { method: 'PUT', path: `/api/me/poem/${poemId}`, body: { title }, cookie: me.cookie },
          () => ledger.retitled(poemId, title),
        );
      }
      case 'sign up':
        return step(
          kind,
          {
            method: 'POST',
            path: '/api/auth/signup',
            body: {
              email: newEmail('newcomer'),
              password: PASSWORD,
              firstname: 'New',
              lastname: `Comer ${randomUUID().slice(0, 8)}`,
            },
          },
          () => ledger.signedUp(),
        );
    }
  };
}
