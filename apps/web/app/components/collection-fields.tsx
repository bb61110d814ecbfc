import { COLLECTION_LABELS, type CollectionValues, PUBLIC_TICKED } from '../lib/collection-form';
import type { FormProblem } from '../lib/form-problem';
import { TAGS_HINT } from '../lib/tags-text';
import { Field, TextAreaField } from './field';

/** A collection's title, description, tags and whether it is public, as the new and edit forms ask. */
export function CollectionFields({
  values,
  problem,
}: {
  values: Partial<CollectionValues> | undefined;
  problem: FormProblem | undefined;
}) {
  return (
    <>
      <Field
        name="title"
        label={COLLECTION_LABELS.title}
        autoComplete="off"
        problem={problem}
        defaultValue={values?.title}
      />
      <TextAreaField
        name="description"
        label={COLLECTION_LABELS.description}
        problem={problem}
        defaultValue={values?.description}
      />
      <Field
        name="tags"
        label={COLLECTION_LABELS.tags}
        hint={TAGS_HINT}
        autoComplete="off"
        required={false}
        problem={problem}
        defaultValue={values?.tags}
      />
      <div className="field field-check">
        <input
          type="checkbox"
          id="field-is_public"
          name="is_public"
          value={PUBLIC_TICKED}
          defaultChecked={values?.is_public === PUBLIC_TICKED}
        />
        <label htmlFor="field-is_public">{COLLECTION_LABELS.is_public}: on my page, for anyone to read</label>
      </div>
    </>
  );
}
