import { roundAmount } from "@portal/cfdi";
import type { CertificateStore } from "@portal/cfdi/sello";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { ErpOutbox } from "../erp-outbox/service";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import type { SatEstadoService } from "../sat-estado/service";

export interface NotasCreditoDeps {
  data: Data;
  clock: Clock;
  proveedores: Pick<ProveedoresService, "conRegistroCompleto">;
  lista69b: Pick<Lista69bService, "situacionDe">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  satEstado: Pick<SatEstadoService, "queryOnUpload">;
  /** The ERP outbox's wake-up (an accepted credit note owes the ERP its A/P credit memo). */
  erpOutbox: Pick<ErpOutbox, "queued">;
  /** The ERP: each invoice's open balance (issue 36) is read through the adapter. */
  erp: ErpAdapter;
  /** Where an ERP that could not be reached at registration is reported (the portal's figures stood in). */
  warn?: (error: unknown, message: string) => void;
}

/** What every operation is built from (service.ts builds it once): the deps, `warn` resolved, the repository. */
export type NotasCreditoContext = Omit<NotasCreditoDeps, "warn"> & {
  warn: (error: unknown, message: string) => void;
  repo: Data["repos"]["notasCredito"];
};

export const money = (v: string) => roundAmount(v, 2);
