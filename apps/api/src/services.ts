import type { Database } from "@portal/db";
import fp from "fastify-plugin";
import type { AppConfig } from "./config";
import { createErpScopeResolver, createMockErpAdapter, erpPdfPolicy } from "./erp";
import { createRowCache } from "./erp/row-cache";
import type { Clock } from "./lib/clock";
import {
  constanciaSociedadPolicy,
  createArchivosRepository,
  documentoProveedorPolicy,
} from "./modules/archivos/repository";
import { createArchivosService } from "./modules/archivos/service";
import { createAuthRepository } from "./modules/auth/repository";
import { createAuthService } from "./modules/auth/service";
import { createCorreoRepository } from "./modules/correo/repository";
import { createCorreoService, type MailTransport } from "./modules/correo/service";
import { createEmpleadosRepository } from "./modules/empleados/repository";
import { createEmpleadosService } from "./modules/empleados/service";
import { createEntradasService } from "./modules/entradas/service";
import { createHomeService } from "./modules/home/service";
import { createPedidosService } from "./modules/pedidos/service";
import { createProveedoresRepository } from "./modules/proveedores/repository";
import { createProveedoresService } from "./modules/proveedores/service";
import { createCertificateStore } from "./modules/sat/certificados";
import { createSociedadesRepository } from "./modules/sociedades/repository";
import { createSociedadesService } from "./modules/sociedades/service";

/** Composition root of the domain: repositories (SQL) -> services (rules). Routes only call services. */
export function createServices(
  db: Database,
  clock: Clock,
  config: AppConfig,
  encryptionKey: Buffer,
  mailTransport: MailTransport,
) {
  const auth = createAuthService(createAuthRepository(db), clock, {
    sessionTtlMs: config.SESSION_TTL_MS,
    sessionMaxAgeMs: config.SESSION_MAX_AGE_MS,
    maxFailures: config.LOGIN_MAX_FAILURES,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_IP,
    failureWindowMs: config.LOGIN_WINDOW_MS,
  });
  // The ERP boundary (src/erp): one adapter for every module that reads SAP data; scope from the session.
  const erp = createMockErpAdapter(db);
  const erpScope = createErpScopeResolver(db);
  // Serialized list rows per document version, shared by orders and receipts (erp/row-cache.ts).
  const erpRows = createRowCache(config.ERP_ROW_CACHE_MB * 1024 * 1024);
  const pedidos = createPedidosService(erp, erpScope, erpRows);
  const entradas = createEntradasService(erp, erpScope, erpRows);
  const home = createHomeService(db, {
    Pedidos: pedidos.countPedidos,
    "Entradas de mercancia": entradas.countEntradas,
  });
  const archivos = createArchivosService(createArchivosRepository(db), [
    constanciaSociedadPolicy(db),
    documentoProveedorPolicy(db),
    erpPdfPolicy(erp, erpScope),
  ]);
  const correo = createCorreoService(createCorreoRepository(db), mailTransport, clock, config.MAIL_FROM);
  const empleados = createEmpleadosService(createEmpleadosRepository(db), db, clock);
  const sociedades = createSociedadesService(createSociedadesRepository(db), db, clock, encryptionKey);
  const proveedores = createProveedoresService(createProveedoresRepository(db), db, clock, correo, config.PUBLIC_URL);
  // CFDI seal verification (issue 11): where certificates come from, and whether test ones are trusted.
  const sellos = {
    certificados: createCertificateStore(db, clock, config.SAT_CERTS_URL),
    trustTestCertificates: config.SAT_TEST_CERTS,
  };
  return { auth, home, archivos, correo, empleados, sociedades, proveedores, pedidos, entradas, sellos };
}
export type Services = ReturnType<typeof createServices>;

export const servicesPlugin = fp(
  async (app, opts: { encryptionKey: Buffer; mailTransport: MailTransport }) => {
    app.decorate(
      "services",
      createServices(app.database.db, app.clock, app.config, opts.encryptionKey, opts.mailTransport),
    );
  },
  { name: "services" },
);
