import { Form } from 'react-router';

/** The intent of a post to `/studio/collections` that adds a poem to one of my collections. */
export const ADD_POEM = 'add-poem';

type IdField = 'poem_id' | 'collection_id';

type AddToCollectionProps = {
  /** What is given: the poem on its page, or the collection on its own page. */
  given: { name: IdField; value: string };
  /** What is chosen (the other), under the select's label. */
  choice: { name: IdField; label: string; options: readonly { id: string; title: string }[] };
};

/**
 * A form adding a poem to one of my collections, posted to `/studio/collections`, which shows
 * the collection with it: from the poem page (choose the collection) and from the collection's
 * page (choose the poem). No JavaScript needed.
 */
export function AddToCollection({ given, choice }: AddToCollectionProps) {
  const id = `add-${choice.name}`;
  return (
    <Form method="post" action="/studio/collections" className="add-to-collection">
      <input type="hidden" name="intent" value={ADD_POEM} />
      <input type="hidden" name={given.name} value={given.value} />
      <label htmlFor={id}>{choice.label}</label>
      <select id={id} name={choice.name} required>
        {choice.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.title || 'Untitled'}
          </option>
        ))}
      </select>
      <button type="submit">Add</button>
    </Form>
  );
}
