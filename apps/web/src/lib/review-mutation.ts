import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { type ApiCall, type CallBody, sendCall } from "./api-client";

/** A call that answers with the server's message (spec §8). */
type MessageCall = ApiCall & { answer: z.ZodType<{ message: string }> };

export interface ReviewMutationDefinition<C extends MessageCall> {
  /** The mutation's key. */
  key: readonly unknown[];
  /** The registry entry (CALLS.x). */
  call: C;
  /** The domain's root key: every query under it is invalidated once the call settles. */
  invalidates: readonly unknown[];
}

/**
 * The review of a pending list (invoices, payment complements; spec §7, §8): the call, resolving with the server's
 * message, and its mutation hook. A review changes the documents' statuses, so every query of the domain (the
 * review list, the documents' list, the histories, Home's counts) is invalidated whatever the answer, and the
 * screen reloads its list after the message (spec §8 "The list is then reloaded").
 */
export function defineReviewMutation<C extends MessageCall>({ key, call, invalidates }: ReviewMutationDefinition<C>) {
  const send = async (request: CallBody<C>): Promise<string> => (await sendCall(call, request)).message;
  function useReview() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationKey: key,
      mutationFn: send,
      onSettled: () => {
        void queryClient.invalidateQueries({ queryKey: invalidates });
      },
    });
  }
  return { send, useReview };
}
