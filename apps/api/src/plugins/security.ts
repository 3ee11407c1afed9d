import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import { MSG } from "@portal/contracts";
import fp from "fastify-plugin";

/** HTTP security headers and a per-IP request ceiling (sign-in has its own stricter counter in auth). */
export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine injects its CSS variables in a <style> element.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'"],
          // PDFs are opened from blob: URLs made from authorized downloads.
          objectSrc: ["'self'", "blob:"],
          frameSrc: ["'self'", "blob:"],
          workerSrc: ["'self'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.isProduction ? undefined : false,
    });
    await app.register(rateLimit, {
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        status: "error",
        message: MSG.demasiadasSolicitudes,
      }),
    });
  },
  { name: "security" },
);
