/**
 * Business constants of the web app (spec §9). Session lifetime and cookie names live in
 * @portal/contracts because the API uses them too.
 */

/** Toast durations (spec §9). */
export const TOAST_SUCCESS_MS = 3000;
export const TOAST_EMPLOYEE_SUCCESS_MS = 2000;
export const TOAST_REVIEW_MS = 2000;
export const TOAST_ERROR_MS = 30_000;

/** Tooltip delays (spec §9): enter 100 ms, touch 700 ms, touch leave 1500 ms. */
export const TOOLTIP_ENTER_DELAY_MS = 100;
export const TOOLTIP_TOUCH_DELAY_MS = 700;
export const TOOLTIP_TOUCH_LEAVE_DELAY_MS = 1500;

/** Layout (spec §2, §9). */
export const DRAWER_WIDTH_PX = 340;
/** Collapsed drawer: icons only (mini variant) on screens wider than the breakpoint. */
export const DRAWER_COLLAPSED_WIDTH_PX = 64;
export const LAYOUT_BREAKPOINT_PX = 500;
export const HEADER_HEIGHT_PX = 64;

/** Tables (spec §9): maximum height 55% of the view, row placeholder height 53. */
export const TABLE_MAX_HEIGHT_RATIO = 0.55;
export const TABLE_MAX_HEIGHT = `${TABLE_MAX_HEIGHT_RATIO * 100}vh`;
export const TABLE_ROW_HEIGHT_PX = 53;

/** 'All' page size option, shown with the spec's wording. */
export const PAGE_SIZE_ALL = "All" as const;
export type PageSize = number | typeof PAGE_SIZE_ALL;
/** Home companies, catalogues and review tables (spec §9). */
export const SHORT_PAGE_SIZES: readonly PageSize[] = [5, 10, 15, PAGE_SIZE_ALL];
export const SHORT_DEFAULT_PAGE_SIZE = 5;
/** Orders, receipts, invoices and payments: multiples of 50 plus All (spec §9). */
export const LONG_PAGE_SIZES: readonly PageSize[] = [50, 100, 150, 200, PAGE_SIZE_ALL];
export const LONG_DEFAULT_PAGE_SIZE = 50;

/** Spec §8: a lazily loaded script chunk that has not arrived after 120 s is reported as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
