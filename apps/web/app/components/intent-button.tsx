import { Form } from 'react-router';

/**
 * A one-button form posting `intent` to this page's action (like, follow), and the `item` of a
 * list it is about (the poem to unlike): no JavaScript needed.
 */
export function IntentButton({ intent, label, item }: { intent: string; label: string; item?: string }) {
  return (
    <Form method="post" className="intent">
      <input type="hidden" name="intent" value={intent} />
      {item !== undefined && <input type="hidden" name="item" value={item} />}
      <button type="submit">{label}</button>
    </Form>
  );
}
