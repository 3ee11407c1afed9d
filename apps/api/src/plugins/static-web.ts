import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import { MSG } from "@portal/contracts";
import fp from "fastify-plugin";

/**
 * In production the API also serves the built web app, so the portal is one process on one port.
 * Hashed assets under /static are cached for a year; index.html and the service worker never are.
 * Unknown /api paths answer JSON 404; any other GET falls back to index.html (client-side routes).
 */
export const staticWebPlugin = fp(
  async (app) => {
    const webDist = app.config.WEB_DIST;
    if (webDist) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: "index.html",
        // Brotli and gzip files made at build time (`precompress`, apps/web/build-tools/budget.ts) are sent when
        // accepted.
        preCompressed: true,
        setHeaders(res, path) {
          if (path.includes(`${join(webDist, "static")}`)) {
            res.header("cache-control", "public, max-age=31536000, immutable");
          } else {
            res.header("cache-control", "no-cache");
          }
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const isApi = request.url === "/api" || request.url.startsWith("/api/");
      if (!isApi && webDist && (request.method === "GET" || request.method === "HEAD")) {
        return reply.header("cache-control", "no-cache").sendFile("index.html");
      }
      return reply.status(404).send({ status: "error", message: MSG.rutaNoEncontrada });
    });
  },
  { name: "static-web" },
);
