import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { RouteCall } from './route-table.js';

/**
 * fast-check generators of malformed requests for one route, built around the route's valid sample
 * call: wrong types, NUL and control characters, lone surrogates, huge and negative numbers, prototype
 * keys, deep nesting, overlong strings, wrong content types, tampered list cursors.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface MalformedRequest {
  readonly kind: string;
  readonly url: string;
  readonly payload: string | undefined;
  readonly options: InjectOptions;
}

const ODD_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\uffff',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
] as const;

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.oneof(fc.constantFrom(...ODD_CHARACTERS), fc.constantFrom('a', '1', '-', '%', '/')),
    maxLength: 30,
  }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    ...PROTOTYPE_KEYS,
    '../../etc/passwd',
    "' OR 1=1 --",
    '%00',
    '',
    ' ',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '0x10',
    'null',
    '[]',
    '{}',
    '2026-02-30',
    '00000000-0000-0000-0000-000000000000',
  ),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer({ min: 1_001, max: 8_000 }).map((length) => 'a'.repeat(length)),
);

const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, -0, 0, 0.5, 1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 2 ** 63, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An object whose own enumerable keys include prototype names, as JSON.parse would make it. */
function withOwnKey(target: Record<string, Json>, key: string, value: Json): Record<string, Json> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

const prototypeObject: fc.Arbitrary<Json> = fc
  .tuple(
    fc.constantFrom(...PROTOTYPE_KEYS),
    fc.constantFrom<Json>({ admin: true }, { prototype: { admin: true } }, 'x'),
  )
  .map(([key, value]) => withOwnKey({}, key, value));

const deepNesting: fc.Arbitrary<Json> = fc.integer({ min: 50, max: 1_500 }).map((depth) => {
  let value: Json = 'deep';
  for (let level = 0; level < depth; level += 1) value = level % 2 === 0 ? [value] : { a: value };
  return value;
});

const oddJson: fc.Arbitrary<Json> = fc.oneof(
  oddString,
  oddNumber,
  fc.constant(null),
  fc.boolean(),
  prototypeObject,
  deepNesting,
  fc.array(oddString, { maxLength: 5 }),
  fc.dictionary(oddString, oddString, { maxKeys: 4 }),
  fc.integer({ min: 501, max: 3_000 }).map((length) => Array.from({ length }, () => 1)),
);

/**
 * Percent-encoding that keeps what encodeURIComponent refuses: a lone surrogate becomes its
 * (invalid) UTF-8 bytes, as a hostile client would send them.
 */
export function rawPercentEncode(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[index] ?? '');
    }
  }
  return out;
}

const oddUrlText: fc.Arbitrary<string> = fc.oneof(
  oddString.map(rawPercentEncode),
  fc.constantFrom('%00', '%ED%A0%80', '%FF', '%C0%AF', '%2e%2e%2f', '%', '%zz', 'a%00b'),
);

function pathsOf(value: unknown, prefix: readonly (string | number)[] = []): (string | number)[][] {
  const here = prefix.length === 0 ? [] : [[...prefix]];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => pathsOf(item, [...prefix, index]))];
  if (value !== null && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => pathsOf(item, [...prefix, key]))];
  }
  return here;
}

function setAt(body: unknown, path: readonly (string | number)[], value: Json): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last !== undefined) withOwnKey(node as Record<string, Json>, String(last), value);
  return copy;
}

function objectPaths(body: unknown): (string | number)[][] {
  const all = [[], ...pathsOf(body)];
  return all.filter((path) => {
    let node: unknown = body;
    for (const step of path) node = (node as Record<string | number, unknown>)[step];
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
}

const RAW_BODIES: readonly (readonly [string | undefined, string])[] = [
  ['application/json', '{'],
  ['application/json', '{"a":1,}'],
  ['application/json', '\u0000'],
  ['application/json', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
  ['application/json', `{"amount":${'9'.repeat(400)}}`],
  ['application/json', '"\\ud800"'],
  ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
  ['application/json; charset=utf-16', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&__proto__[admin]=1'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/xml', '<a>1</a>'],
  [undefined, '{"a":1}'],
];

export interface MalformedContext {
  readonly method: string;
  readonly path: string;
  readonly call: RouteCall;
  readonly headers: Readonly<Record<string, string>>;
  /** Real cursors of the route's list, to tamper with (transactions). */
  readonly cursors: readonly { query: Record<string, string>; cursor: string }[];
}

interface Parts {
  kind: string;
  params: Record<string, string>;
  query: [string, string][];
  body?: { contentType: string | undefined; text: string };
  headers?: Record<string, string>;
}

function toOptions(context: MalformedContext, parts: Parts): InjectOptions & { url: string } {
  const url = context.path.replace(/:(\w+)/g, (_match, name: string) => parts.params[name] ?? 'missing');
  const query = parts.query.map(([name, value]) => `${name}=${value}`).join('&');
  const headers: Record<string, string> = { ...context.headers, ...parts.headers };
  if (parts.body?.contentType !== undefined) headers['content-type'] = parts.body.contentType;
  return {
    method: context.method,
    url: query === '' ? url : `${url}?${query}`,
    headers,
    ...(parts.body === undefined ? {} : { payload: parts.body.text }),
  };
}

/** Every kind of malformed request that applies to the route, as one arbitrary. */
export function malformedRequests(context: MalformedContext): fc.Arbitrary<MalformedRequest> {
  const { call } = context;
  const params = Object.fromEntries(
    Object.entries(call.params ?? {}).map(([k, v]) => [k, encodeURIComponent(v)]),
  );
  const query = Object.entries(call.query ?? {}).map(([k, v]): [string, string] => [
    encodeURIComponent(k),
    encodeURIComponent(v),
  ]);
  const hasBody = !['GET', 'HEAD'].includes(context.method);
  const json = (value: unknown) => ({ contentType: 'application/json', text: JSON.stringify(value) });
  const body = call.body === undefined ? undefined : json(call.body);
  const base = (kind: string): Parts => ({ kind, params, query, ...(body === undefined ? {} : { body }) });
  const kinds: fc.Arbitrary<Parts>[] = [];

  const paramNames = Object.keys(params);
  if (paramNames.length > 0) {
    kinds.push(
      fc
        .tuple(fc.constantFrom(...paramNames), oddUrlText)
        .map(([name, value]) => ({ ...base('path parameter'), params: { ...params, [name]: value } })),
    );
  }
  const queryNames = [
    ...new Set([...query.map(([name]) => name), ...PROTOTYPE_KEYS, 'limit', 'offset', 'sort']),
  ];
  kinds.push(
    fc
      .tuple(fc.constantFrom(...queryNames), fc.array(oddUrlText, { minLength: 1, maxLength: 3 }))
      .map(([name, values]) => ({
        ...base('query'),
        query: [
          ...query.filter(([key]) => key !== name),
          ...values.map((value): [string, string] => [name, value]),
        ],
      })),
  );
  if (context.cursors.length > 0) {
    // Several times over: a cursor is the one input the client must send back untouched, and the sort
    // key (its first item) of the wrong type is what reached the database before.
    const tampered = fc
      .tuple(
        fc.constantFrom(...context.cursors),
        fc.constantFrom(0, 0, 0, 1, 2, 3, 4),
        fc.oneof(oddString, oddNumber, oddJson),
        fc.boolean(),
      )
      .map(([real, index, value, garbage]) => {
        const state = JSON.parse(Buffer.from(real.cursor, 'base64url').toString()) as Json[];
        state[index] = value;
        const text = garbage ? JSON.stringify(value) : JSON.stringify(state);
        const cursor = Buffer.from(text).toString('base64url');
        return {
          ...base('tampered cursor'),
          query: [
            ...Object.entries(real.query).map(([k, v]): [string, string] => [k, encodeURIComponent(v)]),
            ['cursor', cursor] as [string, string],
          ],
        };
      });
    kinds.push(tampered, tampered, tampered);
  }
  if (hasBody) {
    const leafPaths = pathsOf(call.body ?? {});
    if (leafPaths.length > 0) {
      kinds.push(
        fc
          .tuple(fc.constantFrom(...leafPaths), oddJson)
          .map(([path, value]) => ({ ...base('body field'), body: json(setAt(call.body, path, value)) })),
      );
    }
    kinds.push(
      fc
        .tuple(
          fc.constantFrom(...objectPaths(call.body ?? {})),
          fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), oddString),
          oddJson,
        )
        .map(([path, key, value]) => ({
          ...base('extra body key'),
          body: json(setAt(call.body ?? {}, [...path, key], value)),
        })),
      oddJson.map((value) => ({ ...base('whole body'), body: json(value) })),
      fc
        .constantFrom(...RAW_BODIES)
        .map(([contentType, text]) => ({ ...base('content type'), body: { contentType, text } })),
      fc
        .oneof(
          fc.string({
            unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
            maxLength: 400,
          }),
          fc.constantFrom('', ' ', 'a'.repeat(300), 'key with spaces'),
        )
        .map((key) => ({ ...base('idempotency key'), headers: { 'idempotency-key': key } })),
    );
  }
  return fc.oneof(...kinds).map((parts) => {
    const options = toOptions(context, parts);
    return { kind: parts.kind, url: options.url, payload: parts.body?.text, options };
  });
}
