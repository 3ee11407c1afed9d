import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { uuidDeExpresion } from "../src/sat/estado-cfdi";
import { respuestaSimulada } from "../src/sat/simulador";

/**
 * The SAT's status service as a gate the test holds (issue 22): the app's real client (sat/estado-cfdi.ts) reaches
 * it over HTTP through SAT_ESTADO_CFDI_URL, and while the gate is closed every query waits, answered only when the
 * test opens it. An upload waiting here has read everything it checks, so whatever the test does meanwhile (a
 * review) lands between the upload's reads and its write: the slow SAT of the probe, made deterministic without a
 * sleep or a mock inside the client. Open, it answers at once: Vigente, issuer not on the EFOS list.
 */
export async function startSatCompuerta() {
  let abierta = true;
  const retenidas: { uuid: string; respond: () => void }[] = [];
  let alRetener: (() => void) | null = null;
  const vigente = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
    res.end(
      respuestaSimulada({
        CodigoEstatus: "S - Comprobante obtenido satisfactoriamente.",
        EsCancelable: "Cancelable con aceptación",
        Estado: "Vigente",
        EstatusCancelacion: "",
        ValidacionEFOS: "200",
      }),
    );
  };
  const server = createServer((req, res) => {
    let cuerpo = "";
    req.setEncoding("utf8");
    req.on("data", (parte: string) => {
      cuerpo += parte;
    });
    req.on("end", () => {
      if (abierta) return vigente(res);
      const m = /<(?:\w+:)?expresionImpresa>([\s\S]*?)<\/(?:\w+:)?expresionImpresa>/.exec(cuerpo);
      retenidas.push({ uuid: uuidDeExpresion((m?.[1] ?? "").replace(/&amp;/g, "&")), respond: () => vigente(res) });
      alRetener?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ConsultaCFDIService.svc`,
    /** From now on every query waits until `open()`. */
    shut() {
      abierta = false;
    },
    /** Resolves with the UUID of the first query held (at once when one is already waiting). */
    retenida(): Promise<string> {
      const primera = retenidas[0];
      if (primera) return Promise.resolve(primera.uuid);
      return new Promise((resolve) => {
        alRetener = () => {
          alRetener = null;
          resolve(retenidas[0]?.uuid ?? "");
        };
      });
    },
    /** Answers every held query and lets the next ones through at once. */
    open() {
      abierta = true;
      for (const r of retenidas.splice(0)) r.respond();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of retenidas.splice(0)) r.respond();
        server.close(() => resolve());
      }),
  };
}
