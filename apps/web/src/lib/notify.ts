import { notifications } from "portal:notifications-store";
import { TOAST_EMPLOYEE_SUCCESS_MS, TOAST_ERROR_MS, TOAST_REVIEW_MS, TOAST_SUCCESS_MS } from "./constants";
import { durationFor, messageBody } from "./notify-list";

/** Every toast can be closed by name (a 30 s error toast may sit over the top bar's avatar). */
const closeButtonProps = { "aria-label": "Cerrar mensaje" };

/**
 * Toasts with the spec's durations (spec §9). `onClose` runs when the toast closes (spec §4: after a
 * successful save "the user returns to the catalogue after the message closes").
 */
export function notifySuccess(message: string, autoClose: number = TOAST_SUCCESS_MS, onClose?: () => void): string {
  return notifications.show({ message, color: "teal", autoClose, onClose, closeButtonProps });
}

export const notifyEmployeeSuccess = (message: string, onClose?: () => void) =>
  notifySuccess(message, TOAST_EMPLOYEE_SUCCESS_MS, onClose);

/**
 * A review's answer (spec §8, §9): 2 s, green on success, red with every line of the server's reasons — kept until
 * closed when there are several (decision 061).
 */
export function notifyReview(message: string, isSuccess: boolean): string {
  return notifications.show({
    message: messageBody([message]),
    color: isSuccess ? "teal" : "red",
    autoClose: durationFor([message], TOAST_REVIEW_MS),
    closeButtonProps,
  });
}

/** A notice that something is not as usual (the ERP answering from the last read): yellow, as long as an error. */
export function notifyWarning(message: string): string {
  return notifications.show({ message, color: "yellow", autoClose: TOAST_ERROR_MS, closeButtonProps });
}

/** Error toasts stay 30 s (spec §9); several may be on screen at once (spec §8). */
export function notifyError(message: string): string {
  return notifications.show({ message, color: "red", autoClose: TOAST_ERROR_MS, closeButtonProps });
}
