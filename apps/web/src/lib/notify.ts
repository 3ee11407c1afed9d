import { notifications } from "@mantine/notifications";
import { TOAST_EMPLOYEE_SUCCESS_MS, TOAST_ERROR_MS, TOAST_REVIEW_MS, TOAST_SUCCESS_MS } from "./constants";

/** Toasts with the spec's durations (spec §9). */
export function notifySuccess(message: string, autoClose: number = TOAST_SUCCESS_MS): string {
  return notifications.show({ message, color: "teal", autoClose });
}

export const notifyEmployeeSuccess = (message: string) => notifySuccess(message, TOAST_EMPLOYEE_SUCCESS_MS);

export function notifyReview(message: string, isSuccess: boolean): string {
  return notifications.show({ message, color: isSuccess ? "teal" : "red", autoClose: TOAST_REVIEW_MS });
}

/** Error toasts stay 30 s (spec §9); several may be on screen at once (spec §8). */
export function notifyError(message: string): string {
  return notifications.show({ message, color: "red", autoClose: TOAST_ERROR_MS });
}
