import { type RefObject, useLayoutEffect, useMemo, useState } from "react";
import { type PageSize, TABLE_MAX_HEIGHT } from "../../lib/constants";
import { FIT_MAXIMUM, fittedPageSize, pageSizesWith, rowsThatFit, tableBoxHeight } from "./page-fit";

/** The box's top edge in the page (with the page scrolled to its top), px. */
const topInPage = (box: HTMLElement) => box.getBoundingClientRect().top + window.scrollY;

/**
 * The table box's maximum height (issue 40, decision 065 amended): the spec's 55vh until laid out, then down to the
 * window's bottom edge with the pagination in view (tableBoxHeight), again after every resize of the window.
 */
export function useTableBoxHeight(scrollRef: RefObject<HTMLDivElement | null>): string {
  const [height, setHeight] = useState<string>(TABLE_MAX_HEIGHT);
  useLayoutEffect(() => {
    const measure = () => {
      const box = scrollRef.current;
      if (!box) return;
      setHeight(`${Math.floor(tableBoxHeight(window.innerHeight, topInPage(box)))}px`);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [scrollRef]);
  return height;
}

/**
 * Issue 40 (decision 065): the list's default page size and its 'Filas por página' options once the rows that fit
 * the window are known (page-fit.ts). Until the first rows are laid out (and in a test DOM, which lays out nothing)
 * they are the list's own.
 */
export function usePageFit(listDefault: PageSize, listPageSizes: readonly PageSize[]) {
  const [fit, setFit] = useState<number | null>(null);
  const defaultPageSize = fittedPageSize(listDefault, fit);
  const pageSizes = useMemo(() => pageSizesWith(listPageSizes, defaultPageSize), [listPageSizes, defaultPageSize]);
  return {
    defaultPageSize,
    pageSizes,
    /** Whether the window may still change the default: not measured yet, and a list whose default can grow. */
    isToMeasure: fit === null && fittedPageSize(listDefault, FIT_MAXIMUM) !== listDefault,
    setFit,
  };
}

/**
 * Measures, once the first rows are laid out and before the browser paints them, how many rows fit in the table's
 * box of this window: the first body row's and the header's heights as laid out. Measured once per visit: resizing
 * the window later does not move the page under the user.
 */
export function useMeasurePageFit(
  scrollRef: RefObject<HTMLDivElement | null>,
  isReady: boolean,
  setFit: (fit: number) => void,
): void {
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (!isReady || !box) return;
    const fit = rowsThatFit({
      viewportHeight: window.innerHeight,
      boxTop: topInPage(box),
      rowHeight: box.querySelector("tbody tr")?.getBoundingClientRect().height ?? 0,
      headerHeight: box.querySelector("thead")?.getBoundingClientRect().height ?? 0,
    });
    if (fit !== null) setFit(fit);
  }, [isReady, scrollRef, setFit]);
}
