import { useCallback, useEffect, useRef, useState } from "react";
import { isApiError } from "./api-client";
import { notifyError } from "./notify";

/**
 * Spec §8 save failures (supplier, employee, company): when the server answers with an error, a red
 * message shows its text; a network failure (or an answer of unexpected shape) is only logged.
 */
export function notifySaveError(error: unknown, context: string): void {
  if (isApiError(error) && error.kind === "http") notifyError(error.message);
  else console.error(context, error);
}

/**
 * Spec §4 form mode: "After a successful save the save button is disabled and the user returns to the
 * catalogue after the message closes." `complete` shows the success message (through `notify`, which
 * receives the close callback) and marks the form saved; `leave` runs when the message closes, unless the
 * user already left the screen.
 */
export function useSaveCompletion(leave: () => void) {
  const [isSaved, setIsSaved] = useState(false);
  const leaveRef = useRef(leave);
  const isMounted = useRef(false);

  useEffect(() => {
    leaveRef.current = leave;
  }, [leave]);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  const complete = useCallback((notify: (onClose: () => void) => void) => {
    setIsSaved(true);
    notify(() => {
      if (isMounted.current) leaveRef.current();
    });
  }, []);

  return { isSaved, complete };
}
