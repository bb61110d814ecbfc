import type { Collection, CreateCollectionInput } from '@poetry/sdk';
import { textFields } from './form-problem';
import { tagsOf, tagsText } from './tags-text';

/** A collection's fields as its forms ask for them (new and edit): the API's names and the page's labels. */
export const COLLECTION_LABELS = {
  title: 'Title',
  description: 'Description',
  tags: 'Tags',
  is_public: 'Public',
} as const;

/** What the collection forms show in their fields: the collection's, or what was typed. */
export type CollectionValues = Record<keyof typeof COLLECTION_LABELS, string>;

/** The checkbox's value when ticked; unticked, the browser sends nothing. */
export const PUBLIC_TICKED = 'true';

/** What was typed in a collection form. */
export const typedCollection = (form: FormData): CollectionValues => textFields(form, COLLECTION_LABELS);

/** The API's body for what was typed: every field, so that a cleared one is cleared (JSON, no image). */
export function collectionBody(values: CollectionValues): Required<CreateCollectionInput> {
  return {
    title: values.title,
    description: values.description,
    tags: tagsOf(values.tags),
    is_public: values.is_public === PUBLIC_TICKED,
  };
}

/** What the forms show of a collection as it is. */
export const collectionValues = (collection: Collection): CollectionValues => ({
  title: collection.title,
  description: collection.description,
  tags: tagsText(collection.tags),
  is_public: collection.is_public ? PUBLIC_TICKED : '',
});
