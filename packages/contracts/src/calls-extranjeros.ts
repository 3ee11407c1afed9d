import { type CallDef, call } from "./call-spec";
import { messageAnswerSchema } from "./common";
import { postFacturaExtranjeraRequestSchema } from "./proveedores-extranjeros";

/** Issue 42 part 1 (decision 073): the calls of foreign suppliers, spread into CALLS. */
export const EXTRANJEROS_CALLS = {
  postFacturaExtranjera: call({
    method: "POST",
    path: "/api/facturas/postFacturaExtranjera",
    request: postFacturaExtranjeraRequestSchema,
    answer: messageAnswerSchema,
    access: "proveedor",
    tag: "facturas",
    summary: "Registrar la factura de un proveedor extranjero (PDF y datos, sin CFDI)",
  }),
} as const satisfies Record<string, CallDef>;
