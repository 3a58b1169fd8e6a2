/**
 * A module fetched when it is first needed rather than with the page (decision 014): every caller shares one import,
 * and a failed one (offline) is tried again by the next caller. `load` must be a literal `() => import('…')` so the
 * build still splits it out.
 */
export function importOnce<M>(load: () => Promise<M>) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load(): Promise<M> {
      loading ??= load().then(
        (loaded) => (module = loaded),
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    /** The module once it has arrived, undefined before. */
    get loaded(): M | undefined {
      return module;
    },
  };
}
