import type { Clock } from "../../lib/clock";
import type { Data } from "../../repositories";
import type { PasswordAttempts } from "../auth/attempts";
import type { CorreoService } from "../correo/service";
import type { Lista69bService } from "../lista-69b/service";

/** What the suppliers service is built from (service.ts); each operation (rows, update, admin) takes its part. */
export interface ProveedoresDeps {
  data: Data;
  clock: Clock;
  correo: CorreoService;
  publicUrl: string;
  lista69b: Pick<Lista69bService, "query">;
  passwordAttempts: PasswordAttempts;
}
