import { CookieJar } from 'tough-cookie';

/**
 * Node has no cookie jar, so the client keeps the session cookie itself. In a browser the
 * browser keeps it (HttpOnly), and this jar simply stays empty.
 */
export class CookieSession {
  private jar: CookieJar;
  /** Whether the jar may hold a cookie: until one is set, asking it is work for nothing. */
  private holds: boolean;

  constructor(serialized?: string) {
    this.jar = serialized ? CookieJar.deserializeSync(serialized) : new CookieJar();
    this.holds = serialized !== undefined;
  }

  async header(url: string): Promise<string> {
    return this.holds ? this.jar.getCookieString(url) : '';
  }

  async store(url: string, response: Response): Promise<void> {
    for (const cookie of response.headers.getSetCookie?.() ?? []) {
      this.holds = true;
      await this.jar.setCookie(cookie, url, { ignoreError: true });
    }
  }

  /** A string to persist the login with (a CLI writes it to a file) and give back to `import`. */
  export(): string {
    return JSON.stringify(this.jar.serializeSync());
  }
}
