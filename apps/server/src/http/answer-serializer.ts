import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The route serializer of every answer: a writer compiled once per answer schema (fast-json-stringify,
 * from the schema's wire form as JSON Schema), in place of encoding each answer through zod and then
 * `JSON.stringify`. That encoding checked every field of every answer again and was the largest part
 * of the transaction list's own work after its queries (docs/decisions/0024). The writer writes only
 * the fields the schema declares, in its order, and dates as ISO text, as zod's encoding did: a field
 * a handler adds by mistake still never leaves the server. What it no longer does is refuse, with a
 * 500, an answer whose values break the schema (a number for a text, an unknown enum value); the
 * handlers' types, checked against the same schemas at compile time, stand for that.
 *
 * `checked` (tests and development) also encodes each answer through zod and throws unless the two
 * texts are the same, so that every answer the test suite sends proves the writer right, and an answer
 * that breaks its schema still fails there.
 */
export function answerSerializerCompiler({
  checked,
}: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return (routeSchema) => {
    const { schema, method, url } = routeSchema;
    // Anything but a zod schema is what the zod compiler refuses, as before.
    if (!(schema instanceof z.ZodType)) return zodSerializerCompiler(routeSchema as never);
    // Compiled at the first answer, not at start: Fastify asks for the writer of every status of every
    // route when the app starts (a few hundred), and most are never sent by a given process.
    let compiled: ((data: unknown) => string) | undefined;
    const write = (data: unknown): string => {
      // The wire form: a `dateTime` is ISO text there (a `Date` in code).
      compiled ??= fastJsonStringify(
        z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as fastJsonStringify.Schema,
      );
      return compiled(data);
    };
    if (!checked) return write;
    const encode = zodSerializerCompiler(routeSchema as never);
    return (data: unknown) => {
      const expected = encode(data);
      const written = write(data);
      if (written !== expected) {
        throw new Error(
          `${method} ${url}: the answer's writer wrote ${written} where zod encodes ${expected}`,
        );
      }
      return written;
    };
  };
}
