import type * as intrinsics from "../../extension/content/dom/intrinsics.js";

type Intrinsics = typeof intrinsics;

/**
 * For unit tests whose nodes are plain fakes, in Node with no DOM: each captured DOM member of
 * extension/content/dom/intrinsics.ts as a plain read (or call) of that member on the fake.
 */
export function plainMemberReads(): Intrinsics {
  const renamed: Partial<Record<keyof Intrinsics, string>> = { formElements: "elements", formAction: "action", documentTitle: "title" };
  return new Proxy({} as Intrinsics, {
    has: () => true,
    get(_target, name) {
      // Not a module namespace's thenable: `await import()` of the mock must not call `then`.
      if (typeof name !== "string" || name === "then") return undefined;
      const member = renamed[name as keyof Intrinsics] ?? name;
      return (self: Record<string, unknown>, ...args: unknown[]): unknown => {
        const value = self[member];
        return typeof value === "function" ? (value as (...given: unknown[]) => unknown).apply(self, args) : value;
      };
    },
  });
}
