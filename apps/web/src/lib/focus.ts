/**
 * Where keyboard and screen-reader users land (issue 16, WCAG 2.4.3):
 * - after moving to another screen, on the new screen's main heading (not left on the link that was pressed,
 *   or on <body> when that link disappeared), so the screen reader reads the new page's title;
 * - when a toast that held the focus closes (its close button pressed), on the screen's main heading again,
 *   never on <body>.
 * The heading gets tabindex=-1 so it can take the focus without entering the tab order.
 */

/** How long a screen may take to show its heading (its chunk arriving) before focus is left alone. */
const HEADING_WAIT_MS = 3000;

const mainHeading = (): HTMLElement | null =>
  document.querySelector<HTMLElement>("main h1") ?? document.querySelector<HTMLElement>("h1");

export function focusMainHeading(): boolean {
  const heading = mainHeading();
  if (!heading) return false;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return document.activeElement === heading;
}

/** The frame of the pending wait for a heading: a newer navigation replaces it. */
let pendingFrame = 0;

/** Focuses the main heading once it is on screen (a lazily loaded screen shows it a moment later). */
export function focusMainHeadingWhenShown(waitMs: number = HEADING_WAIT_MS): void {
  cancelAnimationFrame(pendingFrame);
  const started = performance.now();
  const attempt = () => {
    // The user already chose where to be (typing in the new screen's search, say): leave it there.
    const active = document.activeElement;
    if (active && active !== document.body && active.closest("main") && !active.matches("h1")) return;
    if (focusMainHeading() || performance.now() - started > waitMs) return;
    pendingFrame = requestAnimationFrame(attempt);
  };
  pendingFrame = requestAnimationFrame(attempt);
}

interface NavigationEvent {
  fromLocation?: { pathname: string } | undefined;
  pathChanged: boolean;
}

/** After a navigation between screens (not the first load, not a list's own search params changing). */
export function focusAfterNavigation(event: NavigationEvent): void {
  if (!event.fromLocation || !event.pathChanged) return;
  focusMainHeadingWhenShown();
}

/**
 * A toast closing with the focus inside it would drop the focus on <body>: bring it to the main heading.
 * Browsers do not all report the focus leaving an element that is removed, so while the focus is in a toast
 * it is checked every 100 ms until it is somewhere else. Returns the uninstall function.
 */
export function keepFocusWhenToastsClose(toastsRoot = ".mantine-Notifications-root"): () => void {
  let watch: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (watch !== undefined) clearInterval(watch);
    watch = undefined;
  };
  const check = () => {
    const active = document.activeElement;
    if (active === null || active === document.body) {
      stop();
      focusMainHeading();
    } else if (!active.closest(toastsRoot)) stop();
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Element | null;
    if (!target?.closest?.(toastsRoot) || watch !== undefined) return;
    watch = setInterval(check, 100);
  };
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target as Element | null;
    if (!target?.closest?.(toastsRoot) || event.relatedTarget) return;
    // The toast is removed after this event: check once it is gone.
    setTimeout(check, 0);
  };
  document.addEventListener("focusin", onFocusIn);
  document.addEventListener("focusout", onFocusOut);
  return () => {
    stop();
    document.removeEventListener("focusin", onFocusIn);
    document.removeEventListener("focusout", onFocusOut);
  };
}
