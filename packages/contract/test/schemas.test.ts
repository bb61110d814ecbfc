import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddPoemToCollectionBody,
  CollectionPoemsQuery,
  CreateCollectionBody,
  CreatePoemBody,
  genreTag,
  LoginBody,
  MetricBody,
  PageQuery,
  PoemSearchQuery,
  Problem,
  problems,
  ResetPasswordBody,
  SignupBody,
  Tags,
  TagsQuery,
  UpdateCollectionBody,
  UpdateMeBody,
  UpdatePoemBody,
  UploadPhotoBody,
} from '../src/index.js';

/** The issues of a failed parse as `path: message` pairs. */
function issues(schema: z.ZodTypeAny, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a failure, got ${JSON.stringify(result.data)}`);
  return result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

describe('tags', () => {
  it('trims, lower-cases and de-duplicates, keeping the first occurrence', () => {
    expect(Tags.parse([' Love ', 'SONNET', 'love', 'war', 'Sonnet'])).toEqual(['love', 'sonnet', 'war']);
  });

  it('bounds each tag to 1..40 characters, counting an emoji as one', () => {
    expect(issues(Tags, ['  '])[0]?.path).toBe('0');
    expect(issues(Tags, ['a'.repeat(41)])[0]?.path).toBe('0');
    expect(Tags.parse(['🌹'.repeat(40)])).toEqual(['🌹'.repeat(40)]);
  });

  it('allows at most 20 tags and no commas', () => {
    expect(Tags.safeParse(Array.from({ length: 20 }, (_, i) => `t${i}`)).success).toBe(true);
    expect(Tags.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(issues(Tags, ['a,b'])[0]?.message).toMatch(/comma/);
  });

  it('reads the tag of a genre list id, normalised', () => {
    expect(genreTag('genre: Love ')).toBe('love');
    expect([genreTag('genre:'), genreTag('genre:a,b'), genreTag('featured')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('reads a comma-separated query with the same rules', () => {
    expect(TagsQuery.parse(' Love, sonnet,,LOVE ')).toEqual(['love', 'sonnet']);
    expect(TagsQuery.parse('')).toEqual([]);
    expect(TagsQuery.safeParse(`a,${'b'.repeat(41)}`).success).toBe(false);
  });
});

describe('poem body', () => {
  it('turns <br> variants into newlines and keeps other markup literally', () => {
    const { body } = UpdatePoemBody.parse({
      body: 'one<br>two<BR/>three<br />four< Br  / >five<p>six</p>&amp;',
    });
    expect(body).toBe('one\ntwo\nthree\nfour\nfive<p>six</p>&amp;');
  });

  it('keeps surrounding whitespace of the body but trims the title', () => {
    expect(UpdatePoemBody.parse({ title: '  Ode  ', body: '  indented\n' })).toEqual({
      title: 'Ode',
      body: '  indented\n',
    });
  });

  it('bounds title and body', () => {
    expect(UpdatePoemBody.safeParse({ title: 'x'.repeat(201) }).success).toBe(false);
    expect(UpdatePoemBody.safeParse({ body: 'x'.repeat(100_001) }).success).toBe(false);
    expect(UpdatePoemBody.safeParse({ body: 'x'.repeat(100_000) }).success).toBe(true);
  });

  it('refuses text PostgreSQL cannot store as sent: NUL and unpaired surrogates', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udfff']) {
      expect(UpdatePoemBody.safeParse({ title: bad }).success).toBe(false);
      expect(UpdatePoemBody.safeParse({ body: bad }).success).toBe(false);
      expect(PoemSearchQuery.safeParse({ q: bad }).success).toBe(false);
      expect(PageQuery.safeParse({ cursor: bad }).success).toBe(false);
    }
    expect(UpdatePoemBody.safeParse({ title: 'Rain 🌧 \u202e\u200b', body: '𝕏\n' }).success).toBe(true);
  });

  it('accepts only the known metrics', () => {
    expect(MetricBody.parse({ metric: 'read' })).toEqual({ metric: 'read' });
    expect(MetricBody.safeParse({ metric: 'likes' }).success).toBe(false);
  });
});

describe('strict bodies', () => {
  it.each([
    ['UpdatePoemBody', UpdatePoemBody, { title: 'x' }],
    ['CreatePoemBody', CreatePoemBody, {}],
    ['SignupBody', SignupBody, { email: 'a@b.co', firstname: 'A', lastname: 'B', password: 'long enough' }],
    ['LoginBody', LoginBody, { email: 'a@b.co', password: 'x' }],
    ['UpdateMeBody', UpdateMeBody, { bio: 'hi' }],
    ['CreateCollectionBody', CreateCollectionBody, {}],
    ['UpdateCollectionBody', UpdateCollectionBody, {}],
    ['AddPoemToCollectionBody', AddPoemToCollectionBody, {}],
    ['MetricBody', MetricBody, { metric: 'read' }],
    ['UploadPhotoBody', UploadPhotoBody, {}],
  ] as const)('%s rejects unknown fields', (_name, schema: z.ZodTypeAny, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(issues(schema, { ...valid, author_id: 'someone' })).toContainEqual(
      expect.objectContaining({ code: 'unrecognized_keys' }),
    );
  });

  it('query schemas ignore unknown parameters', () => {
    expect(PageQuery.parse({ limit: '5', sort: 'x' })).toEqual({ limit: 5 });
  });
});

describe('author bodies', () => {
  it('normalises the email and refuses the email as password', () => {
    const body = {
      email: ' Ada@Example.COM ',
      firstname: ' Ada ',
      lastname: 'Lovelace',
      password: 'correct horse',
    };
    expect(SignupBody.parse(body)).toMatchObject({ email: 'ada@example.com', firstname: 'Ada' });
    expect(issues(SignupBody, { ...body, password: 'ADA@example.com' })).toEqual([
      expect.objectContaining({ path: 'password' }),
    ]);
  });

  it('does not trim passwords and bounds them to 8..256 characters', () => {
    const body = { email: 'a@b.co', firstname: 'A', lastname: 'B' };
    expect(SignupBody.parse({ ...body, password: ' 1234567' }).password).toBe(' 1234567');
    expect(SignupBody.safeParse({ ...body, password: '1234567' }).success).toBe(false);
    expect(SignupBody.safeParse({ ...body, password: 'x'.repeat(257) }).success).toBe(false);
  });

  it('requires current_password to change the email or the password', () => {
    expect(issues(UpdateMeBody, { email: 'new@example.com' })).toEqual([
      expect.objectContaining({ path: 'current_password' }),
    ]);
    expect(issues(UpdateMeBody, { password: 'a new password' })).toEqual([
      expect.objectContaining({ path: 'current_password' }),
    ]);
    expect(UpdateMeBody.safeParse({ email: 'new@example.com', current_password: 'old one' }).success).toBe(
      true,
    );
    expect(UpdateMeBody.safeParse({ firstname: 'Ada', bio: '' }).success).toBe(true);
  });

  it('lower-cases usernames, checks their shape and reserves `list`', () => {
    expect(UpdateMeBody.parse({ username: 'Ada_Lovelace-2' })).toEqual({ username: 'ada_lovelace-2' });
    expect(UpdateMeBody.safeParse({ username: 'ab' }).success).toBe(false);
    expect(UpdateMeBody.safeParse({ username: 'ada lovelace' }).success).toBe(false);
    expect(issues(UpdateMeBody, { username: 'List' })[0]?.message).toMatch(/reserved/);
  });

  it('reports a password confirmation mismatch on confirmed_password', () => {
    expect(
      issues(ResetPasswordBody, { token: 't', new_password: 'a good one', confirmed_password: 'another' }),
    ).toEqual([expect.objectContaining({ path: 'confirmed_password' })]);
  });
});

describe('collection bodies', () => {
  it('takes tags as a list or, from one multipart part, a single string', () => {
    expect(UpdateCollectionBody.parse({ tags: ['Love', 'love', 'War'] })).toEqual({ tags: ['love', 'war'] });
    expect(UpdateCollectionBody.parse({ tags: ' Love ' })).toEqual({ tags: ['love'] });
    expect(UpdateCollectionBody.safeParse({ tags: '' }).success).toBe(false);
  });

  it('takes is_public as a boolean or the text true/false, nothing else', () => {
    expect(UpdateCollectionBody.parse({ is_public: 'true' })).toEqual({ is_public: true });
    expect(UpdateCollectionBody.parse({ is_public: 'false' })).toEqual({ is_public: false });
    expect(UpdateCollectionBody.parse({ is_public: false })).toEqual({ is_public: false });
    expect(issues(UpdateCollectionBody, { is_public: 'yes' })).toEqual([
      expect.objectContaining({ path: 'is_public', message: 'Must be true or false' }),
    ]);
    expect(CreateCollectionBody.safeParse({ is_public: 'true' }).success).toBe(false);
  });

  it('refuses an image sent as a text part and accepts a file', () => {
    expect(issues(UpdateCollectionBody, { image: 'not a file' })).toEqual([
      expect.objectContaining({ path: 'image' }),
    ]);
    const image = new File([new Uint8Array([1, 2, 3])], 'cover.png', { type: 'image/png' });
    expect(UpdateCollectionBody.parse({ image }).image).toBe(image);
  });

  it('defaults is_hidden to false', () => {
    expect(AddPoemToCollectionBody.parse({})).toEqual({ is_hidden: false });
  });
});

describe('queries', () => {
  it('coerces and bounds the page size', () => {
    expect(PageQuery.parse({})).toEqual({ limit: 20 });
    expect(PageQuery.parse({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
    for (const limit of ['0', '101', '2.5', 'ten'])
      expect(PageQuery.safeParse({ limit }).success).toBe(false);
    expect(PageQuery.safeParse({ cursor: '' }).success).toBe(false);
  });

  it('parses search and collection filters', () => {
    expect(PoemSearchQuery.parse({ q: '  night sky ', tags: 'Sonnet' })).toEqual({
      limit: 20,
      q: 'night sky',
      tags: ['sonnet'],
    });
    expect(PoemSearchQuery.safeParse({ q: 'x'.repeat(201) }).success).toBe(false);
    expect(CollectionPoemsQuery.parse({ author_id: 'ada', tags: 'a,b' })).toEqual({
      limit: 20,
      author_id: 'ada',
      tags: ['a', 'b'],
    });
  });
});

describe('problems', () => {
  it('builds the error part of a responses map', () => {
    const map = problems(400, 401, 404);
    expect(Object.keys(map)).toEqual(['400', '401', '404']);
    expect(map[404]).toBe(Problem);
  });

  it('describes an RFC 9457 body with a known code', () => {
    const body = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      code: 'validation_failed',
      detail: 'The request is not valid',
      errors: [{ path: 'current_password', code: 'required', message: 'Required' }],
    };
    expect(Problem.parse(body)).toEqual(body);
    expect(Problem.safeParse({ ...body, code: 'teapot' }).success).toBe(false);
    // Each field error says what is wrong by a code of the contract's list.
    const [fieldError] = body.errors;
    expect(Problem.safeParse({ ...body, errors: [{ ...fieldError, code: 'teapot' }] }).success).toBe(false);
  });
});
