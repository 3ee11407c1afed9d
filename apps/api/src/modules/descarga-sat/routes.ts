import { CALLS, DESCARGA_MSG, MSG } from "@portal/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerCall } from "../../lib/call-route";

/** Issue 43: the sociedad's e.firma upload, the administrator's run of the Descarga Masiva, the reconciliation. */
export const descargaSatRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = () => app.services.descargaSat;

  registerCall(app, CALLS.uploadEfirmaSociedad, async (request) => {
    const { Numero, Certificado, Llave, Contraseña } = request.body;
    const r = await svc().uploadEfirma(Numero, {
      certificado: Buffer.from(Certificado, "base64"),
      llave: Buffer.from(Llave, "base64"),
      password: Contraseña,
    });
    return {
      status: "success" as const,
      message: DESCARGA_MSG.efirmaGuardada(r.vence.slice(0, 10)),
      data: { Vence: r.vence, NumeroCertificado: r.numero },
    };
  });

  registerCall(app, CALLS.getConciliacionSat, async (request) => ({
    status: "success" as const,
    message: MSG.ok,
    data: await app.services.conciliacionSat.get(request.body),
  }));

  registerCall(app, CALLS.avisarProveedorConciliacion, async (request) => ({
    status: "success" as const,
    message: await app.services.conciliacionSat.notifyProveedor(request.body),
  }));

  registerCall(app, CALLS.descargarXmlSat, async (request) => ({
    status: "success" as const,
    message: await svc().solicitarXml(request.body),
  }));

  registerCall(app, CALLS.ejecutarDescargaSat, async () => ({
    status: "success" as const,
    message: await svc().runNow(),
  }));
};
