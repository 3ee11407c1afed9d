import { LONG_DEFAULT_PAGE_SIZE, PAGE_SIZE_ALL, type PageSize, TABLE_MAX_HEIGHT_RATIO } from "../../lib/constants";

/**
 * Issue 40 (decision 065): a list's rows per page fill the window's height. The table's box reaches down to the
 * window's bottom edge (never less than the spec's 55% of it, §9); the rows that fit in it under its header make the default page, never fewer than the
 * list's own default (the spec's 5 or 50) nor more than a long page (50). A page size in the URL (the user's
 * choice) still wins. Pure functions here; data-table's useFittedPageSize measures the rows once they are laid out.
 */

/** No more rows than a long list's page by default, whatever the window. */
export const FIT_MAXIMUM = LONG_DEFAULT_PAGE_SIZE;

/**
 * What the table's box leaves below it: the pagination bar, the card's border and the page's bottom padding, px
 * (measured at 1366×768 and 1920×1080: 52 + 2 + 32, rounded up).
 */
export const TABLE_BOTTOM_RESERVE_PX = 96;

/**
 * The table box's height in a window (issue 40, decision 065 amended): down to the window's bottom edge, the
 * pagination bar kept in view, and never less than the spec's 55% of the window. `boxTop` is the box's top edge in
 * the page (with the page scrolled to its top), px; unknown (0 or less: a test DOM), the spec's 55% alone.
 */
export function tableBoxHeight(viewportHeight: number, boxTop: number): number {
  const spec = viewportHeight * TABLE_MAX_HEIGHT_RATIO;
  if (!(boxTop > 0) || !Number.isFinite(boxTop)) return spec;
  return Math.max(spec, viewportHeight - boxTop - TABLE_BOTTOM_RESERVE_PX);
}

export interface FitMeasure {
  /** The window's inner height, px. */
  viewportHeight: number;
  /** The table box's top edge in the page, px (0 when unknown: the spec's 55% box). */
  boxTop?: number;
  /** A body row's height as laid out, px. */
  rowHeight: number;
  /** The sticky header's height, px. */
  headerHeight: number;
}

/**
 * How many rows of `rowHeight` fit in the table's box (tableBoxHeight) under its header; null
 * when nothing is laid out yet (a row or a window of no height: a test DOM, a hidden tab), so the list's default
 * stays.
 */
export function rowsThatFit({ viewportHeight, boxTop = 0, rowHeight, headerHeight }: FitMeasure): number | null {
  if (!(rowHeight >= 1) || !(viewportHeight >= 1) || !Number.isFinite(rowHeight + viewportHeight + headerHeight)) {
    return null;
  }
  const space = tableBoxHeight(viewportHeight, boxTop) - Math.max(0, headerHeight);
  return Math.max(0, Math.floor(space / rowHeight));
}

/**
 * The list's default page size for a window where `fit` rows fit: the list's default when unknown (null) or when
 * its default is 'All', otherwise `fit` between the list's default (the minimum) and FIT_MAXIMUM. A long list's 50
 * already fills any window, so only the short lists (5) grow.
 */
export function fittedPageSize(listDefault: PageSize, fit: number | null): PageSize {
  if (fit === null || listDefault === PAGE_SIZE_ALL) return listDefault;
  if (listDefault >= FIT_MAXIMUM) return listDefault;
  return Math.min(FIT_MAXIMUM, Math.max(listDefault, fit));
}

/** The 'Filas por página' options with `size` among them, in order ('All' last), so the fitted default is offered. */
export function pageSizesWith(pageSizes: readonly PageSize[], size: PageSize): readonly PageSize[] {
  if (pageSizes.includes(size) || size === PAGE_SIZE_ALL) return pageSizes;
  const numbers = [...pageSizes.filter((s): s is number => s !== PAGE_SIZE_ALL), size].sort((a, b) => a - b);
  return pageSizes.includes(PAGE_SIZE_ALL) ? [...numbers, PAGE_SIZE_ALL] : numbers;
}
