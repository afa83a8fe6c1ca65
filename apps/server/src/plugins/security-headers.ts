import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { appOrigins, type Config } from '@/config';

/** One year, as HSTS preload lists ask; sent only on HTTPS (a browser ignores it on HTTP). */
const HSTS_HEADER = 'max-age=31536000; includeSubDomains';

/**
 * The WebSocket origins of the app's own addresses (Socket.IO). CSP Level 3 browsers already
 * count same-origin ws: and wss: as 'self'; these are for the older ones.
 */
const socketOrigins = (config: Config): string[] =>
  appOrigins(config).map((origin) => origin.replace(/^http/, 'ws'));

/**
 * The Content-Security-Policy of every response (issue 9 §5). The session token lives in
 * localStorage, so this is what stands between an injected script and every session: scripts
 * only from the app's own files (no inline script, no eval), nothing framing the app.
 * - style-src allows inline styles: Mantine injects <style> tags and style attributes at run time.
 * - img-src allows http(s) images: avatars and image feedback may be links to web images (spec
 *   §3 chat IMAGE_COLLABORATION); images cannot run script.
 * - frame-src allows blob: the label preview shows a shipping label's PDF, fetched with the
 *   session token, from an object URL of the page's own (issue 15).
 */
export const contentSecurityPolicy = (config: Config) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", ...socketOrigins(config)],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
});

/**
 * Security headers on every answer, API and HTML alike (issue 9 §5), with @fastify/helmet: the
 * CSP above, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY`, `Referrer-Policy:
 * strict-origin-when-cross-origin` (links to other sites carry no path, so no token in a URL
 * leaks), the cross-origin isolation headers; and HSTS only on a request that came over HTTPS
 * (directly, or through a proxy's X-Forwarded-Proto when TRUST_PROXY is set). A route may still
 * set a stricter CSP of its own (file downloads do). Register before the routes.
 */
export const registerSecurityHeaders = async (app: FastifyInstance, config: Config) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS_HEADER);
  });
};
