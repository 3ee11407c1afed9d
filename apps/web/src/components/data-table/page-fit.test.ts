import { describe, expect, it } from "vitest";
import {
  LONG_DEFAULT_PAGE_SIZE,
  LONG_PAGE_SIZES,
  SHORT_DEFAULT_PAGE_SIZE,
  SHORT_PAGE_SIZES,
} from "../../lib/constants";
import {
  FIT_MAXIMUM,
  fittedPageSize,
  pageSizesWith,
  rowsThatFit,
  TABLE_BOTTOM_RESERVE_PX,
  tableBoxHeight,
} from "./page-fit";

describe("rows per page that fill the window's height (issue 40)", () => {
  it("counts the rows that fit in the table's box (55% of the window) under its header", () => {
    // 768 × 0.55 = 422.4 px; minus a 40 px header leaves 382.4 px: ten rows of 37 px, eight of 45.
    expect(rowsThatFit({ viewportHeight: 768, rowHeight: 37, headerHeight: 40 })).toBe(10);
    expect(rowsThatFit({ viewportHeight: 768, rowHeight: 45, headerHeight: 40 })).toBe(8);
    // 1080 × 0.55 = 594 px − 40 = 554 px: fourteen rows of 37 px.
    expect(rowsThatFit({ viewportHeight: 1080, rowHeight: 37, headerHeight: 40 })).toBe(14);
    // A window too short for a single row.
    expect(rowsThatFit({ viewportHeight: 60, rowHeight: 37, headerHeight: 40 })).toBe(0);
  });

  it("reaches the window's bottom edge below where the box starts, never less than the spec's 55%", () => {
    // A box starting 250 px down a 1080 px window: 1080 − 250 − 96 = 734 px (the spec's 55% would be 594).
    expect(tableBoxHeight(1080, 250)).toBe(1080 - 250 - TABLE_BOTTOM_RESERVE_PX);
    // At 768 px: 768 − 250 − 96 = 422 px, just under 55% (422.4): the spec's box.
    expect(tableBoxHeight(768, 250)).toBeCloseTo(422.4);
    // Far down the page (a long form above the list): the spec's 55% still.
    expect(tableBoxHeight(900, 700)).toBeCloseTo(495);
    // Not laid out (a test DOM): the spec's 55%.
    expect(tableBoxHeight(1080, 0)).toBeCloseTo(594);
    // The rows that fit follow the box: (1080 − 250 − 96 − 40) / 37 = 18 rows, not the 55% box's 14.
    expect(rowsThatFit({ viewportHeight: 1080, boxTop: 250, rowHeight: 37, headerHeight: 40 })).toBe(18);
  });

  it("says nothing before the rows are laid out (no height: a test DOM, a hidden tab)", () => {
    expect(rowsThatFit({ viewportHeight: 768, rowHeight: 0, headerHeight: 0 })).toBeNull();
    expect(rowsThatFit({ viewportHeight: 0, rowHeight: 37, headerHeight: 40 })).toBeNull();
    expect(rowsThatFit({ viewportHeight: 768, rowHeight: Number.NaN, headerHeight: 40 })).toBeNull();
  });

  it("grows a short list's default to the rows that fit, between its own default and a long page", () => {
    expect(fittedPageSize(SHORT_DEFAULT_PAGE_SIZE, 10)).toBe(10);
    expect(fittedPageSize(SHORT_DEFAULT_PAGE_SIZE, 14)).toBe(14);
    // Never fewer than the spec's 5, never more than 50.
    expect(fittedPageSize(SHORT_DEFAULT_PAGE_SIZE, 2)).toBe(5);
    expect(fittedPageSize(SHORT_DEFAULT_PAGE_SIZE, 400)).toBe(FIT_MAXIMUM);
    // Unknown: the list's default.
    expect(fittedPageSize(SHORT_DEFAULT_PAGE_SIZE, null)).toBe(5);
  });

  it("leaves a long list's 50 and an 'All' default as they are (they already fill any window)", () => {
    expect(fittedPageSize(LONG_DEFAULT_PAGE_SIZE, 14)).toBe(50);
    expect(fittedPageSize(LONG_DEFAULT_PAGE_SIZE, 80)).toBe(50);
    expect(fittedPageSize("All", 14)).toBe("All");
  });

  it("offers the fitted size among the page sizes, in order, 'All' last", () => {
    expect(pageSizesWith(SHORT_PAGE_SIZES, 12)).toEqual([5, 10, 12, 15, "All"]);
    expect(pageSizesWith(SHORT_PAGE_SIZES, 20)).toEqual([5, 10, 15, 20, "All"]);
    expect(pageSizesWith([5, 10], 7)).toEqual([5, 7, 10]);
    // Already offered: the same list.
    expect(pageSizesWith(SHORT_PAGE_SIZES, 10)).toBe(SHORT_PAGE_SIZES);
    expect(pageSizesWith(LONG_PAGE_SIZES, 50)).toBe(LONG_PAGE_SIZES);
  });
});
