import { createDataAccess, type DataAccess, type Database } from "@portal/db";
import { createArchivosRepository } from "./modules/archivos/repository";
import { createAuditoriaRepository } from "./modules/auditoria/repository";
import { createAuthRepository } from "./modules/auth/repository";
import { createBloqueoPagoRepository } from "./modules/bloqueo-pago/repository";
import { createComplementosAtrasadosRepository } from "./modules/complementos-atrasados/repository";
import { createCorreoRepository } from "./modules/correo/repository";
import { createCuentasBancariasRepository } from "./modules/cuentas-bancarias/repository";
import { createDescargaSatRepository } from "./modules/descarga-sat/repository";
import { createEmpleadosRepository } from "./modules/empleados/repository";
import { createErpTrabajosRepository } from "./modules/erp-outbox/repository";
import { createFacturasRepository } from "./modules/facturas/repository";
import { createHealthRepository } from "./modules/health/repository";
import { createInvitacionesRepository } from "./modules/invitaciones/repository";
import { createLista69bRepository } from "./modules/lista-69b/repository";
import { createNotasCreditoRepository } from "./modules/notas-credito/repository";
import { createPagosRepository } from "./modules/pagos/repository";
import { createProveedoresRepository } from "./modules/proveedores/repository";
import { createCertificadosSatRepository } from "./modules/sat/repository";
import { createSatEstadoRepository } from "./modules/sat-estado/repository";
import { createSociedadesRepository } from "./modules/sociedades/repository";
import { createTareasRepository } from "./modules/tareas/repository";

/**
 * Every repository (the SQL) over one handle: the database, or a transaction when `withTransaction` builds
 * them for its callback. Services never see the handle itself.
 */
export function createRepositories(db: Database) {
  return {
    archivos: createArchivosRepository(db),
    auditoria: createAuditoriaRepository(db),
    auth: createAuthRepository(db),
    complementosAtrasados: createComplementosAtrasadosRepository(db),
    bloqueoPago: createBloqueoPagoRepository(db),
    correo: createCorreoRepository(db),
    cuentasBancarias: createCuentasBancariasRepository(db),
    empleados: createEmpleadosRepository(db),
    erpTrabajos: createErpTrabajosRepository(db),
    facturas: createFacturasRepository(db),
    health: createHealthRepository(db),
    invitaciones: createInvitacionesRepository(db),
    lista69b: createLista69bRepository(db),
    notasCredito: createNotasCreditoRepository(db),
    pagos: createPagosRepository(db),
    certificadosSat: createCertificadosSatRepository(db),
    proveedores: createProveedoresRepository(db),
    satEstado: createSatEstadoRepository(db),
    descargaSat: createDescargaSatRepository(db),
    sociedades: createSociedadesRepository(db),
    tareas: createTareasRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** What a service that writes gets: `repos` and `withTransaction(tx => …)` (packages/db/src/transaction.ts). */
export type Data = DataAccess<Repositories>;
export const createData = (db: Database): Data => createDataAccess(db, createRepositories);
