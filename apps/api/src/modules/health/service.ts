import { MSG } from "@portal/contracts";
import { DomainError } from "../../lib/errors";
import type { HealthRepository } from "./repository";

/** Whether the service can answer: today, whether its database answers. */
export function createHealthService(repo: HealthRepository) {
  return {
    /** `ping`: the database handle's own (a connection outside the pool, bounded); else a query through the pool. */
    async check(ping?: () => Promise<void>): Promise<void> {
      try {
        await (ping ? ping() : repo.ping());
      } catch {
        throw new DomainError(503, MSG.baseDeDatosNoResponde);
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
