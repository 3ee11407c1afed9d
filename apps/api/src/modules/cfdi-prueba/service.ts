import { divideAmounts } from "@portal/cfdi";
import {
  CONTRIBUYENTES_PRUEBA,
  cfdiDateOf,
  facturaDeEntradas,
  freshStamp,
  isTestCsdRfc,
  notaDeFactura,
  pagoDelEsperado,
  type RfcPrueba,
  TEST_CSD_MSG,
  type TestCfdi,
  testComplementoCfdi,
  testFacturaCfdi,
} from "@portal/cfdi/sello";
import { CFDI_PRUEBA_MSG, type CfdiPrueba, MSG, type PostCfdiPruebaRequest } from "@portal/contracts";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import { Invalid, NotFound } from "../../lib/errors";
import type { SessionUser } from "../../lib/session-user";
import type { Data } from "../../repositories";
import { createEntradasPedidas, refsDelEnvio } from "../facturas/entradas-pedidas";
import type { PagosService } from "../pagos/service";
import type { ProveedoresService } from "../proveedores/service";
import { facturaDeParte, facturaDeServicios } from "./partes";

export interface CfdiPruebaDeps {
  data: Data;
  clock: Clock;
  erp: Pick<ErpAdapter, "findEntrada" | "readEntradas" | "readPedidos">;
  proveedores: Pick<ProveedoresService, "conRegistroCompleto">;
  pagos: Pick<PagosService, "esperado">;
  /** SAT_TEST_CERTS: only a portal that trusts the SAT's test certificates issues test CFDIs. */
  trustTestCertificates: boolean;
}

type Emisor = { rfc: RfcPrueba; nombre: string };
type Request = PostCfdiPruebaRequest;

/** A field the chosen Tipo needs, or the refusal naming it. */
function required<T>(value: T | undefined, campo: string, tipo: string): T {
  if (value === undefined) throw new Invalid(CFDI_PRUEBA_MSG.campoRequerido(campo, tipo));
  return value;
}

const archivos = (cfdi: TestCfdi): CfdiPrueba => ({
  UUID: cfdi.uuid,
  XML: { nombre: `${cfdi.nombre}.xml`, base64: Buffer.from(cfdi.xml, "utf8").toString("base64") },
  PDF: { nombre: `${cfdi.nombre}.pdf`, base64: Buffer.from(cfdi.pdf).toString("base64") },
});

/**
 * 'Generar CFDI de prueba' (issue 40, decision 062): a CFDI of the signed-in supplier sealed with the SAT's public
 * test CSD of its RFC and stamped by the portal's test stamping authority, matching the portal's own records — the
 * receipts chosen (or, issue 42, the part of them chosen, or service lines of purchase orders: partes.ts), the
 * accepted invoice to credit, the complement the portal expects for a payment — so that the
 * registration that follows passes. Each document must be the supplier's own (another's is as good as missing).
 * A portal that does not trust test certificates (production) answers 404: nothing of this exists there.
 */
export function createCfdiPruebaService(deps: CfdiPruebaDeps) {
  const pedidas = createEntradasPedidas(deps.erp);
  const sociedadDe = async (user: SessionUser, match: (s: { bdSap: string; id: number }) => boolean) => {
    const s = (await deps.data.repos.facturas.sociedadesDe(user.id)).find(match);
    if (s?.estatus !== "A") throw new Invalid(CFDI_PRUEBA_MSG.sociedadNoVinculada);
    return { rfc: s.rfc, nombre: s.nombre, cp: s.cp, regimen: s.regimen, bdSap: s.bdSap };
  };

  async function factura(user: SessionUser, emisor: Emisor, fecha: string, input: Request) {
    const bd = required(input.RazonSocial, "RazonSocial", "factura");
    const sociedad = await sociedadDe(user, (s) => s.bdSap === bd);
    const refs = refsDelEnvio(required(input.EntradaMercancia, "EntradaMercancia", "factura"), input.EntradaDocEntry);
    const entradas = await pedidas.pedidas(user.id, sociedad.bdSap, refs);
    // Issue 42 (decision 074): part of the receipts, the lines and quantities chosen.
    if ((input.Lineas ?? []).length > 0) {
      return testFacturaCfdi(
        await facturaDeParte(
          deps.data.repos.facturas,
          { emisor, receptor: sociedad, fecha },
          entradas,
          input.Lineas ?? [],
        ),
      );
    }
    const stamp = freshStamp(fecha);
    return testFacturaCfdi(
      facturaDeEntradas({ emisor, receptor: sociedad, entradas, fecha, folio: stamp.uuid.slice(0, 8), stamp }),
    );
  }

  /** Issue 42 part 2 (decision 076): service lines of the supplier's open purchase orders. */
  async function servicios(user: SessionUser, emisor: Emisor, fecha: string, input: Request) {
    const bd = required(input.RazonSocial, "RazonSocial", "servicios");
    const lineas = required(input.LineasPedido, "LineasPedido", "servicios");
    const sociedad = await sociedadDe(user, (s) => s.bdSap === bd);
    const factura = await facturaDeServicios(
      { repo: deps.data.repos.facturas, erp: deps.erp },
      { emisor, receptor: sociedad, fecha },
      user.id,
      lineas,
    );
    return testFacturaCfdi(factura);
  }

  async function nota(user: SessionUser, emisor: Emisor, fecha: string, input: Request) {
    const f = await deps.data.repos.facturas.findById(required(input.IdFactura, "IdFactura", "nota"));
    if (!f || f.cardCode !== user.id) throw new Invalid(CFDI_PRUEBA_MSG.facturaNoExiste);
    if (f.estatus !== "A") throw new Invalid(CFDI_PRUEBA_MSG.facturaNoAceptada(f.folio));
    const sociedad = await sociedadDe(user, (s) => s.id === f.sociedadId);
    const stamp = freshStamp(fecha);
    return testFacturaCfdi(
      notaDeFactura({
        emisor,
        receptor: sociedad,
        factura: {
          uuid: f.uuid,
          moneda: f.moneda,
          tipoCambio: f.tipoCambio,
          formaPago: f.formaPago,
          lugarExpedicion: f.cpEmisor,
        },
        // A tenth of the invoice: small enough to fit what is left of most invoices.
        importe: divideAmounts(f.total, "10", 2),
        fecha,
        folio: stamp.uuid.slice(0, 8),
        stamp,
      }),
    );
  }

  async function complemento(user: SessionUser, emisor: Emisor, fecha: string, input: Request) {
    const bd = required(input.BD, "BD", "complemento");
    const esperado = await deps.pagos.esperado(user, bd, required(input.PagoSAP, "PagoSAP", "complemento"));
    if (!esperado) throw new Invalid(CFDI_PRUEBA_MSG.sinComplemento);
    const sociedad = await sociedadDe(user, (s) => s.bdSap === bd);
    const stamp = freshStamp(fecha);
    return testComplementoCfdi({
      emisor: { ...emisor, regimen: CONTRIBUYENTES_PRUEBA[emisor.rfc].regimen },
      receptor: sociedad,
      lugarExpedicion: CONTRIBUYENTES_PRUEBA[emisor.rfc].cp,
      fecha,
      serie: "CP",
      folio: stamp.uuid.slice(0, 8),
      pagos: [pagoDelEsperado(esperado)],
      ...stamp,
    });
  }

  return {
    isAvailable: () => deps.trustTestCertificates,
    async issue(user: SessionUser, input: PostCfdiPruebaRequest): Promise<CfdiPrueba> {
      if (!deps.trustTestCertificates) throw new NotFound();
      const proveedor = await deps.proveedores.conRegistroCompleto(user.id);
      if (!proveedor) throw new Invalid(MSG.registroIncompletoFacturas);
      // Only the SAT's test taxpayers have a test CSD; the CSD's validity is checked when sealing (testCsdRefusal),
      // after the documents, so that a supplier whose CSD expired still hears about another's documents first.
      if (!isTestCsdRfc(proveedor.rfc)) throw new Invalid(TEST_CSD_MSG.rfcSinCsd(proveedor.rfc));
      const fecha = cfdiDateOf(deps.clock());
      const emisor: Emisor = { rfc: proveedor.rfc, nombre: proveedor.cardName };
      try {
        if (input.Tipo === "factura") return archivos(await factura(user, emisor, fecha, input));
        if (input.Tipo === "servicios") return archivos(await servicios(user, emisor, fecha, input));
        if (input.Tipo === "nota") return archivos(await nota(user, emisor, fecha, input));
        return archivos(await complemento(user, emisor, fecha, input));
      } catch (error) {
        // The emitter's own refusals (an amount it cannot write) are the supplier's to read, not a 500.
        if (error instanceof RangeError) throw new Invalid(error.message);
        throw error;
      }
    },
  };
}
export type CfdiPruebaService = ReturnType<typeof createCfdiPruebaService>;
