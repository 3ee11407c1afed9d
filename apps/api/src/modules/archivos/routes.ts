import { CALLS } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

export const archivosRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCall(app, CALLS.getArchivo, async (request, reply) => {
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
  });
};
