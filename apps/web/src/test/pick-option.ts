import { fireEvent, screen, within } from "@testing-library/react";

/**
 * Picks `option` in the Mantine Select labelled `label`. Inside the routed app jsdom never finishes the
 * dropdown's open transition, so the options stay hidden; they are still in the DOM (the listbox carries
 * the select's label) and clicking one selects it the way a user's click does.
 */
export function pickOption(label: RegExp | string, option: string): void {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  const listbox = screen.getByRole("listbox", { name: label, hidden: true });
  fireEvent.click(within(listbox).getByRole("option", { name: option, hidden: true }));
}
