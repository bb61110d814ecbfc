import { Form } from 'react-router';

/** A one-button form posting `intent` to this page's action (like, follow): no JavaScript needed. */
export function IntentButton({ intent, label }: { intent: string; label: string }) {
  return (
    <Form method="post" className="intent">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit">{label}</button>
    </Form>
  );
}
