import { TAREAS_MSG } from "@portal/contracts";
import type { TareaProgramada } from "../tareas/service";
import type { Lista69bService } from "./service";

/** The SAT's 69-B list (decision 015): downloaded daily where the deployment has SAT_69B_URL. */
export const lista69bJob = (lista69b: Lista69bService): TareaProgramada => ({
  name: "lista-69b",
  description: TAREAS_MSG.lista69b,
  schedule: { dailyAt: "06:00" },
  async execute(now) {
    const r = await lista69b.download69b(now);
    if (r.ok) return TAREAS_MSG.lista69bImportada(r.importacion.rfcs);
    if ("desactivada" in r) return r.error;
    throw new Error(r.error);
  },
});
