import http from 'node:http';

/** A part of a multipart/form-data body: text, or a file with a file name and a declared type. */
export type FormPart =
  | [name: string, value: string]
  | [name: string, file: Blob | Uint8Array, filename: string, type?: string];

function formOf(parts: FormPart[]) {
  const form = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else {
      const file =
        value instanceof Blob ? value : new Blob([value], { type: type ?? 'application/octet-stream' });
      form.append(name, file, filename);
    }
  }
  return form;
}

/** A multipart/form-data request, the way a browser form or `curl -F` sends it. */
export function sendForm(url: string, method: string, cookie: string | undefined, parts: FormPart[]) {
  return fetch(url, { method, headers: cookie ? { cookie } : {}, body: formOf(parts) });
}

/**
 * Sends the form over a connection of its own and settles once it is written whole, with its
 * answer's status to come, and a way to close the connection without waiting for it: a client
 * that gives up (a closed tab, a timeout).
 */
export async function formSent(url: string, method: string, cookie: string, parts: FormPart[]) {
  const encoded = new Response(formOf(parts));
  const body = Buffer.from(await encoded.arrayBuffer());
  const request = http.request(url, {
    method,
    headers: { cookie, 'content-type': encoded.headers.get('content-type') as string },
  });
  const status = new Promise<number | undefined>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', () => resolve(undefined));
  });
  await new Promise<void>((resolve) => request.end(body, resolve));
  return { status, abandon: () => request.destroy() };
}
