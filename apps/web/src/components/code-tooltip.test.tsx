import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { theme } from "../theme";
import { CodeTooltip } from "./code-tooltip";

const renderCode = (label: string | undefined) =>
  render(
    <MantineProvider theme={theme} env="test">
      <CodeTooltip label={label}>PPD</CodeTooltip>
    </MantineProvider>,
  );

describe("CodeTooltip", () => {
  it("mounts no tooltip until the code is pointed at or focused, then describes it", async () => {
    renderCode("Pago en parcialidades o diferido");
    const code = screen.getByRole("button", { name: "PPD" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.focus(code);
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip.textContent).toBe("Pago en parcialidades o diferido");
    const describedBy = code.getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe("Pago en parcialidades o diferido");
    fireEvent.blur(code);
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull());
    expect(code.getAttribute("aria-describedby")).toBeNull();
  });

  it("shows a code without a description as plain text", () => {
    renderCode(undefined);
    expect(screen.queryByRole("button", { name: "PPD" })).toBeNull();
    expect(screen.queryByText("PPD")).not.toBeNull();
  });
});
