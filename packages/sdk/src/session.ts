/** The session cookie as a client keeps it between its requests. */
export interface ClientSession {
  /** The `Cookie` header to send to `url`; empty when there is none. */
  header(url: string): Promise<string>;
  /** Keeps the cookies `response` sets. */
  store(url: string, response: Response): Promise<void>;
  /** The session as a string, to carry the login over to another client (`session`); keep it private. */
  export(): string;
}
