/** Injected so tests can pin timestamps; production uses the wall clock. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
