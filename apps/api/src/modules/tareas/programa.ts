import { TAREAS_MSG } from "@portal/contracts";

/**
 * When a scheduled job runs (decision 016): every N minutes, or every day at a time of day in UTC (the portal's
 * dates, e.g. a document's days remaining, are UTC calendar dates too).
 */
export type Schedule = { everyMinutes: number } | { dailyAt: `${number}:${number}` };

const MINUTO = 60_000;
const DIA = 86_400_000;

function timeOfDay(hhmm: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  const horas = Number(m?.[1]);
  const minutos = Number(m?.[2]);
  if (!m || horas > 23 || minutos > 59) throw new Error(TAREAS_MSG.horaInvalida(hhmm));
  return (horas * 60 + minutos) * MINUTO;
}

/** The first due time of a job never run: now for an interval job, today's (or else tomorrow's) time for a daily one. */
export function firstRun(schedule: Schedule, now: Date): Date {
  if ("everyMinutes" in schedule) return now;
  const hoy = Math.floor(now.getTime() / DIA) * DIA + timeOfDay(schedule.dailyAt);
  return new Date(hoy >= now.getTime() ? hoy : hoy + DIA);
}

/** The next due time after a run that started at `inicio`: strictly later, on the job's grid. */
export function nextRun(schedule: Schedule, inicio: Date): Date {
  if ("everyMinutes" in schedule) {
    if (!(schedule.everyMinutes > 0)) throw new Error(TAREAS_MSG.intervaloInvalido);
    return new Date(inicio.getTime() + schedule.everyMinutes * MINUTO);
  }
  const hoy = Math.floor(inicio.getTime() / DIA) * DIA + timeOfDay(schedule.dailyAt);
  return new Date(hoy > inicio.getTime() ? hoy : hoy + DIA);
}

/**
 * After a failed run: again in 5 min, doubling per consecutive failure up to 6 h, but never later than the
 * regular next run.
 */
export function retryAfterFailure(schedule: Schedule, inicio: Date, fallasSeguidas: number): Date {
  const espera = Math.min(5 * MINUTO * 2 ** Math.max(0, fallasSeguidas - 1), 6 * 60 * MINUTO);
  const regular = nextRun(schedule, inicio);
  return new Date(Math.min(inicio.getTime() + espera, regular.getTime()));
}

/**
 * A UTC time of day ("12:00") as Mexico City reads it ("06:00"), on a fixed day: the city keeps UTC−6 all year since
 * 2022, so the day chosen does not change the answer (and no clock is read).
 */
export function timeOfDayInMexicoCity(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: "America/Mexico_City",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(Date.UTC(2026, 0, 15, h, m)));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("hour")}:${part("minute")}`;
}

/** "Cada hora", "Todos los días a las 06:00 (hora de la Ciudad de México)": for the administrators' screen. */
export function describeSchedule(schedule: Schedule): string {
  if ("dailyAt" in schedule) return TAREAS_MSG.programa.diario(timeOfDayInMexicoCity(schedule.dailyAt));
  const m = schedule.everyMinutes;
  if (m % 1440 === 0) return TAREAS_MSG.programa.dias(m / 1440);
  if (m % 60 === 0) return TAREAS_MSG.programa.horas(m / 60);
  return TAREAS_MSG.programa.minutos(m);
}
