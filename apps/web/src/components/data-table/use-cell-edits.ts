import { useCallback, useRef, useState } from "react";
import type { CellValue, RowEdits } from "./data-table-logic";

const NO_EDITS: RowEdits = {};

/** The edits with one cell's value set, the row's other cells as they were. */
export const setCellEdit = (edits: RowEdits, key: string, columnId: string, value: CellValue): RowEdits => ({
  ...edits,
  [key]: { ...edits[key], [columnId]: value },
});

/**
 * The edits of the editable cells: controlled (`edits` given, each change reported through `onEditsChange`) or
 * kept here. `editCell` is stable, so memoised rows are not re-rendered by a new callback.
 */
export function useCellEdits(controlled: RowEdits | undefined, onEditsChange: ((edits: RowEdits) => void) | undefined) {
  const [ownEdits, setOwnEdits] = useState<RowEdits>(NO_EDITS);
  const edits = controlled ?? ownEdits;
  const latest = useRef({ edits, onEditsChange, isControlled: controlled !== undefined });
  latest.current = { edits, onEditsChange, isControlled: controlled !== undefined };
  const editCell = useCallback((key: string, columnId: string, value: CellValue) => {
    const { edits: current, onEditsChange: notify, isControlled } = latest.current;
    const next = setCellEdit(current, key, columnId, value);
    if (!isControlled) setOwnEdits(next);
    notify?.(next);
  }, []);
  return { edits, editCell };
}
