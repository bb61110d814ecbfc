import { CookieJar } from 'tough-cookie';
import type { ClientSession } from './session.js';

/** Node has no cookie jar, so the client keeps the session cookie itself, in a real one. */
export class CookieSession implements ClientSession {
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

  export(): string {
    return JSON.stringify(this.jar.serializeSync());
  }
}
