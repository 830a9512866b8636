// The bounds of a series a writer names (engine/session/series/series.ts), on their own so that the contract (and the
// browser with it) reads them without the session.

/** The longest series name, in characters. */
export const MAX_SERIES_NAME = 100;
