import type { Database } from "@portal/db";
import fp from "fastify-plugin";
import type { AppConfig } from "./config";
import { createErpScopeResolver, createMockErpAdapter, type ErpAdapter, erpPdfPolicy } from "./erp";
import { createRowCache } from "./erp/row-cache";
import type { Clock } from "./lib/clock";
import {
  constanciaSociedadPolicy,
  documentoProveedorPolicy,
  facturaArchivoPolicy,
  pagoArchivoPolicy,
} from "./modules/archivos/policies";
import { createArchivosService } from "./modules/archivos/service";
import { createAuthService } from "./modules/auth/service";
import { createCorreoService, type MailTransport } from "./modules/correo/service";
import { createDocumentListService } from "./modules/documentos/lista";
import { createEmpleadosService } from "./modules/empleados/service";
import { entradasList } from "./modules/entradas/service";
import { createErpFacturasService } from "./modules/erp-facturas/service";
import { createFacturasService } from "./modules/facturas/service";
import { createHealthService } from "./modules/health/service";
import { createHomeService } from "./modules/home/service";
import { createPagosService } from "./modules/pagos/service";
import { pedidosList } from "./modules/pedidos/service";
import { recordatoriosDocumentosTarea } from "./modules/proveedores/recordatorios";
import { createProveedoresService } from "./modules/proveedores/service";
import { createCertificateStore } from "./modules/sat/certificados";
import { createSociedadesService } from "./modules/sociedades/service";
import { createTareasService } from "./modules/tareas/service";
import { createData } from "./repositories";

/**
 * Composition root of the domain: repositories (SQL, src/repositories.ts) -> services (rules). Services get
 * repositories and `withTransaction`, never the database handle; routes only call services. The handle itself
 * goes only to the ERP adapter (the mock reads its SAP-shaped tables; a Service Layer client would not).
 */
export function createServices(
  db: Database,
  clock: Clock,
  config: AppConfig,
  encryptionKey: Buffer,
  mailTransport: MailTransport,
  options: {
    /** Wraps the ERP adapter (tests put a flaky network between the portal and the ERP). */
    erp?: (adapter: ErpAdapter) => ErpAdapter;
    warn?: (error: unknown, message: string) => void;
  } = {},
) {
  const data = createData(db);
  const { repos } = data;
  const auth = createAuthService(repos.auth, clock, {
    sessionTtlMs: config.SESSION_TTL_MS,
    sessionMaxAgeMs: config.SESSION_MAX_AGE_MS,
    maxFailures: config.LOGIN_MAX_FAILURES,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_IP,
    failureWindowMs: config.LOGIN_WINDOW_MS,
  });
  // The ERP boundary (src/erp): one adapter for every module that reads SAP data; scope from the session.
  const erp = (options.erp ?? ((a) => a))(createMockErpAdapter(db));
  const erpScope = createErpScopeResolver(repos.sociedades);
  // Serialized list rows per document version, shared by every document list (erp/row-cache.ts).
  const erpRows = createRowCache(config.ERP_ROW_CACHE_MB * 1024 * 1024);
  const pedidos = createDocumentListService(pedidosList(erp), erpScope, erpRows);
  const entradas = createDocumentListService(entradasList(erp), erpScope, erpRows);
  const correo = createCorreoService(repos.correo, mailTransport, clock, config.MAIL_FROM);
  const empleados = createEmpleadosService(data, clock);
  const sociedades = createSociedadesService(data, clock, encryptionKey);
  const proveedores = createProveedoresService(data, clock, correo, config.PUBLIC_URL);
  const health = createHealthService(repos.health);
  // CFDI seal verification (issue 11): where certificates come from, and whether test ones are trusted.
  const sellos = {
    certificados: createCertificateStore(repos.certificadosSat, clock, config.SAT_CERTS_URL),
    trustTestCertificates: config.SAT_TEST_CERTS,
  };
  const erpFacturas = createErpFacturasService({ data, clock, erp });
  const facturas = createFacturasService({
    data,
    clock,
    erp,
    proveedores,
    sellos,
    // Same memory setting as the ERP lists' row cache.
    listCacheBytes: config.ERP_ROW_CACHE_MB * 1024 * 1024,
    erpFacturas,
    erpScope,
    warn: options.warn ?? (() => {}),
  });
  const pagos = createPagosService({
    data,
    clock,
    erp,
    erpScope,
    proveedores,
    sellos,
    listCacheBytes: config.ERP_ROW_CACHE_MB * 1024 * 1024,
  });
  const home = createHomeService(repos.sociedades, {
    Pedidos: pedidos.count,
    "Entradas de mercancia": entradas.count,
    Facturas: facturas.count,
    "Facturas pendientes": facturas.countPendientes,
    Pagos: pagos.count,
    "Pagos pendientes": pagos.countPendientes,
  });
  const archivos = createArchivosService(repos.archivos, [
    constanciaSociedadPolicy(repos.archivos),
    documentoProveedorPolicy(repos.archivos),
    facturaArchivoPolicy(repos.facturas),
    pagoArchivoPolicy(repos.pagos),
    erpPdfPolicy(erp, erpScope),
  ]);
  // Scheduled jobs (decision 014): each feature registers its recurring jobs here.
  const tareas = createTareasService(data, clock, options.warn ?? (() => {}));
  tareas.registrar(recordatoriosDocumentosTarea(data, config.PUBLIC_URL));
  return {
    auth,
    health,
    home,
    archivos,
    correo,
    empleados,
    sociedades,
    proveedores,
    pedidos,
    entradas,
    facturas,
    erpFacturas,
    pagos,
    sellos,
    tareas,
  };
}
export type Services = ReturnType<typeof createServices>;

export const servicesPlugin = fp(
  async (
    app,
    opts: { encryptionKey: Buffer; mailTransport: MailTransport; erp?: (adapter: ErpAdapter) => ErpAdapter },
  ) => {
    app.decorate(
      "services",
      createServices(app.database.db, app.clock, app.config, opts.encryptionKey, opts.mailTransport, {
        ...(opts.erp ? { erp: opts.erp } : {}),
        warn: (error, message) => app.log.warn({ err: error }, message),
      }),
    );
  },
  { name: "services" },
);
