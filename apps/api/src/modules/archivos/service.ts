import { MSG } from "@portal/contracts";
import { z } from "zod";
import { Invalid, NotFound } from "../../lib/errors";
import { isEmpleado, type SessionUser } from "../../lib/session-user";
import type { ArchivosRepository } from "./repository";

/** The download URL that list rows carry instead of file content ('' when there is no file). */
export const archivoUrl = (id: string | null | undefined): string => (id ? `/api/archivos/${id}` : "");

/**
 * The portal stores files under UUIDs. The call's params schema (CALLS.getArchivo) admits any id shape a
 * file store could use; this one is the portal's own, checked before any query.
 */
const archivoIdSchema = z.uuid();

/**
 * Decides whether `user` may read file `archivoId` and under which name. Each module that references files
 * contributes one policy; a file is readable when any policy grants it. A file no policy grants answers exactly
 * like a missing one (404). A grant may name another archivos row holding the bytes (`archivoId`): the ERP's PDFs
 * are offered under ids of their own and copied into archivos only on their first download (erp/pdf-policy.ts).
 */
export type ArchivoPolicy = (
  user: SessionUser,
  archivoId: string,
) => Promise<{ nombre: string; archivoId?: string } | null>;

/**
 * The policy of files a supplier owns (each module that owns such files defines its own with it): every employee
 * reaches them; a supplier only its own. `nameOf` (with the supplier's CardCode, null for an employee) answers the file's download name (empty: `fallback`), or
 * undefined when the file is not one of these or not the supplier's.
 */
export const ownedFilePolicy =
  (
    nameOf: (archivoId: string, cardCode: string | null) => Promise<string | undefined>,
    fallback: string,
  ): ArchivoPolicy =>
  async (user, archivoId) => {
    const nombre = await nameOf(archivoId, isEmpleado(user) ? null : user.id);
    return nombre === undefined ? null : { nombre: nombre || fallback };
  };

export function createArchivosService({ repo, policies }: { repo: ArchivosRepository; policies: ArchivoPolicy[] }) {
  return {
    async download(user: SessionUser, archivoId: string) {
      if (!archivoIdSchema.safeParse(archivoId).success) throw new Invalid(MSG.archivoIdInvalido);
      // Every id goes through the policies, even one archivos has no row for (an ERP PDF not copied yet): an unknown
      // id and a refused one both end in the same 404 below.
      for (const policy of policies) {
        const grant = await policy(user, archivoId);
        if (grant) {
          const id = grant.archivoId ?? archivoId;
          const meta = await repo.findMeta(id);
          const contenido = meta ? await repo.findContent(id) : undefined;
          if (!meta || !contenido) throw new NotFound(MSG.archivoNoExiste);
          return { ...meta, nombre: grant.nombre, contenido };
        }
      }
      // Same answer as an unknown id: a caller must not learn that a file it may not see exists (issue 9).
      throw new NotFound(MSG.archivoNoExiste);
    },
  };
}
export type ArchivosService = ReturnType<typeof createArchivosService>;
