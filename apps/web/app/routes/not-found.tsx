import { data } from 'react-router';

/** Any other path: the root's error page with a 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
