// The schemas of the OpenAPI document (./openapi.ts): every zod schema the contract exports as a component, in its
// output form and, where a client sends another shape, its input form (`…Input`); the schema of a request, an
// answer or a route's parameters, by reference where the contract names it; the input forms no request uses left out.
import * as z from 'zod';
import * as contract from '../engine/contract/index.js';

type Json = Record<string, unknown>;
export type JsonSchema = Json;

/** Every zod schema the contract exports, by name without "Schema" (the first name wins for one exported twice). */
export function contractSchemas(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [name, value] of Object.entries(contract)) {
    if (name.endsWith('Schema') && value instanceof z.ZodType && !names.has(value))
      names.set(value, name.slice(0, -'Schema'.length));
  }
  return names;
}

export function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, id: _name, ...rest } = schema;
  return rest;
}

/**
 * The components' schemas: each as the server answers it (output), and, where a client sends it in another
 * shape (defaults not yet applied, values coerced), as the client sends it, named `…Input`.
 */
export function componentSchemas(names: Map<z.ZodType, string>): {
  schemas: Record<string, JsonSchema>;
  inputName(name: string): string;
} {
  const registry = z.registry<{ id: string }>();
  for (const [schema, name] of names) registry.add(schema, { id: name });
  const generate = (io: 'input' | 'output', uri: (id: string) => string) =>
    (
      z.toJSONSchema(registry, { target: 'draft-2020-12', io, unrepresentable: 'any', uri }) as {
        schemas: Record<string, JsonSchema>;
      }
    ).schemas;
  const output = generate('output', (id) => `#/components/schemas/${id}`);
  // A schema needs its own input form when its input differs, or when it refers to one that does.
  let differing = new Set<string>();
  let input = output;
  for (let round = 0; round < 10; round++) {
    const known = differing;
    input = generate('input', (id) => `#/components/schemas/${known.has(id) ? `${id}Input` : id}`);
    const next = new Set(Object.keys(input).filter((id) => JSON.stringify(input[id]) !== JSON.stringify(output[id])));
    if (next.size === differing.size && [...next].every((id) => differing.has(id))) break;
    differing = next;
  }
  const schemas: Record<string, JsonSchema> = {};
  for (const [id, schema] of Object.entries(output)) schemas[id] = withoutDialect(schema);
  for (const id of differing) schemas[`${id}Input`] = withoutDialect(input[id]!);
  return { schemas, inputName: (name) => (differing.has(name) ? `${name}Input` : name) };
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The schema of a request's body, of an answer, and a route's parameters, each by reference where it is named. */
export function schemaMakers(names: Map<z.ZodType, string>, inputName: (name: string) => string) {
  const requestSchema = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    return name
      ? ref(inputName(name))
      : withoutDialect(
          z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema,
        );
  };
  const responseSchema = (schema: z.ZodType): JsonSchema => {
    const name = names.get(schema);
    return name
      ? ref(name)
      : withoutDialect(
          z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as JsonSchema,
        );
  };
  /** The parameters of an object schema (path, query or header), one per property. */
  const parameters = (schema: z.ZodType, where: 'path' | 'query' | 'header'): Json[] => {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    return Object.entries(json.properties ?? {}).map(([name, property]) => {
      const { description, ...rest } = property;
      return {
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: rest,
        ...(typeof description === 'string' ? { description } : {}),
      };
    });
  };
  return { requestSchema, responseSchema, parameters };
}

/** The input forms no request uses (a response's) left out of `schemas`: those no `$ref` reached from `paths` names. */
export function dropUnusedInputs(schemas: Record<string, JsonSchema>, paths: Json): void {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') {
        const name = v.slice('#/components/schemas/'.length);
        if (!used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      } else visit(v);
    }
  };
  visit(paths);
  for (const name of Object.keys(schemas)) if (name.endsWith('Input') && !used.has(name)) delete schemas[name];
}
