import type { ExpandedState } from "@tanstack/react-table";
import { useCallback, useState } from "react";

/** The expansion with one row's key toggled; from 'every row expanded' (true) only that row is left open. */
export function toggleExpandedKey(expanded: ExpandedState, key: string): ExpandedState {
  const open = expanded === true ? {} : { ...expanded };
  open[key] = !open[key];
  return open;
}

/** Which rows show their detail (TanStack's ExpandedState, by row key), with a stable toggle. */
export function useRowExpansion() {
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const toggleExpanded = useCallback((key: string) => setExpanded((current) => toggleExpandedKey(current, key)), []);
  return { expanded, toggleExpanded };
}
