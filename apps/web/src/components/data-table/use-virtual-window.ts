import { observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useRef } from "react";
import { TABLE_ROW_HEIGHT_PX } from "../../lib/constants";

/** Above this many rows on an 'All' page the body is virtualised: only the rows in view are mounted. */
const WINDOWING_THRESHOLD = 150;
const OVERSCAN_ROWS = 10;
/** A scroll box not laid out yet (or a test DOM) reports no height; window as if it showed this much. */
const FALLBACK_VIEWPORT_PX = 600;

/** Whether a page of `rowCount` rows is windowed: only an 'All' page of a long list is. */
export const isWindowedPage = (isAllPage: boolean, rowCount: number): boolean =>
  isAllPage && rowCount > WINDOWING_THRESHOLD;

/**
 * The height of a mounted row as the virtualiser counts it: an expanded row is its row plus the detail row under
 * it; never less than a row (jsdom measures 0).
 */
export function measureRowElement(element: Element): number {
  const detail = element.nextElementSibling;
  const detailHeight = detail?.hasAttribute("data-detail") ? detail.getBoundingClientRect().height : 0;
  return Math.max(TABLE_ROW_HEIGHT_PX, element.getBoundingClientRect().height + detailHeight);
}

interface VirtualWindowOptions<PageRow extends { id: string }> {
  /** The rows of the page. */
  rows: readonly PageRow[];
  /** The page is 'All' (only such a page is windowed). */
  isAllPage: boolean;
  /** Rows may grow (expanded rows): they are measured as mounted instead of taken at the row height. */
  isMeasured: boolean;
}

/**
 * Row virtualisation of an 'All' page of a long list (@tanstack/react-virtual): the rows to mount and the
 * spacers above and below them, in the scroll box `scrollRef` points at. Shorter pages mount every row.
 */
export function useVirtualWindow<PageRow extends { id: string }>({
  rows,
  isAllPage,
  isMeasured,
}: VirtualWindowOptions<PageRow>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const isWindowed = isWindowedPage(isAllPage, rows.length);
  // Stable between keystroke renders: the virtualiser re-measures every row when its key function changes.
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: isWindowed ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) => notify({ ...rect, height: rect.height || FALLBACK_VIEWPORT_PX })),
    enabled: isWindowed,
    getItemKey,
    measureElement: measureRowElement,
  });
  const items = isWindowed ? virtualizer.getVirtualItems() : [];
  const first = items[0];
  const last = items[items.length - 1];
  const start = isWindowed ? (first?.index ?? 0) : 0;
  const end = isWindowed ? (last?.index ?? -1) + 1 : rows.length;
  return {
    scrollRef,
    isWindowed,
    /** Position of the first mounted row on the page. */
    start,
    mountedRows: isWindowed ? rows.slice(start, end) : rows,
    paddingTop: isWindowed ? (first?.start ?? 0) : 0,
    paddingBottom: isWindowed ? virtualizer.getTotalSize() - (last?.end ?? 0) : 0,
    /** Ref of each mounted row, for the virtualiser's measurements (only when rows are measured). */
    measureRef: isWindowed && isMeasured ? virtualizer.measureElement : undefined,
    resetScroll: () => scrollRef.current?.scrollTo({ top: 0 }),
  };
}
