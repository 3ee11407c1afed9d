import { CALLS } from "@portal/contracts";
import { defineList, operatorBody } from "../../lib/list-query";
import { defineReviewMutation } from "../../lib/review-mutation";
import { pagosKeys } from "../pagos/api";

/** Under the payments' root: whatever invalidates the payments invalidates the review list too. */
export const pagosPendientesKeys = { all: [...pagosKeys.all, "pendientes"] as const };

/** POST /api/pagosPendientes/getPagos (spec §7): the complements to review, with the reviewer's comment. */
export const pagosPendientesList = defineList({
  key: [...pagosPendientesKeys.all, "list"],
  call: CALLS.pagosPendientesGetPagos,
  body: operatorBody,
});

/**
 * PATCH /api/pagosPendientes/patchPagos, resolving with the server's message (spec §8); every payment query (the
 * review list, /Pagos, Home's counts) is invalidated whatever the answer.
 */
const revision = defineReviewMutation({
  key: [...pagosPendientesKeys.all, "patch"],
  call: CALLS.patchPagos,
  invalidates: pagosKeys.all,
});
export const patchPagos = revision.send;
export const usePatchPagos = revision.useReview;
