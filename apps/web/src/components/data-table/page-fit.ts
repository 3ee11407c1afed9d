import { LONG_DEFAULT_PAGE_SIZE, PAGE_SIZE_ALL, type PageSize, TABLE_MAX_HEIGHT_RATIO } from "../../lib/constants";

/**
 * Issue 40 (decision 065): a list's rows per page fill the window's height. The table's box is at most 55% of the
 * window high (spec §9); the rows that fit in it under its header make the default page, never fewer than the
 * list's own default (the spec's 5 or 50) nor more than a long page (50). A page size in the URL (the user's
 * choice) still wins. Pure functions here; data-table's useFittedPageSize measures the rows once they are laid out.
 */

/** No more rows than a long list's page by default, whatever the window. */
export const FIT_MAXIMUM = LONG_DEFAULT_PAGE_SIZE;

export interface FitMeasure {
  /** The window's inner height, px. */
  viewportHeight: number;
  /** A body row's height as laid out, px. */
  rowHeight: number;
  /** The sticky header's height, px. */
  headerHeight: number;
}

/**
 * How many rows of `rowHeight` fit in the table's box (TABLE_MAX_HEIGHT_RATIO of the window) under its header; null
 * when nothing is laid out yet (a row or a window of no height: a test DOM, a hidden tab), so the list's default
 * stays.
 */
export function rowsThatFit({ viewportHeight, rowHeight, headerHeight }: FitMeasure): number | null {
  if (!(rowHeight >= 1) || !(viewportHeight >= 1) || !Number.isFinite(rowHeight + viewportHeight + headerHeight)) {
    return null;
  }
  const space = viewportHeight * TABLE_MAX_HEIGHT_RATIO - Math.max(0, headerHeight);
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
