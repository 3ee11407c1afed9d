import type { RowSelectionState } from "@tanstack/react-table";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

/** The selection with one row's key toggled. */
export function toggleKey(selection: RowSelectionState, key: string): RowSelectionState {
  const { [key]: wasSelected, ...others } = selection;
  return wasSelected ? others : { ...selection, [key]: true };
}

/** The selection with every key given selected (or, with `isChecked` false, unselected); others as they were. */
export function setKeys(selection: RowSelectionState, keys: readonly string[], isChecked: boolean): RowSelectionState {
  const next = { ...selection };
  for (const key of keys) {
    if (isChecked) next[key] = true;
    else delete next[key];
  }
  return next;
}

/** The header checkbox over the selectable rows shown: checked when all are, mixed when some are. */
export function selectAllState(selectable: readonly { getIsSelected: () => boolean }[]) {
  const selectedCount = selectable.filter((row) => row.getIsSelected()).length;
  return {
    isChecked: selectable.length > 0 && selectedCount === selectable.length,
    isIndeterminate: selectedCount > 0 && selectedCount < selectable.length,
    isDisabled: selectable.length === 0,
  };
}

interface RowSelectionOptions<Row> {
  rows: readonly Row[];
  getRowKey: (row: Row) => string | number;
  /** Called with the selected rows, in list order, whenever they change. */
  onSelectionChange: ((selected: Row[]) => void) | undefined;
}

/**
 * The table's row selection (TanStack's RowSelectionState, by row key), reported as rows in list order whenever
 * it changes, not when only the screen's arrows do. The toggles are stable, so memoised rows keep still.
 */
export function useRowSelection<Row>({ rows, getRowKey, onSelectionChange }: RowSelectionOptions<Row>) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const onSelectionChangeRef = useRef(onSelectionChange);
  const getRowKeyRef = useRef(getRowKey);
  useLayoutEffect(() => {
    onSelectionChangeRef.current = onSelectionChange;
    getRowKeyRef.current = getRowKey;
  });
  const selectionSignature = Object.keys(rowSelection).join("\u0000");
  useEffect(() => {
    if (!onSelectionChangeRef.current) return;
    const keys = new Set(selectionSignature ? selectionSignature.split("\u0000") : []);
    onSelectionChangeRef.current(rows.filter((row) => keys.has(String(getRowKeyRef.current(row)))));
  }, [selectionSignature, rows]);

  const toggleSelected = useCallback((key: string) => setRowSelection((current) => toggleKey(current, key)), []);
  const setSelected = useCallback(
    (keys: readonly string[], isChecked: boolean) => setRowSelection((current) => setKeys(current, keys, isChecked)),
    [],
  );
  return { rowSelection, toggleSelected, setSelected };
}
