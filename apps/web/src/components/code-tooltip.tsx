import { Tooltip } from "@mantine/core";
import { type ReactElement, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { TOOLTIP_ENTER_DELAY_MS, TOOLTIP_TOUCH_DELAY_MS, TOOLTIP_TOUCH_LEAVE_DELAY_MS } from "../lib/constants";
import classes from "./code-tooltip.module.css";

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
 *
 * The Tooltip (floating-ui positioning and its hooks) is mounted only once the code is first pointed at,
 * focused or touched, beside the code rather than around it so the code's element never changes: a list
 * of 10,000 orders shows three of these per row, and re-rendering idle tooltips on every keystroke of a
 * search was a third of the repaint time.
 */
export function CodeTooltip({ label, children }: CodeTooltipProps): ReactElement {
  const [isOpen, setIsOpen] = useState(false);
  const [isArmed, setIsArmed] = useState(false);
  const target = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const tooltipId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  if (!label) return <span>{children}</span>;

  const later = (isOpening: boolean, delay: number) => {
    setIsArmed(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsOpen(isOpening), delay);
  };
  const close = () => {
    clearTimeout(timer.current);
    setIsOpen(false);
  };

  return (
    <>
      {/* Focusable so keyboard and touch users can reach the description too. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a <button> inside table cells and flowing text brings its own box and font rules; a focusable span keeps the code inline */}
      <span
        ref={target}
        tabIndex={0}
        role="button"
        className={classes.code}
        aria-describedby={isOpen ? tooltipId : undefined}
        onMouseEnter={() => later(true, TOOLTIP_ENTER_DELAY_MS)}
        onMouseLeave={close}
        onFocus={() => later(true, TOOLTIP_ENTER_DELAY_MS)}
        onBlur={close}
        onTouchStart={() => later(true, TOOLTIP_TOUCH_DELAY_MS)}
        onTouchEnd={() => later(false, TOOLTIP_TOUCH_LEAVE_DELAY_MS)}
      >
        {children}
      </span>
      {isArmed ? (
        <Tooltip
          // The tooltip element gets role="tooltip" from Mantine; the code points at its text.
          label={<span id={tooltipId}>{label}</span>}
          target={target}
          opened={isOpen}
          withArrow
          multiline
          maw={320}
          events={{ hover: false, focus: false, touch: false }}
        />
      ) : null}
    </>
  );
}
