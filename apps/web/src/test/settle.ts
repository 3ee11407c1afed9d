/**
 * What a rendered app still has in flight when its test ends (a route loader waiting for its chunk, a
 * prefetch started without being awaited). The setup waits for it before unmounting (`settleAll`), then lets go of
 * what the render held (`disposeAll`), before the next test replaces `fetch`: a late request cannot land in the next
 * test's fake API and be reported there.
 *
 * The wait happens while the app is still mounted: the router marks a navigation finished (`status: "idle"`) only
 * once React has rendered it, which never happens after an unmount; a test that ended right after a navigation
 * started used to wait out the whole ceiling (5 s) for that (decision 043).
 */
type Settler = () => Promise<void>;

let pending: Settler[] = [];
let disposers: (() => void)[] = [];

export function onSettle(settler: Settler, dispose?: () => void): void {
  pending.push(settler);
  if (dispose) disposers.push(dispose);
}

export async function settleAll(): Promise<void> {
  const settlers = pending;
  pending = [];
  await Promise.all(settlers.map((settle) => settle()));
}

export function disposeAll(): void {
  const taken = disposers;
  disposers = [];
  for (const dispose of taken) dispose();
}

/** What a render's settler checks: the router's state and the render's query client. */
interface Settleable {
  router: { state: { status: string } };
  queryClient: { isFetching(): number; isMutating(): number; clear(): void };
}

/**
 * Registers the settler of one render (renderApp, renderScreen): up to 5 s, still mounted, for the router's loaders
 * and its render of the last navigation, and every query they started; then lets go of the render's query cache.
 */
export function settleRender({ router, queryClient }: Settleable): void {
  onSettle(
    async () => {
      for (let waited = 0; waited < 5000; waited += 20) {
        if (router.state.status === "idle" && queryClient.isFetching() === 0 && queryClient.isMutating() === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    () => queryClient.clear(),
  );
}
