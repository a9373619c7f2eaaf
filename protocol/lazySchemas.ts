import type { z } from "zod";

/**
 * Schemas built on first use. The content script is evaluated at every document start of every
 * http(s) tab, before the page's own first script, and building zod schemas was most of that
 * evaluation: a tab no agent talks to should build none, and an agent's tab only those its calls use.
 */
export type SchemaFactory = () => z.ZodType;
export type SchemaFactories = Record<string, SchemaFactory>;

/** What a factory's schema parses to. */
export type Built<F> = F extends () => infer S ? (S extends z.ZodType ? z.output<S> : never) : never;

/** One schema, built when first asked for and kept. */
export function lazySchema<S extends z.ZodType>(build: () => S): () => S {
  let built: S | undefined;
  return () => (built ??= build());
}

/** A record of factories as one lookup that builds each entry once. */
export function schemaLookup<F extends SchemaFactories>(factories: F): <K extends keyof F & string>(key: K) => ReturnType<F[K]> {
  const built = new Map<string, z.ZodType>();
  return <K extends keyof F & string>(key: K): ReturnType<F[K]> => {
    let schema = built.get(key);
    if (schema === undefined) {
      // K is a key of F, so the factory is there (the index type alone does not say so).
      schema = (factories[key] as SchemaFactory)();
      built.set(key, schema);
    }
    return schema as ReturnType<F[K]>;
  };
}
