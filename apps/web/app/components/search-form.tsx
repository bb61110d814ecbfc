import { Form } from 'react-router';

type SearchFormProps = { query?: string; id?: string; error?: string | null };

/**
 * A GET form to `/search?q=`. Its label is for screen readers; the field says what it is to
 * everyone else with its placeholder. `error` is the API's reason for refusing `query`, read with
 * the input.
 */
export function SearchForm({ query = '', id = 'site-search', error }: SearchFormProps) {
  return (
    <Form method="get" action="/search" role="search" className="search-form">
      <label htmlFor={id}>Search poems</label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search poems"
        defaultValue={query}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit">Search</button>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </Form>
  );
}
