import { Form } from 'react-router';

/** A GET form to `/search?q=`: works without JavaScript, and navigates in place with it. */
export function SearchForm({ query = '', id = 'site-search' }: { query?: string; id?: string }) {
  return (
    <Form method="get" action="/search" role="search" className="search-form">
      <label htmlFor={id}>Search poems</label>
      <input id={id} name="q" type="search" defaultValue={query} key={query} />
      <button type="submit">Search</button>
    </Form>
  );
}
