/**
 * One real chrome.* listener per event (and webRequest filter), shared by the short-lived
 * watches every write arms and drops (navigation, new tabs, the gatekeeper's guard).
 * Registering a filtered webRequest listener costs the worker about a millisecond of
 * synchronous work and removing it half that, and a click used to add and remove a dozen
 * listeners on its critical path. The real listener is registered at once when the first
 * watch subscribes, so no event is missed, and stays a while after the last one leaves, so
 * a run of commands registers it once.
 */
export const LINGER_MS = 30_000;

type Callback<A extends unknown[]> = (...args: A) => void;

interface PlainEvent<A extends unknown[]> {
  addListener(callback: Callback<A>): void;
  removeListener(callback: Callback<A>): void;
}

interface FilteredEvent<A extends unknown[], F> {
  addListener(callback: Callback<A>, filter: F): void;
  removeListener(callback: Callback<A>): void;
}

interface Shared {
  subscribers: Set<Callback<never[]>>;
  idle: ReturnType<typeof setTimeout> | undefined;
  /** Removes the real listener and forgets this entry. */
  drop: () => void;
}

const shared = new Map<object, Map<string, Shared>>();

/** Subscribes to a chrome event through the shared listener; the returned function unsubscribes. */
export function subscribe<A extends unknown[]>(event: PlainEvent<A>, callback: Callback<A>): () => void {
  return join(
    event,
    "",
    callback,
    (real) => event.addListener(real),
    (real) => event.removeListener(real),
  );
}

/** The same for a webRequest event, with its filter (one real listener per distinct filter). */
export function subscribeFiltered<A extends unknown[], F>(event: FilteredEvent<A, F>, filter: F, callback: Callback<A>): () => void {
  return join(
    event,
    JSON.stringify(filter),
    callback,
    (real) => event.addListener(real, filter),
    (real) => event.removeListener(real),
  );
}

function join<A extends unknown[]>(
  event: object,
  key: string,
  callback: Callback<A>,
  add: (real: Callback<A>) => void,
  remove: (real: Callback<A>) => void,
): () => void {
  const byKey = shared.get(event) ?? new Map<string, Shared>();
  shared.set(event, byKey);
  const entry = byKey.get(key) ?? register(byKey, key, add, remove);
  clearTimeout(entry.idle);
  entry.idle = undefined;
  const subscriber = callback as unknown as Callback<never[]>;
  entry.subscribers.add(subscriber);
  return () => {
    if (!entry.subscribers.delete(subscriber) || entry.subscribers.size > 0) return;
    entry.idle = setTimeout(() => {
      if (entry.subscribers.size === 0) entry.drop();
    }, LINGER_MS);
  };
}

function register<A extends unknown[]>(
  byKey: Map<string, Shared>,
  key: string,
  add: (real: Callback<A>) => void,
  remove: (real: Callback<A>) => void,
): Shared {
  const subscribers = new Set<Callback<never[]>>();
  const real: Callback<A> = (...args) => {
    // A copy: a watch that subscribes while this event is delivered hears from the next one,
    // as with chrome's own listeners; one that leaves meanwhile is not called.
    for (const subscriber of [...subscribers]) {
      if (!subscribers.has(subscriber)) continue;
      try {
        (subscriber as unknown as Callback<A>)(...args);
      } catch (error) {
        // One watch's fault must not keep the event from the others.
        console.error("WebOperator: an event listener failed", error);
      }
    }
  };
  add(real);
  const entry: Shared = {
    subscribers,
    idle: undefined,
    drop: () => {
      remove(real);
      byKey.delete(key);
    },
  };
  byKey.set(key, entry);
  return entry;
}
