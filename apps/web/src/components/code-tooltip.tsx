import { Tooltip, UnstyledButton } from "@mantine/core";
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from "react";
import { TOOLTIP_ENTER_DELAY_MS, TOOLTIP_TOUCH_DELAY_MS, TOOLTIP_TOUCH_LEAVE_DELAY_MS } from "../lib/constants";

interface CodeTooltipProps {
  /** Description shown in the tooltip; without one the code is shown plain. */
  label: ReactNode;
  /** The code (regime, use, payment form…) the tooltip explains. */
  children: ReactNode;
}

/**
 * A SAT code with its description on hover, focus or long touch, with the spec's delays (§9):
 * open 100 ms after the pointer enters, 700 ms into a touch, close 1500 ms after the touch ends.
 * Mantine's Tooltip has one open/close delay for every input, so this drives it controlled.
 */
export function CodeTooltip({ label, children }: CodeTooltipProps): ReactElement {
  const [isOpen, setIsOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!label) return <span>{children}</span>;

  const later = (isOpening: boolean, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsOpen(isOpening), delay);
  };
  const close = () => {
    clearTimeout(timer.current);
    setIsOpen(false);
  };

  return (
    <Tooltip
      label={label}
      opened={isOpen}
      withArrow
      multiline
      maw={320}
      events={{ hover: false, focus: false, touch: false }}
    >
      {/* A button so keyboard and touch users can reach the description too. */}
      <UnstyledButton
        component="span"
        tabIndex={0}
        role="button"
        fz="inherit"
        style={{ textDecoration: "underline dotted", textUnderlineOffset: 3, cursor: "help" }}
        onMouseEnter={() => later(true, TOOLTIP_ENTER_DELAY_MS)}
        onMouseLeave={close}
        onFocus={() => later(true, TOOLTIP_ENTER_DELAY_MS)}
        onBlur={close}
        onTouchStart={() => later(true, TOOLTIP_TOUCH_DELAY_MS)}
        onTouchEnd={() => later(false, TOOLTIP_TOUCH_LEAVE_DELAY_MS)}
      >
        {children}
      </UnstyledButton>
    </Tooltip>
  );
}
