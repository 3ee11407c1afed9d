/** Injectable time source: session expiry and sign-in throttling are tested without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
