import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { archivoIdSchema } from "./service";

export const archivosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/archivos/:id",
    {
      schema: {
        tags: ["archivos"],
        summary: "Descarga un archivo que el usuario en sesión tiene permitido ver",
        params: archivoIdSchema,
      },
    },
    async (request, reply) => {
      const file = await app.services.archivos.download(request.sessionUser(), request.params.id);
      const asciiName = file.nombre.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
      return reply
        .type(file.mime)
        .header("content-length", file.size)
        .header("cache-control", "private, no-store")
        .header("x-content-type-options", "nosniff")
        .header(
          "content-disposition",
          `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.nombre)}`,
        )
        .send(Buffer.from(file.contenido));
    },
  );
};
