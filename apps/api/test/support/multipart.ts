/** A part of a multipart/form-data body: text, or a file with a file name and a declared type. */
export type FormPart =
  | [name: string, value: string]
  | [name: string, file: Blob | Uint8Array, filename: string, type?: string];

/** A multipart/form-data request, the way a browser form or `curl -F` sends it. */
export function sendForm(url: string, method: string, cookie: string | undefined, parts: FormPart[]) {
  const form = new FormData();
  for (const [name, value, filename, type] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else {
      const file =
        value instanceof Blob ? value : new Blob([value], { type: type ?? 'application/octet-stream' });
      form.append(name, file, filename);
    }
  }
  return fetch(url, { method, headers: cookie ? { cookie } : {}, body: form });
}
