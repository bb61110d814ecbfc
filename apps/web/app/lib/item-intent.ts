/** The `intent` of an `IntentButton` about one item of a list: what to do, and to which (`unlike:<id>`). */
export const itemIntent = (intent: string, id: string) => `${intent}:${id}`;

/** What `itemIntent` put together. */
export function parseItemIntent(posted: FormDataEntryValue | null): { intent: string; id: string } {
  const [intent = '', id = ''] = typeof posted === 'string' ? posted.split(':', 2) : [];
  return { intent, id };
}
