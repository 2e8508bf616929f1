/**
 * Reading the app's OpenAPI document to call every route without listing them: the operations,
 * a well-formed value for a schema, and the places inside a body where a field can go wrong.
 */

// The document is JSON Schema from zod: loose by nature.
type Schema = Record<string, any>;
export type Json = any;

export interface Operation {
  method: string;
  /** The OpenAPI path, `{name}` for a path parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: Schema | undefined;
}

export function operationsOf(doc: Schema): Operation[] {
  return Object.entries<Schema>(doc.paths).flatMap(([path, ops]) =>
    Object.entries<Schema>(ops).map(([method, op]) => {
      const params: Schema[] = op.parameters ?? [];
      const names = (where: string) => params.filter((p) => p.in === where).map((p) => p.name as string);
      return { method: method.toUpperCase(), path, pathParams: names('path'), queryParams: names('query'), body: op.requestBody?.content?.['application/json']?.schema };
    }),
  );
}

/** A value the schema accepts, as small as it allows (defaults, first options, required fields only). */
export function exampleOf(doc: Schema, s: Schema | undefined, depth = 0): Json {
  if (!s || depth > 8) return null;
  if (s.$ref) return exampleOf(doc, doc.components.schemas[s.$ref.split('/').pop()], depth + 1);
  if (s.default !== undefined) return s.default;
  if (s.nullable) return null;
  if (s.enum) return s.enum[0];
  if (s.anyOf ?? s.oneOf) return exampleOf(doc, (s.anyOf ?? s.oneOf)[0], depth + 1);
  switch (s.type) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k: string) => [k, exampleOf(doc, s.properties?.[k], depth + 1)]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => exampleOf(doc, s.items, depth + 1));
    case 'integer':
    case 'number':
      return s.exclusiveMinimum ? 1 : (s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      return s.format === 'date-time' ? '2024-03-10T00:00:00Z' : 'x'.repeat(s.minLength ?? 1);
    default:
      return null;
  }
}

/** Every property of the schema, and the first element of every list, to `maxDepth` levels. */
export function fieldsOf(doc: Schema, s: Schema | undefined, maxDepth: number, prefix: (string | number)[] = []): (string | number)[][] {
  if (!s || prefix.length >= maxDepth) return [];
  if (s.$ref) return fieldsOf(doc, doc.components.schemas[s.$ref.split('/').pop()], maxDepth, prefix);
  const children: [string | number, Schema][] =
    s.type === 'object' && s.properties ? Object.entries(s.properties) : s.type === 'array' && s.items ? [[0, s.items]] : [];
  return children.flatMap(([key, child]) => [[...prefix, key], ...fieldsOf(doc, child, maxDepth, [...prefix, key])]);
}

/** A copy of `value` with `value[path] = v`, making the objects and lists on the way. */
export function withField(value: Json, path: (string | number)[], v: Json): Json {
  const copy = structuredClone(value ?? {});
  let at = copy;
  for (const [i, key] of path.slice(0, -1).entries()) {
    if (at[key] === null || typeof at[key] !== 'object') at[key] = typeof path[i + 1] === 'number' ? [] : {};
    at = at[key];
  }
  at[path.at(-1)!] = v;
  return copy;
}
