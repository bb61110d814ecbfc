/** What the suite knows of the server under test; handed from the global setup to every test file. */
export type TargetInfo = {
  baseUrl: string;
  /** The server's database, to prove that bad input changes nothing; null when not given. */
  databaseUrl: string | null;
  /** The folder the server writes mail to (no SMTP_URL), to read tokens from; null when not given. */
  outboxDir: string | null;
};

declare module 'vitest' {
  export interface ProvidedContext {
    target: TargetInfo;
  }
}
