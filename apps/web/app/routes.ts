import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('poem/:poemId', 'routes/poem.tsx'),
  route('poem/:poemId/read', 'routes/poem-read.tsx'),
  route('poems', 'routes/archive.tsx'),
  route('search', 'routes/search.tsx'),
  route('tag/:tag', 'routes/tag.tsx'),
  // Atom feeds of the site, an author, a collection and a tag.
  route('feed.xml', 'routes/feed.ts'),
  route(':handle/feed.xml', 'routes/author-feed.ts'),
  route(':handle/collection/:collectionId/feed.xml', 'routes/collection-feed.ts'),
  route('tag/:tag/feed.xml', 'routes/tag-feed.ts'),
  route('p/:shareKey', 'routes/share.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('login', 'routes/login.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  ...prefix('studio', [
    layout('routes/studio/layout.tsx', [
      // My poems
      index('routes/studio/poems.tsx'),
      // A poem not saved yet: its first save makes the draft. Ranked above `poem/:poemId`.
      route('poem/new', 'routes/studio/poem-new.tsx'),
      route('poem/:poemId', 'routes/studio/poem.tsx'),
      route('poem/:poemId/delete', 'routes/studio/poem-delete.tsx'),
      // Collections
      route('collections', 'routes/studio/collections.tsx'),
      route('collection/:collectionId', 'routes/studio/collection.tsx'),
      route('collection/:collectionId/delete', 'routes/studio/collection-delete.tsx'),
      route('collection/:collectionId/poem/:poemId/remove', 'routes/studio/collection-poem-remove.tsx'),
      // Profile and account; what I follow and like, my feed
      route('profile', 'routes/studio/profile.tsx'),
      route('account', 'routes/studio/account.tsx'),
      route('account/email', 'routes/studio/account-email.tsx'),
      route('account/password', 'routes/studio/account-password.tsx'),
      route('account/delete', 'routes/studio/account-delete.tsx'),
      route('following', 'routes/studio/following.tsx'),
      route('liked', 'routes/studio/liked.tsx'),
      route('feed', 'routes/studio/feed.tsx'),
    ]),
  ]),
  // `/@<username>`: React Router has no segment of a prefix and a parameter; the loader checks the `@`.
  route(':handle', 'routes/author.tsx'),
  route(':handle/collection/:collectionId', 'routes/collection.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
