import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI generated from the contracts' zod schemas, served at /api/docs (JSON at /api/docs/json). */
export const swaggerPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Portal de Proveedores API",
          description: "API del portal de proveedores. Todas las llamadas, salvo /api/login, llevan x-access-token.",
          version: "1.0.0",
        },
        components: {
          securitySchemes: { token: { type: "apiKey", in: "header", name: "x-access-token" } },
        },
        security: [{ token: [] }],
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: "/api/docs", uiConfig: { docExpansion: "list" } });
  },
  { name: "swagger" },
);
