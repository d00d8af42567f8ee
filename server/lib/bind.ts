// How a module's functions become its app-scoped service (issue 31 §1, server/services.ts). A module keeps writing
// plain functions whose first parameter is what they need: `Pick<Deps, …>` for a use case, or the database (or a
// transaction) for a read or an owner's command that another module's transaction may call. Its service is those
// functions with that first argument given once, when the app is built, so a route, a job or the page renderer
// calls `app.services.leads.submitLead(input)` and never chooses a context. The plain functions stay: a caller
// already inside a transaction passes its `tx` to the owner's command directly (docs/ARCHITECTURE.md, "Services").

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any parameter list is allowed after the first
type WithFirst<D> = (first: D, ...rest: any[]) => unknown;
type Rest<F> = F extends (first: never, ...rest: infer A) => infer R ? (...rest: A) => R : never;

/** Each function of `fns` with its first argument `first` given: `bindFirst(deps, { submitLead })`. */
export function bindFirst<D, T extends Record<string, WithFirst<D>>>(first: D, fns: T): { readonly [K in keyof T]: Rest<T[K]> } {
  const bound: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = (...rest: unknown[]) => fn(first, ...rest);
  return bound as { readonly [K in keyof T]: Rest<T[K]> };
}
