// A command's action that loads its module on use: `karya list` does not pay for the SDK, SQLite or resvg.

/** The action `load()` gives, loaded at the command's first run. */
export const lazyCommand =
  <A extends unknown[]>(load: () => Promise<(...args: A) => unknown>) =>
  async (...args: A): Promise<void> => {
    await (
      await load()
    )(...args);
  };
