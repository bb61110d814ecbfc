import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('poem/:poemId', 'routes/poem.tsx'),
  route('poem/:poemId/read', 'routes/poem-read.tsx'),
  route('search', 'routes/search.tsx'),
  route('tag/:tag', 'routes/tag.tsx'),
  route('p/:shareKey', 'routes/share.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  // `/@<username>`: React Router has no segment of a prefix and a parameter; the loader checks the `@`.
  route(':handle', 'routes/author.tsx'),
  route(':handle/collection/:collectionId', 'routes/collection.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
