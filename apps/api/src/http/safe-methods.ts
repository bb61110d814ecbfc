/** The methods that change nothing (RFC 9110, 9.2.1): neither the CSRF rule nor the page cache acts on them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
