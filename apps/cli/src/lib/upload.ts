import path from 'node:path';
import { readFileArg } from './input.js';

/**
 * A multipart form with `file` as its `field` part. The SDK sends a FormData body as it is; the
 * contract types an upload route's body as its fields.
 */
export async function fileForm(field: string, file: string): Promise<FormData> {
  const form = new FormData();
  form.append(field, new Blob([await readFileArg(file)]), path.basename(file));
  return form;
}
