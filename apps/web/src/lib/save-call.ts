import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type ApiCall, type CallBody, sendCall } from "./api-client";

/** A save call answers `{ status, message }`: the message is what the screen shows. */
type SaveCall = ApiCall & { request: NonNullable<ApiCall["request"]> };

/**
 * One save call of a catalogue (create, update, link…): the function that posts it and resolves with the
 * server's message, its mutation options, and the hook that, on success, invalidates the lists it changes so
 * the next visit shows the change. The three catalogue feature files define their saves with it.
 */
export function defineSave<C extends SaveCall>(
  call: C,
  mutationKey: readonly unknown[],
  invalidates: readonly unknown[],
) {
  const post = async (request: CallBody<C>): Promise<string> =>
    ((await sendCall(call, request)) as { message: string }).message;
  const options = () => mutationOptions({ mutationKey: [...mutationKey], mutationFn: post });
  const useSave = () => {
    const queryClient = useQueryClient();
    return useMutation({
      ...options(),
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: [...invalidates] });
      },
    });
  };
  return { post, options, useSave };
}
