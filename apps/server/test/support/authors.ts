import { createPoetryClient, type PoetryClient } from '@poetry/sdk';

let signups = 0;

/** A new author, signed up (and so logged in) through the SDK, with an address no other test uses. */
export async function signedUpAuthor(baseUrl: string, firstname: string, lastname: string) {
  const client: PoetryClient = createPoetryClient({ baseUrl });
  signups += 1;
  const email = `${firstname}-${lastname}-${process.pid}-${Date.now()}-${signups}@example.com`.toLowerCase();
  const password = 'a long author password 7c';
  const { author } = await client.auth.signup({ body: { email, password, firstname, lastname } });
  if (!author) throw new Error('signup answered no author');
  return { client, author, email, password, cookie: await client.session.header(baseUrl) };
}

/** A `Cookie` header's one cookie (`name=value`), for a browser context on `url`. */
export function browserCookie(header: string, url: string) {
  const [name = '', ...value] = header.split('=');
  return { name, value: value.join('='), url };
}
