import { notifications } from "portal:notifications-store";
import type { ReactNode } from "react";
import { TOAST_ERROR_MS } from "./constants";
import classes from "./notify-list.module.css";

/** Every line of the messages given (a server's answer may hold several, one a line), without empty ones. */
export const messageLines = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => line.split("\n")).filter((line) => line.trim() !== "");

/**
 * A toast's body for the lines given: one line as it is; several as a list (issue 23) inside an area that scrolls
 * when the list is taller than the window allows (issue 40: six messages were cut at Mantine's 200 px and could not
 * be scrolled). The area takes the keyboard focus so it can be scrolled without a mouse (axe:
 * scrollable-region-focusable). A plain list, not Mantine's: this module is part of the first screen's bundle
 * (decision 017), which carries no Mantine component.
 */
export function messageBody(lines: readonly string[]): ReactNode {
  const items = messageLines(lines);
  if (items.length <= 1) return items[0] ?? "";
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to scroll it.
    <section className={classes.scroll} tabIndex={0} aria-label="Mensajes">
      <ul className={classes.list}>
        {items.map((item, index) => (
          // A fixed list, never reordered: its position is the item's key.
          <li key={index}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * How long a toast with these lines stays: one message, the spec's `duration` (spec §9: error toast 30 s, review
 * message 2 s); several stay until the user closes them (decision 061: nobody reads seven refusals in 2 s).
 */
export const durationFor = (lines: readonly string[], duration: number): number | false =>
  messageLines(lines).length > 1 ? false : duration;

/**
 * Several validation messages in ONE error toast (spec §5, §8: "Error toasts last 30 s and list every message"), as a
 * list: each message an item, so seven messages of a CFDI against the wrong sociedad read one by one.
 */
export function notifyErrorList(lines: readonly string[]): string {
  return notifications.show({
    message: messageBody(lines),
    color: "red",
    autoClose: durationFor(lines, TOAST_ERROR_MS),
    closeButtonProps: { "aria-label": "Cerrar mensaje" },
  });
}
