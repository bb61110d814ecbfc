import { Form } from 'react-router';
import { SECTION_FIELD } from '../lib/page-section';

type IntentButtonProps = {
  intent: string;
  label: string;
  /** The item of a list it is about (the poem to unlike). */
  item?: string;
  /** The id of the part of the page it stands in, where the reader comes back to. */
  section?: string;
  /** It takes something away (a photo): it looks unlike the buttons that save. */
  danger?: boolean;
};

/**
 * A one-button form posting `intent` to this page's action (like, follow): no JavaScript needed.
 * With `section`, the page answers by sending the reader back to that part of the page rather
 * than its top (`intentAction`).
 */
export function IntentButton({ intent, label, item, section, danger = false }: IntentButtonProps) {
  return (
    <Form method="post" className="intent">
      <input type="hidden" name="intent" value={intent} />
      {item !== undefined && <input type="hidden" name="item" value={item} />}
      {section !== undefined && <input type="hidden" name={SECTION_FIELD} value={section} />}
      <button type="submit" className={danger ? 'danger' : undefined}>
        {label}
      </button>
    </Form>
  );
}
