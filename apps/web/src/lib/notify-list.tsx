import { notifications } from "portal:notifications-store";
import { List } from "@mantine/core";
import { TOAST_ERROR_MS } from "./constants";

/** Every line of the messages given (a server's answer may hold several, one a line), without empty ones. */
export const lineasDe = (lines: readonly string[]): string[] =>
  lines.flatMap((line) => line.split("\n")).filter((line) => line.trim() !== "");

/**
 * Several validation messages in ONE 30 s error toast (spec §5, §8), as a list: each message an item, so seven
 * messages of a CFDI against the wrong sociedad read one by one rather than as a block (issue 23). One message
 * is shown as it is.
 */
export function notifyErrorList(lines: readonly string[]): string {
  const items = lineasDe(lines);
  const message =
    items.length === 1 ? (
      items[0]
    ) : (
      <List size="sm" spacing={4} aria-label="Mensajes">
        {items.map((item, index) => (
          // A fixed list, never reordered: its position is the item's key.
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List>
    );
  return notifications.show({
    message,
    color: "red",
    autoClose: TOAST_ERROR_MS,
    closeButtonProps: { "aria-label": "Cerrar mensaje" },
  });
}
