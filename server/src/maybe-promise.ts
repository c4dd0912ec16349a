// Not named then: a module that exports `then` is a thenable, and `await import()` of it calls it.
/** A value at once, or later. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * f applied to x: at once when x is a value, after it when a promise. What answers from memory
 * (the search index, kept products) answers at once, so a request served from there runs with no
 * promise and no await on its way (each costs a microtask and, with the request context's async
 * hooks, a hook call per promise); the database answers with promises, in the same order as before.
 */
export function andThen<T, R>(x: MaybePromise<T>, f: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return x instanceof Promise ? x.then(f) : f(x);
}
