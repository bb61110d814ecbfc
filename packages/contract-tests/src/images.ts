/** A valid 1×1 PNG: the smallest real image, for uploads whose content does not matter. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A form with one file part. */
export function formWithFile(
  field: string,
  bytes: Buffer,
  type = 'image/png',
  extra: Record<string, string> = {},
) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), 'upload.png');
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return form;
}
