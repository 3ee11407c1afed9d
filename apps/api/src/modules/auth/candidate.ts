import { isSecondFactorRequired, type LoginRequest } from "@portal/contracts";
import type { AttemptKey } from "./attempts";
import type { AuthRepository } from "./repository";

/** The account the sign-in names, and the key its attempts are counted under (attempts.ts). */
export async function findCandidate(repo: AuthRepository, input: LoginRequest) {
  if (input.operador === "Empleado") {
    // The look-up compares lower(usuario) in PostgreSQL; an unknown name is counted under that same form.
    const [e, nombre] = await Promise.all([
      repo.findEmpleadoByUsuario(input.usuario),
      repo.lowerUsuario(input.usuario),
    ]);
    if (!e) return { key: { operador: "Empleado", nombreNormalizado: nombre } satisfies AttemptKey, account: null };
    return {
      key: { operador: "Empleado", cuenta: String(e.id) } satisfies AttemptKey,
      account: {
        hash: e.passwordHash,
        active: e.estatus === "A",
        /** Decision 071: administrators, reviewers (VisuDocPen) and bank-change approvers (ApruebaCuentas). */
        secondFactorRequired: isSecondFactorRequired({
          perfil: e.perfil,
          visuDocPen: e.viDocPen,
          apruebaCuentas: e.apruebaCuentas === "Y",
        }),
        data: {
          perfil: e.perfil,
          nombre: `${e.nombre} ${e.apellidos}`.trim(),
          id: String(e.id),
          VisuDocPen: e.viDocPen === "Y" ? "Y" : "N",
          ...(e.conciliaSat === "Y" ? { ConciliaSat: "Y" as const } : {}),
        } as const,
      },
    };
  }
  // Suppliers are looked up by their RFC in upper case; a foreign one by its CardCode (decision 073).
  const p = await repo.findProveedorByUsuario(input.usuario);
  if (!p) {
    return {
      key: { operador: "Proveedor", nombreNormalizado: input.usuario.toUpperCase() } satisfies AttemptKey,
      account: null,
    };
  }
  return {
    key: { operador: "Proveedor", cuenta: p.cardCode } satisfies AttemptKey,
    account: {
      hash: p.passwordHash,
      active: p.estatus === "A",
      secondFactorRequired: false,
      data: { perfil: "P", nombre: p.cardName, id: p.cardCode, VisuDocPen: "N" } as const,
    },
  };
}
