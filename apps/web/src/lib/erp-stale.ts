import { setStaleErpHandler } from "./api-client";
import { clock } from "./clock";
import { notifyWarning } from "./notify";

/** One notice per this long while the ERP stays down (every list of the screen says the same). */
export const ERP_STALE_NOTICE_EVERY_MS = 60_000;

/** "El ERP no responde; se muestran los datos leídos el 26/11/2026 a las 10:42." (Mexico City time). */
export function erpStaleMessage(readAt: Date): string {
  const parts = new Intl.DateTimeFormat("es-MX", {
    timeZone: "America/Mexico_City",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
  }).formatToParts(readAt);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `El ERP no responde; se muestran los datos leídos el ${part("day")}/${part("month")}/${part("year")} a las ${part("hour")}:${part("minute")}.`;
}

/**
 * Issue 24/25: while the ERP does not answer, lists come from the portal's last read, marked by the API; the user
 * is told so, once a minute at most. `now` is the page's clock (milliseconds).
 */
export function createErpStaleNotice(show: (message: string) => void, now: () => number = () => clock.now().getTime()) {
  let last = Number.NEGATIVE_INFINITY;
  return (readAt: Date) => {
    const t = now();
    if (t - last < ERP_STALE_NOTICE_EVERY_MS) return;
    last = t;
    show(erpStaleMessage(readAt));
  };
}

export function installErpStaleNotice(): void {
  setStaleErpHandler(createErpStaleNotice(notifyWarning));
}
