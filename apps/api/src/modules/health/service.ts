import { DomainError } from "../../lib/errors";
import type { HealthRepository } from "./repository";

/** Whether the service can answer: today, whether its database answers. */
export function createHealthService(repo: HealthRepository) {
  return {
    async check(): Promise<void> {
      try {
        await repo.ping();
      } catch {
        throw new DomainError(503, "La base de datos no responde.");
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
