import type { Config } from '@react-router/dev/config';

export default {
  // Server-rendered: every page is complete HTML, and its forms post to the route's action.
  ssr: true,
  // Pages send `Referrer-Policy: no-referrer`, under which a browser posts a plain form (no
  // JavaScript) with `Origin: null`, which React Router's own origin check refuses. The API's
  // CSRF rule stands in front of every page post (`Sec-Fetch-Site` same-origin, else an allowed
  // `Origin`; `null` is not one), so only this opaque origin is let through React Router's check.
  allowedActionOrigins: ['null'],
  future: {
    // React Router 8's behaviour, taken now.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Middleware turns the loaders' `context` from our typed object (`load-context.ts`) into a
    // context provider; nothing here needs middleware yet.
    v8_middleware: false,
  },
} satisfies Config;
