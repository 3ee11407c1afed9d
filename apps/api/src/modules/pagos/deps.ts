import type { CertificateStore } from "@portal/cfdi/sello";
import type { ErpScopeResolver } from "../../erp/scope";
import type { ErpAdapter } from "../../erp/types";
import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { Lista69bService } from "../lista-69b/service";
import type { ProveedoresService } from "../proveedores/service";
import type { SatEstadoService } from "../sat-estado/service";

/** What the payments service is built from (service.ts); each operation (rows, register, review…) takes its part. */
export interface PagosDeps {
  /** Memory for cached list answers (characters); 0 turns the cache off. */
  listCacheBytes: number;
  data: Data;
  clock: Clock;
  erp: ErpAdapter;
  erpScope: ErpScopeResolver;
  proveedores: ProveedoresService;
  /** The SAT's 69-B list (issue 15): a Definitivo issuer's complement is refused; a Presunto's is flagged. */
  lista69b: Pick<Lista69bService, "situacionDe" | "query">;
  sellos: { certificados: CertificateStore; trustTestCertificates: boolean };
  /** The SAT's status of the complement (issue 15): asked at upload, recorded with it, shown to employees. */
  satEstado: Pick<SatEstadoService, "queryOnUpload" | "save">;
}
