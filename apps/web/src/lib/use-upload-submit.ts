import { type FormEvent, useState } from "react";
import { isApiError } from "./api-client";
import { TOAST_SUCCESS_MS } from "./constants";
import { notifySuccess } from "./notify";
import type { Revision } from "./read-file";
import { useSaveCompletion } from "./save-feedback";

interface UploadSubmitOptions<R> {
  /** False while the form may not send (read-only for the role, registration incomplete…). */
  canSubmit?: boolean;
  /** Reads the files picked and runs the browser's checks: the payload, or every failing message. */
  review: () => Promise<Revision<R>>;
  /** The call; resolves with the server's message. */
  send: (request: R) => Promise<string>;
  /** How the form lists messages: the browser's checks' and the server's (spec §8: one toast). */
  notifyErrors: (errors: string[]) => void;
  /** A call that failed without an answer from the server (network, unexpected shape). */
  onCallFailed: (error: unknown) => void;
  /** Where the form goes once the success message closes. */
  onDone: () => void;
}

/**
 * The submit of an upload form (new invoice, invoice update, complement, comprobante; spec §5, §8): once at a
 * time, the browser's checks first (their messages in one toast, nothing sent), then the call; on success the
 * server's message for 3 s and the form is saved (its submit disabled) until it leaves. The server's error
 * messages go to `notifyErrors`, a call that fails without an answer to `onCallFailed`.
 */
export function useUploadSubmit<R>({
  canSubmit = true,
  review,
  send,
  notifyErrors,
  onCallFailed,
  onDone,
}: UploadSubmitOptions<R>) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const { isSaved, complete } = useSaveCompletion(onDone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || isSubmitting || isSaved) return;
    setIsSubmitting(true);
    try {
      const revision = await review();
      if (!revision.ok) {
        notifyErrors(revision.errors);
        return;
      }
      const message = await send(revision.request);
      complete((onClose) => notifySuccess(message, TOAST_SUCCESS_MS, onClose));
    } catch (error) {
      if (isApiError(error) && error.kind === "http") notifyErrors([error.message]);
      else onCallFailed(error);
    } finally {
      setIsSubmitting(false);
    }
  };

  return {
    isSubmitting,
    isSaved,
    /** The form's onSubmit. */
    onSubmit: (event: FormEvent<HTMLFormElement>) => void submit(event),
  };
}
