import { gzipSync } from 'node:zlib';
import type { Request } from './http.js';

/** Items of a long array: past any array limit, yet as `[0,0,…]` a 600 KB body, under the 1 MB limit, so it reaches validation. */
export const LONG_ARRAY_ITEMS = 300_000;

/** Parts of one name in a multipart body, which the server makes an array: 50 times the 20 tags allowed. */
export const REPEATED_PARTS = 1_000;

export const longArray = () => new Array<number>(LONG_ARRAY_ITEMS).fill(0);

/**
 * Part names that nest: a multipart parser that reads brackets makes `tags[1000000]` index
 * 1,000,000 of an array (a million items to check) and `a[b]` an object. Each of the body's
 * fields so, an unknown one, and a name far longer than any field's.
 */
export function hostilePartNames(fields: string[]): string[] {
  return [
    ...fields.flatMap((field) => [`${field}[1000000]`, `${field}[]`, `${field}[b]`]),
    'a[b]',
    'x'.repeat(64 * 1024),
  ];
}

/** A part name as a test title shows it: a long one by its length. */
export const shownName = (name: string) =>
  name.length > 40 ? `${name.slice(0, 8)}… (${name.length} characters)` : name;

export type RawBody = { contentType: string; bytes: Uint8Array };

/** What a client sends for a request's body: its JSON, or its form encoded as multipart/form-data. */
export async function bodyBytes(request: Pick<Request, 'body' | 'form'>): Promise<RawBody> {
  if (!request.form) {
    return { contentType: 'application/json', bytes: Buffer.from(JSON.stringify(request.body ?? {})) };
  }
  const encoded = new Response(request.form);
  return {
    contentType: encoded.headers.get('content-type') as string,
    bytes: new Uint8Array(await encoded.arrayBuffer()),
  };
}

/** The request's form, or one with its JSON body's fields as text parts (an array's items as repeated parts). */
export function formOf(request: Pick<Request, 'body' | 'form'>): FormData {
  if (request.form) return request.form;
  const form = new FormData();
  for (const [field, value] of Object.entries(request.body ?? {})) {
    for (const item of [value].flat()) form.append(field, String(item));
  }
  return form;
}

/** The body cut in the middle, before its end (a multipart body's closing boundary). */
export const cutShort = ({ contentType, bytes }: RawBody): RawBody => ({
  contentType,
  bytes: bytes.subarray(0, bytes.length >> 1),
});

/** A multipart body broken in its framing: each a body no multipart parser can read whole. */
export function brokenMultipart(body: RawBody): ({ label: string } & RawBody)[] {
  const { bytes } = body;
  return [
    { label: 'no boundary in its content type', contentType: 'multipart/form-data', bytes },
    { label: 'cut before its closing boundary', ...cutShort(body) },
    {
      label: "a boundary that is not the body's",
      contentType: 'multipart/form-data; boundary=not-the-one-in-the-body',
      bytes,
    },
  ];
}

/** Past the 1 MB body limit once inflated: 8 MB of spaces, 8 KB gzipped. */
const INFLATED_BYTES = 8 * 1024 * 1024;

export type EncodedBody = { label: string; encoding: string; bytes: Uint8Array; status?: number };

/** `bytes` sent with a Content-Encoding that does not describe them, or that nothing reads. */
export function badlyEncoded(bytes: Uint8Array): EncodedBody[] {
  const gzipped = gzipSync(bytes);
  return [
    { label: 'gzip that is not gzip', encoding: 'gzip', bytes },
    { label: 'gzip cut short', encoding: 'gzip', bytes: gzipped.subarray(0, gzipped.length >> 1) },
    { label: 'deflate that is not deflate', encoding: 'deflate', bytes },
    { label: 'br that is not br', encoding: 'br', bytes },
    {
      label: 'gzip that inflates past the body limit',
      encoding: 'gzip',
      bytes: gzipSync(Buffer.alloc(INFLATED_BYTES, ' ')),
    },
    { label: 'an encoding nothing reads', encoding: 'x-unknown', bytes, status: 415 },
  ];
}
