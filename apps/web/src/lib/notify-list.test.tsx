import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOAST_ERROR_MS, TOAST_REVIEW_MS } from "./constants";
import { durationFor, messageBody, messageLines } from "./notify-list";

const seven = [
  "El nombre del receptor no es mismo de la sociedad seleccionada en el XML",
  "El régimen fiscal del receptor no es mismo de la sociedad seleccionada en el XML\nEl código postal del receptor no es mismo de la sociedad seleccionada en el XML",
  "Uno",
  "",
  "Dos\n\nTres",
  "Cuatro",
];

describe("a toast with several messages (issue 40)", () => {
  it("splits the server's lines, leaving out the empty ones", () => {
    expect(messageLines(seven)).toHaveLength(7);
    expect(messageLines(["  ", "a\n"])).toEqual(["a"]);
  });

  it("shows every line as an item of a region that can be scrolled and focused", () => {
    render(<MantineProvider>{messageBody(seven)}</MantineProvider>);
    const region = screen.getByRole("region", { name: "Mensajes" });
    expect(region.getAttribute("tabindex")).toBe("0");
    const items = within(region).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(messageLines(seven));
  });

  it("shows one message as it is, with no list", () => {
    render(<MantineProvider>{messageBody(["Solo uno"])}</MantineProvider>);
    expect(screen.getByText("Solo uno").tagName).not.toBe("LI");
    expect(screen.queryByRole("region", { name: "Mensajes" })).toBeNull();
  });

  it("keeps the spec's duration for one message and waits for the user with several (decision 061)", () => {
    expect(durationFor(["Uno"], TOAST_ERROR_MS)).toBe(TOAST_ERROR_MS);
    expect(durationFor(["Uno\n"], TOAST_REVIEW_MS)).toBe(TOAST_REVIEW_MS);
    expect(durationFor(["Uno\nDos"], TOAST_REVIEW_MS)).toBe(false);
    expect(durationFor(seven, TOAST_ERROR_MS)).toBe(false);
  });
});
