import { addSociedad, sentCorreo } from "./admin";
import type { ProveedoresDeps } from "./deps";
import { proveedorQueries } from "./rows";
import { updateProveedor } from "./update";

export type { ProveedoresDeps } from "./deps";
export {
  registroCompleto,
  type VencimientoDocumento,
  VIGENCIA_DIAS,
  valPorDefecto,
  vencimientos,
} from "./documentos";

/**
 * The suppliers (spec §7 proveedores/*). One file per operation (issue 38): documentos.ts (document validity,
 * registroCompleto, vencimientos), rows.ts (the catalogue and profile rows), update.ts, admin.ts (sentCorreo,
 * addSociedad); this composes them over one deps object.
 */
export function createProveedoresService(deps: ProveedoresDeps) {
  const queries = proveedorQueries(deps);
  return {
    conRegistroCompleto: queries.conRegistroCompleto,
    rows: queries.rows,
    update: updateProveedor(deps),
    sentCorreo: sentCorreo(deps),
    addSociedad: addSociedad(deps),
  };
}
export type ProveedoresService = ReturnType<typeof createProveedoresService>;
