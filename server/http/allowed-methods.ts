import type { RouteOptions } from 'fastify';

/**
 * The methods each API route pattern serves, gathered as routes are registered, so a request with a method its path
 * does not serve can be answered 405 with an `Allow` header (RFC 9110 §15.5.6) instead of Fastify's 404: a client that
 * sends GET to the token endpoint learns to POST.
 *
 * Route patterns here are plain: literal segments and `:name` parameters (no regular expressions, no wildcards but
 * the SPA's `/*`, which the caller leaves out).
 */
export type AllowedMethods = {
  record(route: Pick<RouteOptions, 'method' | 'url'>): void;
  /** The methods `path` is served with, sorted (`GET, HEAD, POST`), or null when no route has its shape. */
  allowed(path: string): string[] | null;
};

function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

export function createAllowedMethods(): AllowedMethods {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  return {
    record(route) {
      let entry = routes.get(route.url);
      if (!entry) {
        entry = { pattern: patternOf(route.url), methods: new Set() };
        routes.set(route.url, entry);
      }
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) entry.methods.add(method.toUpperCase());
    },
    allowed(path) {
      const methods = new Set<string>();
      for (const { pattern, methods: served } of routes.values()) {
        if (pattern.test(path)) for (const method of served) methods.add(method);
      }
      return methods.size > 0 ? [...methods].sort() : null;
    },
  };
}
