import {
  AuthResponse,
  ForgotPasswordBody,
  LoginBody,
  PrivateAuthorResponse,
  ResetPasswordBody,
  SignupBody,
  VerifyEmailBody,
} from '../schemas/author.js';
import { c, LOGIN, responses } from './shared.js';

const SESSION_AFTER =
  "Answers `{ author }`: the session's author after the call, null when nobody is logged in.";

const LOGOUT_DESCRIPTION =
  'Destroys the session server-side (a logout holds on every API instance) and clears the cookie. ' +
  'Safe to call when not logged in. Answers `{ author: null }`.';

export const auth = c.router({
  signup: {
    method: 'POST',
    path: '/api/auth/signup',
    summary: 'Create an account and log in',
    description:
      'Creates the author, logs them in (new session cookie) and queues a verification mail (link valid 24 hours). ' +
      'The username is generated from the names (`ada-lovelace`, `ada-lovelace-2`). ' +
      'The password is 8..256 characters, not the email itself and not one of the 10,000 most common (400). ' +
      'An email already taken, compared case-insensitively, is 409 conflict. ' +
      'Signups per IP address are limited, and so are the mails to one address from all accounts together ' +
      '(429 with `Retry-After`). ' +
      SESSION_AFTER,
    body: SignupBody,
    responses: responses({ 201: PrivateAuthorResponse }, 403, 409, 413, 415),
    metadata: { requiresLogin: false, session: 'starts' },
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Log in',
    description:
      'Starts a session for the author with this email and password; the session id is regenerated. ' +
      'A wrong email and a wrong password get the same 401 invalid_credentials, in the same time. ' +
      'Repeated failures per account and per IP are throttled with 429 and `Retry-After`. ' +
      SESSION_AFTER,
    body: LoginBody,
    responses: responses({ 200: PrivateAuthorResponse }, 401, 403, 413, 415),
    metadata: { requiresLogin: false, session: 'starts' },
  },
  logout: {
    method: 'GET',
    path: '/api/auth/logout',
    summary: 'Log out',
    description: `${LOGOUT_DESCRIPTION} The only GET that changes state; \`POST /api/auth/logout\` does the same.`,
    responses: responses({ 200: AuthResponse }),
    metadata: { requiresLogin: false, session: 'ends' },
  },
  logoutPost: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Log out (POST)',
    description: `${LOGOUT_DESCRIPTION} Same as \`GET /api/auth/logout\`.`,
    body: c.noBody(),
    responses: responses({ 200: AuthResponse }, 403),
    metadata: { requiresLogin: false, idempotent: true, session: 'ends' },
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password-reset link',
    description:
      'Queues a mail with a reset link (single use, valid 1 hour) when the address has an account. ' +
      'Answers the same whether or not it has one, and never returns the looked-up account: ' +
      "`{ author }` is the caller's own session author, null when not logged in. Throttled (429).",
    body: ForgotPasswordBody,
    responses: responses({ 200: AuthResponse }, 403, 413, 415),
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset token',
    description:
      'Consumes the token from the reset mail (single use, atomically) and sets `new_password` (8..256 characters, ' +
      "not the account's email, not one of the 10,000 most common). Mismatched `confirmed_password` or a refused " +
      'password is 400 and leaves the token usable; a bad, used or expired token is 422, and so is a token mailed ' +
      "to an address that is no longer the account's. Ends every reset token and every session of that author, " +
      'logs nobody in, and mails a notice. ' +
      SESSION_AFTER,
    body: ResetPasswordBody,
    responses: responses({ 200: AuthResponse }, 403, 413, 415, 422),
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: 'Verify an email address with a token',
    description:
      'Consumes the token from the verification mail (single use, atomically, valid 24 hours) and marks that ' +
      "author's email verified. Needs no login. A bad, used or expired token is 422. " +
      SESSION_AFTER,
    body: VerifyEmailBody,
    responses: responses({ 200: AuthResponse }, 403, 413, 415, 422),
  },
  requestEmailConfirmation: {
    method: 'GET',
    path: '/api/auth/email-confirmation',
    summary: 'Mail a new email-verification link',
    description:
      "Requires login. Queues a mail with a verification link (valid 24 hours) to the author's current email. " +
      'When the email is already verified nothing is sent. Throttled (429). ' +
      SESSION_AFTER,
    responses: responses({ 200: AuthResponse }, 401),
    metadata: LOGIN,
  },
});
