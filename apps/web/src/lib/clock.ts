/**
 * "Today" for the web app. The browser's clock, behind one object so a test can set the day (`vi.spyOn(clock,
 * "now")`) and a screen means the same thing on any day (time comes from an injected clock, never from `Date.now()`
 * in a screen, so a test is not a different test on another day). The server decides anything that matters; the web
 * only uses the date to highlight.
 */
export const clock = {
  now: (): Date => new Date(),
};

/** Today in the browser's time zone as YYYY-MM-DD (the format of the API's dates). */
export function hoyIso(now: Date = clock.now()): string {
  const dos = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${dos(now.getMonth() + 1)}-${dos(now.getDate())}`;
}
