import { loginAnswerSchema, loginRequestSchema, logoutAnswerSchema, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/login",
    {
      config: { access: "public" },
      schema: {
        tags: ["sesión"],
        summary: "Iniciar sesión",
        body: loginRequestSchema,
        response: { 200: loginAnswerSchema },
      },
    },
    async (request) => {
      const data = await app.services.auth.login(request.body, {
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? "",
      });
      return { status: "success" as const, message: MSG.bienvenida, data };
    },
  );

  app.post(
    "/api/logout",
    { schema: { tags: ["sesión"], summary: "Cerrar sesión (revoca el token)", response: { 200: logoutAnswerSchema } } },
    async (request) => {
      await app.services.auth.logout(request.sessionUser());
      return { status: "success" as const, message: MSG.sesionCerrada };
    },
  );
};
