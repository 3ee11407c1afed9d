import { useBlocker } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { isApiError } from "../../lib/api-client";
import { notifyReview } from "../../lib/notify";
import { notifyErrorList } from "../../lib/notify-list";
import { session } from "../../lib/session";
import { useRegisterUnsentEdits } from "../../lib/unsent-edits";
import type { RowEdits } from "./data-table-logic";
import {
  filasMarcadasRevision,
  filasSinEnviar,
  markReviewedOnEdit,
  type RevisionConfig,
  type RevisionResultado,
} from "./review-logic";

const NO_EDITS: RowEdits = {};

interface ReviewStateOptions<Row, Estatus extends string, R> {
  config: RevisionConfig<Row, Estatus>;
  rows: readonly Row[];
  build: (rows: readonly Row[], edits: RowEdits) => RevisionResultado<R>;
  send: (request: R[]) => Promise<string>;
  errorContext: string;
}

/**
 * The state of a review list: the edits (a status or comment change ticks Revisado, issue 23), the checked rows,
 * the confirmation dialog and its 'Aceptar' (send, show the server's message, start again from the reloaded
 * list), and the guard against leaving with decisions not sent.
 */
export function useReviewState<Row, Estatus extends string, R>(options: ReviewStateOptions<Row, Estatus, R>) {
  const { config, rows, build, send } = options;
  const [edits, setEdits] = useState<RowEdits>(NO_EDITS);
  const [isConfirming, setIsConfirming] = useState(false);
  const checkedRows = filasMarcadasRevision(config, rows, edits);
  const sinEnviar = filasSinEnviar(config, rows, edits).length;
  useRegisterUnsentEdits(sinEnviar);

  // Issue 23: changing a row's status or comment ticks its Revisado, so the decision is sent.
  const onEditsChange = useCallback((next: RowEdits) => setEdits((previous) => markReviewedOnEdit(previous, next)), []);

  // Leaving the list (another screen, a reload, closing the tab) with decisions not sent asks first; the list's own
  // URL updates (search, page, filter) are not leaving, and once the session is gone nothing can be sent anyway.
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && session.peek() !== null,
    enableBeforeUnload: () => sinEnviar > 0,
    disabled: sinEnviar === 0,
    withResolver: true,
  });

  const openConfirmation = () => {
    const revision = build(rows, edits);
    if (!revision.ok) {
      notifyErrorList(revision.errors);
      return;
    }
    setIsConfirming(true);
  };

  const accept = async () => {
    const revision = build(rows, edits);
    if (!revision.ok || revision.request.length === 0) {
      setIsConfirming(false);
      if (!revision.ok) notifyErrorList(revision.errors);
      return;
    }
    try {
      notifyReview(await send(revision.request), true);
    } catch (error) {
      // Spec §8: the server's refusal is shown with every line; a network failure is only logged.
      if (isApiError(error) && error.kind === "http") notifyReview(error.message, false);
      else console.error(options.errorContext, error);
    } finally {
      setIsConfirming(false);
      // The list reloads with the stored state (spec §8): the table starts again from it.
      setEdits(NO_EDITS);
    }
  };

  return {
    edits,
    onEditsChange,
    checkedRows,
    isConfirming,
    openConfirmation,
    cancelConfirmation: () => setIsConfirming(false),
    accept,
    isLeaving: blocker.status === "blocked",
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
