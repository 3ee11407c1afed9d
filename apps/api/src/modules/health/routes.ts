import { healthAnswerSchema, MSG } from "@portal/contracts";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DomainError } from "../../lib/errors";

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    {
      config: { access: "public", rateLimit: false },
      schema: {
        tags: ["operación"],
        summary: "Estado del servicio y su base de datos",
        response: { 200: healthAnswerSchema },
      },
    },
    async () => {
      try {
        await app.database.db.execute(sql`select 1`);
      } catch {
        throw new DomainError(503, "La base de datos no responde.");
      }
      return { status: "success" as const, message: MSG.ok, data: { database: "ok" as const } };
    },
  );
};
