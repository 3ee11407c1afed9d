import { type Database, decryptSecret } from "@portal/db";
import type { ServiceLayerSimulator } from "@portal/erp-sim/service-layer";
import fp from "fastify-plugin";
import type { AppConfig } from "./config";
import { createErpScopeResolver, type ErpAdapter, type ErpScopeResolver, erpPdfPolicy } from "./erp";
import { createRowCache } from "./erp/row-cache";
import { createServiceLayerErpAdapter, ERP_STALE_HEADER, serviceLayerDeadline } from "./erp/service-layer/adapter";
import { createServiceLayerClient, type ServiceLayerClient } from "./erp/service-layer/client";
import { createMemorySessionStore, createPgSessionStore } from "./erp/service-layer/session-store";
import { erpJobHandlers } from "./erp-jobs";
import { scheduledJobs } from "./jobs";
import type { Clock } from "./lib/clock";
import { createArchivosService } from "./modules/archivos/service";
import { createPasswordAttempts, type PasswordAttempts } from "./modules/auth/attempts";
import { createPasswordResetService } from "./modules/auth/restablecer";
import { createSecondFactorService } from "./modules/auth/segundo-factor";
import { createAuthService } from "./modules/auth/service";
import { bloqueoPagoErpRetry } from "./modules/bloqueo-pago/erp-jobs";
import { createBloqueoPagoService } from "./modules/bloqueo-pago/service";
import { createCfdiPruebaService } from "./modules/cfdi-prueba/service";
import { createComplementosAtrasadosService } from "./modules/complementos-atrasados/service";
import { type CorreoService, createCorreoService, type MailTransport } from "./modules/correo/service";
import { solicitudCuentaPolicy } from "./modules/cuentas-bancarias/archivo-policy";
import { createCuentasBancariasService } from "./modules/cuentas-bancarias/service";
import { xmlSatPolicy } from "./modules/descarga-sat/archivo-policy";
import { createConciliacionSat } from "./modules/descarga-sat/conciliacion";
import { createDescargaSatService } from "./modules/descarga-sat/service";
import { createDocumentListService } from "./modules/documentos/lista";
import { createEmpleadosService } from "./modules/empleados/service";
import { entradasList } from "./modules/entradas/service";
import { createErpOutbox, type ErpOutbox } from "./modules/erp-outbox/service";
import { facturaArchivoPolicy } from "./modules/facturas/archivo-policy";
import { facturaErpRetry } from "./modules/facturas/erp-jobs";
import { createFacturasErpSync } from "./modules/facturas/erp-sync";
import { refreshFechasProbables } from "./modules/facturas/fecha-probable";
import { createFacturasService } from "./modules/facturas/service";
import { createHealthService } from "./modules/health/service";
import { createHomeService, type TileCounter } from "./modules/home/service";
import { createInvitacionesService } from "./modules/invitaciones/service";
import { createLista69bService, type Lista69bService } from "./modules/lista-69b/service";
import { notaCreditoArchivoPolicy } from "./modules/notas-credito/archivo-policy";
import { notaCreditoErpRetry } from "./modules/notas-credito/erp-job";
import { createNotasCreditoService } from "./modules/notas-credito/service";
import { pagoArchivoPolicy } from "./modules/pagos/archivo-policy";
import { createPagosService } from "./modules/pagos/service";
import { pedidosList } from "./modules/pedidos/service";
import { documentoProveedorPolicy } from "./modules/proveedores/archivo-policy";
import { createProveedoresService, type ProveedoresService } from "./modules/proveedores/service";
import { createCertificateStore } from "./modules/sat/certificados";
import { createSatEstadoService, type SatEstadoService } from "./modules/sat-estado/service";
import { constanciaSociedadPolicy } from "./modules/sociedades/archivo-policy";
import type { SociedadesRepository } from "./modules/sociedades/repository";
import { createSociedadesService } from "./modules/sociedades/service";
import { createTareasService } from "./modules/tareas/service";
import { createData, type Data } from "./repositories";
import { createDescargaMasivaClient, type DescargaEndpoints, ENDPOINTS_SAT } from "./sat/descarga-masiva/cliente";
import { createEstadoSimuladorDescarga, SIMULADOR_DESCARGA_PATH } from "./sat/descarga-masiva/simulador";
import { createEstadoCfdiClient } from "./sat/estado-cfdi";
import { SIMULADOR_SAT_PATH } from "./sat/simulador";

/** What the services' construction takes besides the database, the clock and the configuration. */
export interface ServicesOptions {
  /** Wraps the ERP adapter (tests put a flaky network between the portal and the ERP). */
  erp?: (adapter: ErpAdapter) => ErpAdapter;
  warn?: (error: unknown, message: string) => void;
  /** A warning with its own fields (not an error): one per failed ERP job attempt. */
  warnFields?: (fields: Record<string, unknown>, message: string) => void;
  /** Where this process listens (the SAT simulator's address when SAT_ESTADO_CFDI_URL is not set). */
  ownAddress?: () => string | null;
  /** The ERP adapter the configuration names (startErp). */
  erpAdapter: ErpAdapter;
  /** Where the ERP jobs' wake-ups after an outage fall in their window (default Math.random; tests seed it). */
  erpRandom?: () => number;
}

/** What every group of services below is built from. */
interface Wiring {
  data: Data;
  clock: Clock;
  config: AppConfig;
  warn: (error: unknown, message: string) => void;
}

/**
 * Composition root of the domain: repositories (SQL, src/repositories.ts) -> services (rules). Services get
 * repositories and `withTransaction`, never the database handle; routes only call services. The handle itself
 * goes only to the ERP adapter (the mock reads its SAP-shaped tables; a Service Layer client would not).
 * Each group below is built by its own function, in the order of what they need of one another.
 */
export function createServices(
  db: Database,
  clock: Clock,
  config: AppConfig,
  encryptionKey: Buffer,
  mailTransport: MailTransport,
  options: ServicesOptions,
) {
  const data = createData(db);
  const { repos } = data;
  const w: Wiring = { data, clock, config, warn: options.warn ?? (() => {}) };
  const { auth, passwordAttempts, passwordReset, correo, empleados } = accessServices(w, mailTransport);
  // Second factor (issue 41 item 5, decision 071), counted with the password attempts.
  const segundoFactor = createSecondFactorService({ data, clock, attempts: passwordAttempts, encryptionKey });
  const { erp, erpScope, pedidos, entradas } = erpServices(w, options);
  const { sociedades, lista69b, proveedores } = supplierServices(w, { encryptionKey, correo, passwordAttempts });
  const { erpOutbox, erpRetry } = erpJobServices(w, erp, options);
  const { sellos, satEstado } = satServices(w, options, erpOutbox);
  const { descargaSat, descargaSimulador, conciliacionSat } = descargaSatServices(w, options, encryptionKey);
  const documents = documentServices(w, { erp, erpScope, proveedores, lista69b, sellos, satEstado, erpOutbox });
  const { facturas, bloqueoPago, pagos, complementosAtrasados, notasCredito } = documents;
  const home = homeService(w, { pedidos, entradas, ...documents });
  const archivos = archivosService(w, erp, erpScope);
  // Issue 41 (decision 069): bank accounts changed only by requests under four eyes; their ERP job wakes the worker.
  const cuentasBancarias = createCuentasBancariasService({ data, clock, erpQueued: () => erpOutbox.queued() });
  // Issue 40 (decision 062): test CFDIs for the demo, only where the SAT's test certificates are trusted.
  const cfdiPrueba = createCfdiPruebaService({
    data,
    clock,
    erp,
    proveedores,
    pagos,
    trustTestCertificates: config.SAT_TEST_CERTS,
  });
  // Supplier invitations (issue 41 item 3, decision 070): approval links or creates the business partner in SAP.
  const invitaciones = createInvitacionesService({
    data,
    clock,
    erp,
    attempts: passwordAttempts,
    publicUrl: config.PUBLIC_URL,
  });
  // Scheduled jobs (decision 016): one list (jobs.ts), each job defined in the module whose work it does.
  const tareas = createTareasService({ data, clock, warn: w.warn });
  const erpQueued = () => erpOutbox.queued();
  const jobDeps = { data, clock, publicUrl: config.PUBLIC_URL, satEstado, lista69b, pagos, erpQueued, descargaSat };
  for (const job of scheduledJobs(jobDeps)) tareas.register(job);
  return {
    auth,
    passwordReset,
    segundoFactor,
    health: createHealthService(repos.health),
    home,
    archivos,
    correo,
    cuentasBancarias,
    empleados,
    sociedades,
    proveedores,
    invitaciones,
    pedidos,
    entradas,
    facturas,
    erpOutbox,
    erpRetry,
    bloqueoPago,
    pagos,
    complementosAtrasados,
    cfdiPrueba,
    notasCredito,
    sellos,
    satEstado,
    /** The SAT simulator's table (sat/simulador.ts). */
    satSimulador: { estadoDe: repos.satEstado.estadoSimulado, simulate: repos.satEstado.simulate },
    descargaSat,
    conciliacionSat,
    /** The Descarga Masiva simulator's state and fault knobs (sat/descarga-masiva/simulador.ts). */
    descargaSimulador,
    descargaSatSimulados: {
      solicitudes: repos.descargaSat.solicitudesSimuladas,
      recibidos: repos.descargaSat.metadatosSimulados,
      xmls: repos.descargaSat.xmlsSimulados,
    },
    lista69b,
    tareas,
  };
}

/** Signing in, mail and employees. */
function accessServices({ data, clock, config }: Wiring, mailTransport: MailTransport) {
  const { repos } = data;
  // Password attempts (sign-in and a supplier's current password) share one count per account and address.
  const passwordAttempts = createPasswordAttempts(repos.auth, clock, {
    maxFailures: config.LOGIN_MAX_FAILURES,
    maxFailuresPerIp: config.LOGIN_MAX_FAILURES_IP,
    failureWindowMs: config.LOGIN_WINDOW_MS,
  });
  const auth = createAuthService({
    repo: repos.auth,
    clock,
    settings: { sessionTtlMs: config.SESSION_TTL_MS, sessionMaxAgeMs: config.SESSION_MAX_AGE_MS },
    attempts: passwordAttempts,
  });
  const correo = createCorreoService({ repo: repos.correo, transport: mailTransport, clock, from: config.MAIL_FROM });
  const empleados = createEmpleadosService({ data, clock });
  // Password reset by e-mail (issue 41, decision 067), counted like sign-ins.
  const passwordReset = createPasswordResetService({
    data,
    clock,
    attempts: passwordAttempts,
    publicUrl: config.PUBLIC_URL,
  });
  return { passwordAttempts, auth, passwordReset, correo, empleados };
}

/** The ERP boundary (src/erp): one adapter for every module that reads SAP data, scope from the session; its lists. */
function erpServices({ data, config }: Wiring, options: ServicesOptions) {
  const erp = (options.erp ?? ((a) => a))(options.erpAdapter);
  const erpScope = createErpScopeResolver(data.repos.sociedades);
  // Serialized list rows per document version, shared by every document list (erp/row-cache.ts).
  const erpRows = createRowCache(config.ERP_ROW_CACHE_MB * 1024 * 1024);
  const pedidos = createDocumentListService(pedidosList(erp), erpScope, erpRows);
  const entradas = createDocumentListService(entradasList(erp), erpScope, erpRows);
  return { erp, erpScope, pedidos, entradas };
}

/** The sociedades, the SAT's 69-B list and the suppliers. */
function supplierServices(
  { data, clock, config }: Wiring,
  deps: {
    encryptionKey: Buffer;
    correo: CorreoService;
    passwordAttempts: PasswordAttempts;
  },
) {
  // Issue 27: other payment days move the expected payment dates of the sociedad's invoices (decision 032).
  const sociedades = createSociedadesService({
    data,
    clock,
    encryptionKey: deps.encryptionKey,
    diasPagoChanged: async (tx, sociedadId) => {
      await refreshFechasProbables(tx.facturas, { sociedadId });
    },
  });
  // The SAT's 69-B list (issue 15): the catalogue's traffic light and the upload rules read it.
  const lista69b = createLista69bService({ data, url: config.SAT_69B_URL });
  const proveedores = createProveedoresService({
    data,
    clock,
    correo: deps.correo,
    publicUrl: config.PUBLIC_URL,
    lista69b,
    passwordAttempts: deps.passwordAttempts,
  });
  return { sociedades, lista69b, proveedores };
}

/** The ERP outbox (decision 054): it runs the jobs of every kind listed in erp-jobs.ts, each defined by its module. */
function erpJobServices({ data, clock }: Wiring, erp: ErpAdapter, options: ServicesOptions) {
  const erpOutbox = createErpOutbox({
    data,
    clock,
    erp,
    handlers: erpJobHandlers({ data, clock, erp }),
    ...(options.warnFields ? { warn: options.warnFields } : {}),
    ...(options.erpRandom ? { random: options.erpRandom } : {}),
  });
  // An employee's "Reintentar" of a document's ERP job, by the module that owns the document.
  const erpRetry = {
    factura: facturaErpRetry({ data, clock, outbox: erpOutbox }),
    notaCredito: notaCreditoErpRetry({ data, clock, outbox: erpOutbox }),
    bloqueoPago: bloqueoPagoErpRetry({ data, outbox: erpOutbox }),
  };
  return { erpOutbox, erpRetry };
}

/** What the SAT says of a CFDI: its seal's certificates (issue 11) and its status (issue 15). */
function satServices({ data, clock, config, warn }: Wiring, options: ServicesOptions, erpOutbox: ErpOutbox) {
  // CFDI seal verification (issue 11): where certificates come from, and whether test ones are trusted.
  const sellos = {
    certificados: createCertificateStore(data.repos.certificadosSat, clock, config.SAT_CERTS_URL),
    trustTestCertificates: config.SAT_TEST_CERTS,
  };
  // The SAT's CFDI status service (issue 15): the real client, pointed at the SAT or at the simulator.
  const satUrl = config.SAT_ESTADO_CFDI_URL;
  const satEstado = createSatEstadoService({
    data,
    clock,
    cliente: createEstadoCfdiClient({
      url: () => satUrl ?? (options.ownAddress?.() ? `${options.ownAddress()}${SIMULADOR_SAT_PATH}` : null),
      timeoutMs: config.SAT_ESTADO_CFDI_TIMEOUT_MS,
    }),
    warn,
    // A payment block queued by a re-check (decision 036) wakes the ERP worker, as a review's job does.
    erpQueued: () => erpOutbox.queued(),
  });
  return { sellos, satEstado };
}

/**
 * The SAT's Descarga Masiva (issue 43): the real client (@nodecfdi/sat-ws-descarga-masiva), pointed at the SAT's
 * hosts, at the ones configured, or at this process's own simulator; and the simulator's state.
 */
function descargaSatServices({ data, clock, config }: Wiring, options: ServicesOptions, encryptionKey: Buffer) {
  const descargaSimulador = createEstadoSimuladorDescarga();
  const endpoints = (): DescargaEndpoints => {
    const propia = options.ownAddress?.() ? `${options.ownAddress()}${SIMULADOR_DESCARGA_PATH}` : null;
    const base = config.SAT_SIMULADOR ? propia : null;
    return {
      solicitud: config.SAT_DESCARGA_SOLICITUD_URL ?? base ?? ENDPOINTS_SAT.solicitud,
      paquetes: config.SAT_DESCARGA_PAQUETES_URL ?? base ?? ENDPOINTS_SAT.paquetes,
    };
  };
  const descargaSat = createDescargaSatService({
    data,
    clock,
    encryptionKey,
    client: createDescargaMasivaClient({ endpoints, timeoutMs: config.SAT_DESCARGA_TIMEOUT_MS }),
    meses: config.SAT_DESCARGA_MESES,
  });
  // Issue 43 §4: the CFDI the SAT holds against what the portal and SAP know.
  const conciliacionSat = createConciliacionSat({ data, clock });
  return { descargaSat, descargaSimulador, conciliacionSat };
}

/** The supplier's documents: invoices, payment blocks, payments and their complements, credit notes. */
function documentServices(
  { data, clock, config, warn }: Wiring,
  deps: {
    erp: ErpAdapter;
    erpScope: ErpScopeResolver;
    proveedores: ProveedoresService;
    lista69b: Lista69bService;
    sellos: ReturnType<typeof satServices>["sellos"];
    satEstado: SatEstadoService;
    erpOutbox: ErpOutbox;
  },
) {
  const { erp, erpScope, proveedores, lista69b, sellos, satEstado, erpOutbox } = deps;
  // Same memory setting as the ERP lists' row cache.
  const listCacheBytes = config.ERP_ROW_CACHE_MB * 1024 * 1024;
  const facturas = createFacturasService({
    data,
    clock,
    erp,
    proveedores,
    lista69b,
    sellos,
    listCacheBytes,
    erpFacturas: { sync: createFacturasErpSync({ data, erp }), queued: erpOutbox.queued },
    erpScope,
    satEstado,
    warn,
  });
  // Issue 36 (decision 038): accounts payable lifts a payment block by hand; its ERP job wakes the worker.
  const bloqueoPago = createBloqueoPagoService({ data, clock, erpQueued: () => erpOutbox.queued() });
  const pagos = createPagosService({
    data,
    clock,
    erp,
    erpScope,
    proveedores,
    lista69b,
    sellos,
    satEstado,
    listCacheBytes,
  });
  const complementosAtrasados = createComplementosAtrasadosService({ data, clock, pagos });
  const notasCredito = createNotasCreditoService({
    data,
    clock,
    proveedores,
    lista69b,
    sellos,
    satEstado,
    erpOutbox,
    erp,
    warn,
  });
  return { facturas, bloqueoPago, pagos, complementosAtrasados, notasCredito };
}

/** The home page's counters, one per list a user may open. */
function homeService(
  { data }: Wiring,
  lists: Record<"pedidos" | "entradas", { count: TileCounter }> &
    Record<"facturas" | "pagos" | "notasCredito", { count: TileCounter; countPendientes: TileCounter }>,
) {
  return createHomeService({
    sociedades: data.repos.sociedades,
    counters: {
      Pedidos: lists.pedidos.count,
      "Entradas de mercancia": lists.entradas.count,
      Facturas: lists.facturas.count,
      "Facturas pendientes": lists.facturas.countPendientes,
      Pagos: lists.pagos.count,
      "Pagos pendientes": lists.pagos.countPendientes,
      "Notas de crédito": lists.notasCredito.count,
      "Notas de crédito pendientes": lists.notasCredito.countPendientes,
    },
  });
}

/** Downloads: each kind of file with the policy of the module that owns it. */
function archivosService({ data }: Wiring, erp: ErpAdapter, erpScope: ErpScopeResolver) {
  const { repos } = data;
  return createArchivosService({
    repo: repos.archivos,
    policies: [
      constanciaSociedadPolicy(repos.archivos),
      documentoProveedorPolicy(repos.archivos),
      facturaArchivoPolicy(repos.facturas),
      pagoArchivoPolicy(repos.pagos),
      notaCreditoArchivoPolicy(repos.notasCredito),
      solicitudCuentaPolicy(repos.cuentasBancarias),
      erpPdfPolicy(erp, erpScope),
      xmlSatPolicy(repos.descargaSat),
    ],
  });
}
export type Services = ReturnType<typeof createServices>;

/** The SAP users of the sociedades, as the Service Layer client and the simulator need them. */
async function sapUsers(sociedades: SociedadesRepository, encryptionKey: Buffer) {
  return (await sociedades.list()).map((s) => ({
    companyDb: s.bdSap,
    userName: s.usuarioSap,
    password: decryptSecret(s.passSapCifrada, encryptionKey),
  }));
}

export interface ServiceLayerErp {
  adapter: ErpAdapter;
  client: ServiceLayerClient;
  /** The service root in use. */
  url: string;
  /** The bundled simulator, when SAP_SL_URL is not set. */
  simulator: ServiceLayerSimulator | null;
  /** Logs out this process's sessions (deleting their rows) and stops the simulator, if any. */
  close(): Promise<void>;
}

/**
 * ERP_ADAPTER=service-layer: the Service Layer client (sessions in erp_sl_sesiones, shared by every portal process),
 * and the adapter over it. Without SAP_SL_URL the bundled simulator is started in this process over the erp_mock
 * tables, accepting the sociedades' own SAP users.
 */
export async function startServiceLayerErp(
  db: Database,
  clock: Clock,
  config: AppConfig,
  encryptionKey: Buffer,
  warn: (error: unknown, message: string) => void,
  /** Embedded PGlite: one process and one connection (see the session store below). */
  embedded = false,
): Promise<ServiceLayerErp> {
  const { repos } = createData(db);
  // Read once at start when something needs them then: the bundled simulator, and the client on PGlite (below).
  const usersAtStart = !config.SAP_SL_URL || embedded ? await sapUsers(repos.sociedades, encryptionKey) : [];
  // The simulator's code is loaded only here, when it is to run (decision 055).
  const simulator = config.SAP_SL_URL
    ? null
    : await (await import("@portal/erp-sim/service-layer")).startServiceLayerSimulator({
        db,
        credentials: usersAtStart,
        clock,
        port: 0,
      });
  const url = simulator ? simulator.url : (config.SAP_SL_URL ?? "");
  const client = createServiceLayerClient(
    {
      url,
      timeoutMs: config.SAP_SL_TIMEOUT_MS,
      pageSize: config.SAP_SL_PAGE_SIZE,
      ...(config.serviceLayerCa ? { ca: config.serviceLayerCa } : {}),
      // PostgreSQL: sessions shared by every portal process. Embedded PGlite serves one process only (nothing to
      // share), and has one connection: were a caller ever to call the Service Layer inside a transaction, a session
      // read from the database would wait forever for it. So there the sessions stay in this process's memory.
      sessions: embedded ? createMemorySessionStore(clock) : createPgSessionStore({ db, encryptionKey, clock }),
      clock,
      warn,
    },
    // PostgreSQL: read when a session is needed (a login), so an edited sociedad's password is used without a
    // restart. PGlite: read once at start, since a login may happen inside a transaction holding its only connection.
    embedded
      ? (companyDb) => usersAtStart.find((u) => u.companyDb === companyDb)
      : async (companyDb) => (await sapUsers(repos.sociedades, encryptionKey)).find((u) => u.companyDb === companyDb),
  );
  return {
    adapter: createServiceLayerErpAdapter({
      db,
      client,
      clock,
      warn,
      deadlineMs: config.SAP_SL_TIMEOUT_MS,
      ...(config.SAP_SL_PAYMENT_BLOCK_ENTRY === undefined
        ? {}
        : { paymentBlockEntry: config.SAP_SL_PAYMENT_BLOCK_ENTRY }),
    }),
    client,
    url,
    simulator,
    async close() {
      try {
        await client.close();
      } finally {
        await simulator?.close();
      }
    },
  };
}

/**
 * The ERP the configuration names (ERP_ADAPTER): `service-layer` (startServiceLayerErp), or `mock`, the simulated
 * SAP's tables in the portal's database (demo, e2e). The simulated ERP (@portal/erp-sim) is imported only by the
 * configuration that runs it, so a production process on SAP's Service Layer never loads it (decision 055).
 */
export async function startErp(
  ...args: Parameters<typeof startServiceLayerErp>
): Promise<{ adapter: ErpAdapter; serviceLayer: ServiceLayerErp | null }> {
  const [db, , config] = args;
  if (config.ERP_ADAPTER === "service-layer") {
    const serviceLayer = await startServiceLayerErp(...args);
    return { adapter: serviceLayer.adapter, serviceLayer };
  }
  const { createMockErpAdapter } = await import("@portal/erp-sim");
  return { adapter: createMockErpAdapter(db), serviceLayer: null };
}

export const servicesPlugin = fp(
  async (
    app,
    opts: {
      encryptionKey: Buffer;
      mailTransport: MailTransport;
      erp?: (adapter: ErpAdapter) => ErpAdapter;
      erpRandom?: () => number;
    },
  ) => {
    const warn = (error: unknown, message: string) => app.log.warn({ err: error }, message);
    const { adapter: erpAdapter, serviceLayer } = await startErp(
      app.database.db,
      app.clock,
      app.config,
      opts.encryptionKey,
      warn,
      app.database.kind === "pglite",
    );
    if (serviceLayer) {
      // On shutdown (after in-flight requests): this process's sessions are logged out and their rows deleted;
      // other processes still running log in once again on their next 401 code 301.
      app.addHook("onClose", () => serviceLayer.close());
      // One budget per request for everything it asks the Service Layer (adapter.ts, withDeadline): a request that
      // needs several reads still answers within SAP_SL_TIMEOUT_MS.
      const budget = app.config.SAP_SL_TIMEOUT_MS;
      app.addHook("onRequest", (_request, _reply, done) => {
        serviceLayerDeadline.run({ at: performance.now() + budget }, done);
      });
      // An answer built from what the portal last read because the Service Layer does not answer says so, with
      // when that was (the web app shows it above the list).
      app.addHook("onSend", async (_request, reply) => {
        const staleSince = serviceLayerDeadline.getStore()?.staleSince;
        if (staleSince) reply.header(ERP_STALE_HEADER, staleSince.toISOString());
      });
      // The address without any user:password an operator may have put in it.
      const shown = new URL(serviceLayer.url);
      shown.username = "";
      shown.password = "";
      app.log.info(
        `ERP: adaptador service-layer, Service Layer en ${shown}${serviceLayer.simulator ? " (simulador incluido)" : ""}`,
      );
    } else {
      app.log.info("ERP: adaptador mock (tablas erp_mock)");
    }
    app.decorate(
      "services",
      createServices(app.database.db, app.clock, app.config, opts.encryptionKey, opts.mailTransport, {
        ...(opts.erp ? { erp: opts.erp } : {}),
        ...(opts.erpRandom ? { erpRandom: opts.erpRandom } : {}),
        erpAdapter,
        warn,
        warnFields: (fields, message) => app.log.warn(fields, message),
        ownAddress: () => {
          const a = app.server.address();
          if (!a || typeof a === "string") return null;
          const host =
            a.family === "IPv6"
              ? a.address === "::"
                ? "[::1]"
                : `[${a.address}]`
              : a.address === "0.0.0.0"
                ? "127.0.0.1"
                : a.address;
          return `http://${host}:${a.port}`;
        },
      }),
    );
  },
  { name: "services" },
);
