/**
 * What a rendered app still has in flight when its test ends (a route loader waiting for its chunk, a
 * prefetch started without being awaited). The setup waits for it before the next test replaces `fetch`,
 * so a late request cannot land in the next test's fake API and be reported there.
 */
type Settler = () => Promise<void>;

let pending: Settler[] = [];

export function onSettle(settler: Settler): void {
  pending.push(settler);
}

export async function settleAll(): Promise<void> {
  const settlers = pending;
  pending = [];
  await Promise.all(settlers.map((settle) => settle()));
}
