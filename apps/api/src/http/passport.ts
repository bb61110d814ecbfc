import { Authenticator } from 'passport';

declare global {
  namespace Express {
    /** What the session remembers of the logged-in author; services load the rest. */
    interface User {
      id: string;
    }
  }
}

/**
 * The app's passport: the session stores only the author id, so reading a session costs no query
 * beyond the session store's own. The account module adds the strategy that logs authors in.
 */
export function createPassport() {
  const passport = new Authenticator();
  passport.serializeUser<string>((user, done) => done(null, user.id));
  passport.deserializeUser<string>((id, done) => done(null, { id }));
  return passport;
}

export type Passport = ReturnType<typeof createPassport>;
