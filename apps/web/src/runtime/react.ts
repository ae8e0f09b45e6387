/**
 * What the app and its libraries import as `react`: Preact's compatibility layer (docs/decisions/048),
 * with the two React 19 hooks it lacks and React Router calls (`useOptimistic` in its router, `use` in
 * `<Await>`), and a `useId` whose ids are unique on the page.
 */
import compat, { type Context, useCallback, useContext, useState } from 'preact/compat';

// @ts-expect-error: preact/compat's types are written as `export =`; its module exports each name.
export * from 'preact/compat';

/** How many ids `useId` has given out on this page. */
let ids = 0;

/**
 * React's `useId`: an id for the component's lifetime, unique on the page. Preact's own counts ids per
 * tree, and a portal opened before its page's first id gets a count of its own from the same start: in
 * the app's Edit Author dialog two fields took ids other elements of the page had, and a label named the
 * wrong one.
 */
export function useId(): string {
  const [id] = useState(() => {
    ids += 1;
    return `_r${ids.toString(36)}`;
  });
  return id;
}

type Settled<T> =
  | { status: 'pending' }
  | { status: 'fulfilled'; value: T }
  | { status: 'rejected'; reason: unknown };

/** What each promise given to `use` has come to. */
const settled = new WeakMap<PromiseLike<unknown>, Settled<unknown>>();

/**
 * React's `use`: a context's value, or a promise's once it has settled. While it is pending the promise
 * is thrown, which the nearest `<Suspense>` catches (its fallback shows until the promise settles); a
 * rejected promise throws its reason to the nearest error boundary.
 */
export function use<T>(usable: PromiseLike<T> | Context<T>): T {
  if (typeof (usable as PromiseLike<T>).then !== 'function') {
    // biome-ignore lint/correctness/useHookAtTopLevel: Preact reads a context through a hook, so unlike React's, this `use(context)` must be called on every render, as the hook is.
    return useContext(usable as Context<T>);
  }
  const promise = usable as PromiseLike<T>;
  let state = settled.get(promise) as Settled<T> | undefined;
  if (!state) {
    state = { status: 'pending' };
    settled.set(promise, state);
    promise.then(
      (value) => settled.set(promise, { status: 'fulfilled', value }),
      (reason: unknown) => settled.set(promise, { status: 'rejected', reason }),
    );
  }
  if (state.status === 'fulfilled') return state.value;
  if (state.status === 'rejected') throw state.reason;
  throw promise;
}

/**
 * React's `useOptimistic`: the optimistic value shown until the value passed in next changes (React drops
 * it when the transition that set it ends; Preact's transitions end at once, so the next value is the end).
 */
export function useOptimistic<State, Action = State>(
  passthrough: State,
  reducer?: (current: State, action: Action) => State,
): [State, (action: Action) => void] {
  const [optimistic, setOptimistic] = useState<{ base: State; value: State } | null>(null);
  const current = optimistic && optimistic.base === passthrough ? optimistic.value : passthrough;
  const add = useCallback(
    (action: Action) =>
      setOptimistic((previous) => {
        const shown = previous && previous.base === passthrough ? previous.value : passthrough;
        return { base: passthrough, value: reducer ? reducer(shown, action) : (action as unknown as State) };
      }),
    [passthrough, reducer],
  );
  return [current, add];
}

export default { ...compat, use, useId, useOptimistic };
