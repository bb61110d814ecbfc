import { Form } from 'react-router';

type IntentButtonProps = {
  intent: string;
  label: string;
  item?: string;
  /** It takes something away (a photo): it looks unlike the buttons that save. */
  danger?: boolean;
};

/**
 * A one-button form posting `intent` to this page's action (like, follow), and the `item` of a
 * list it is about (the poem to unlike): no JavaScript needed.
 */
export function IntentButton({ intent, label, item, danger = false }: IntentButtonProps) {
  return (
    <Form method="post" className="intent">
      <input type="hidden" name="intent" value={intent} />
      {item !== undefined && <input type="hidden" name="item" value={item} />}
      <button type="submit" className={danger ? 'danger' : undefined}>
        {label}
      </button>
    </Form>
  );
}
