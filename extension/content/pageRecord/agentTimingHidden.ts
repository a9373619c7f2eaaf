import { uncurry } from "./mainWorldIntrinsics.js";

type Mask = <F extends object>(replacement: F, original: object) => F;

/**
 * MAIN world, agent tabs only, at document_start: hides the Server-Timing entry that told
 * agentDialogs.iife.ts this is an agent tab, so a page reading its own timing
 * (`performance.getEntriesByType("navigation")[0].serverTiming`, an entry's toJSON, a
 * PerformanceObserver, a frame's resource entry in its parent) does not find it. The
 * replacements read as natives through the recorder's mask; another realm's toString can
 * still tell them apart, as docs/security.md says.
 */
/* eslint-disable @typescript-eslint/unbound-method -- natives are taken off their prototypes on purpose, to be called through uncurry */
export function hideAgentTiming(name: string, mask: Mask): void {
  const resource = PerformanceResourceTiming.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(resource, "serverTiming");
  const nativeGet = descriptor?.get;
  if (descriptor === undefined || nativeGet === undefined) return;
  const read = uncurry(nativeGet as (this: PerformanceResourceTiming) => readonly PerformanceServerTiming[]);
  const entryName = uncurry(
    Object.getOwnPropertyDescriptor(PerformanceServerTiming.prototype, "name")?.get as (this: PerformanceServerTiming) => string,
  );
  const filter = uncurry(
    Array.prototype.filter as (
      this: readonly PerformanceServerTiming[],
      keep: (entry: PerformanceServerTiming) => boolean,
    ) => PerformanceServerTiming[],
  );
  const freeze = Object.freeze;
  const defineProperty = Object.defineProperty;
  const others = (entries: readonly PerformanceServerTiming[]): readonly PerformanceServerTiming[] =>
    freeze(filter(entries, (entry) => entryName(entry) !== name));
  const hidden = {
    get serverTiming(): readonly PerformanceServerTiming[] {
      return others(read(this as unknown as PerformanceResourceTiming));
    },
  };
  const hiddenGet = Object.getOwnPropertyDescriptor(hidden, "serverTiming")?.get;
  if (hiddenGet === undefined) return;
  defineProperty(resource, "serverTiming", { ...descriptor, get: mask(hiddenGet, nativeGet) });
  // toJSON reads the entry's internal slots, not the getter: each prototype's own is wrapped too.
  for (const prototype of [resource, PerformanceNavigationTiming.prototype]) {
    const own = Object.getOwnPropertyDescriptor(prototype, "toJSON");
    const nativeToJSON = own?.value as ((this: PerformanceResourceTiming) => Record<string, unknown>) | undefined;
    if (own === undefined || typeof nativeToJSON !== "function") continue;
    const toJSON = uncurry(nativeToJSON);
    const wrapped = {
      toJSON(this: PerformanceResourceTiming): Record<string, unknown> {
        const json = toJSON(this);
        json.serverTiming = others(read(this)).map((entry): unknown => entry.toJSON());
        return json;
      },
    };
    defineProperty(prototype, "toJSON", { ...own, value: mask(wrapped.toJSON, nativeToJSON) });
  }
}
