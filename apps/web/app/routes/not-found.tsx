import { notFound } from '../lib/not-found';

/** Any other path: the root's error page with a 404. */
export function loader() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
