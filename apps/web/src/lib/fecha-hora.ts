/**
 * The one way the portal shows an instant (issue 40: '/Tareas' showed UTC and 'Historial' the browser's time without
 * saying which): "2026-11-21 06:00" in the companies' time zone, Mexico City, whatever the browser's is. The zone is
 * named once, in the column's header (`HORA_CDMX`). Mexico City has kept UTC−6 all year since 2022; Intl knows it.
 */
const FORMAT = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Mexico_City",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** What a header adds so the reader knows the zone: 'Fecha (hora de la Ciudad de México)'. */
export const HORA_CDMX = "(hora de la Ciudad de México)";

/** "2026-11-21T12:00:00Z" → "2026-11-21 06:00"; '—' when there is none; the text as it came when it is no instant. */
export function fechaHoraCdmx(iso: string | null): string {
  if (!iso) return "—";
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    FORMAT.formatToParts(instant).find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}`;
}
