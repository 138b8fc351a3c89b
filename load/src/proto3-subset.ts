// A reader of the proto3 subset a deployment's layout of the service's messages uses: package,
// messages (nested too), enums, fields with `optional`/`repeated`, oneofs, maps; options, reserved
// ranges, imports and services are read past. The k6 scripts cannot load protobufjs 8 (it builds a
// TextDecoder when loaded, a global k6 v2.2 does not have) and k6 has no .proto loader outside gRPC,
// so they read the .proto text they open at init with this; proto3-subset.test.ts holds it to protobufjs's parser on
// Parley's files and on another layout. Anything outside the subset is a clear error, never a guess.

export interface ProtoField {
  name: string;
  number: number;
  /** The type as written (`string`, `Piece`, `.acme.speech.v2.EndReason`, `map<string,string>`). */
  type: string;
  repeated: boolean;
  /** The full name (no leading dot) of the message or enum `type` names; absent for scalars. */
  resolved?: string;
}

export interface ProtoMessage {
  name: string;
  fullName: string;
  fields: ProtoField[];
}

export interface ProtoEnum {
  name: string;
  fullName: string;
  values: Record<string, number>;
}

export interface ProtoSchema {
  messages: Map<string, ProtoMessage>;
  enums: Map<string, ProtoEnum>;
}

export const SCALAR_TYPES = new Set([
  'double',
  'float',
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
  'bool',
  'string',
  'bytes',
]);

/** Comments out, then identifiers (dotted), numbers, strings and single punctuation marks. */
function tokenize(text: string): string[] {
  // Strings first, so a `//` inside one (an option's URL) is not taken for a comment.
  const bare = text.replace(
    /("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (_match, quoted?: string) => quoted ?? ' ',
  );
  return bare.match(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_.][\w.]*|-?\d[\w.+-]*|\S/g) ?? [];
}

class Cursor {
  at = 0;
  constructor(
    private readonly tokens: string[],
    private readonly file: string,
  ) {}
  peek(): string | undefined {
    return this.tokens[this.at];
  }
  next(): string {
    const token = this.tokens[this.at++];
    if (token === undefined) throw this.error('unexpected end of file');
    return token;
  }
  expect(token: string): void {
    const got = this.next();
    if (got !== token) throw this.error(`expected "${token}", found "${got}"`);
  }
  /** Past the next `;` (an option, a reserved range, an import). */
  skipStatement(): void {
    while (this.next() !== ';');
  }
  /** Past a `{ … }` block, nested blocks included (a service, an option's message value). */
  skipBlock(): void {
    this.expect('{');
    for (let depth = 1; depth > 0; ) {
      const token = this.next();
      if (token === '{') depth++;
      else if (token === '}') depth--;
    }
  }
  error(message: string): Error {
    return new Error(
      `${this.file}: ${message} (token ${this.at}; outside the proto3 subset the load scripts read?)`,
    );
  }
}

interface Pending {
  field: ProtoField;
  scope: string;
  file: string;
}

function fieldNumber(cursor: Cursor): number {
  const raw = cursor.next();
  const number = Number(raw);
  if (!Number.isInteger(number)) throw cursor.error(`field number "${raw}" is not an integer`);
  return number;
}

/** `[ … ]` field options and the closing `;`. */
function endOfField(cursor: Cursor): void {
  if (cursor.peek() === '[') while (cursor.next() !== ']');
  cursor.expect(';');
}

function readField(cursor: Cursor, first: string): ProtoField {
  if (first === 'required') throw cursor.error('"required" is proto2');
  let label = first;
  let type = first;
  if (label === 'optional' || label === 'repeated') type = cursor.next();
  else label = '';
  if (type === 'map') {
    cursor.expect('<');
    const key = cursor.next();
    cursor.expect(',');
    const value = cursor.next();
    cursor.expect('>');
    type = `map<${key},${value}>`;
  }
  const name = cursor.next();
  cursor.expect('=');
  const field: ProtoField = { name, number: fieldNumber(cursor), type, repeated: label === 'repeated' };
  endOfField(cursor);
  return field;
}

function readEnum(cursor: Cursor, scope: string, schema: ProtoSchema): void {
  const name = cursor.next();
  const fullName = scope ? `${scope}.${name}` : name;
  const values: Record<string, number> = {};
  cursor.expect('{');
  for (let token = cursor.next(); token !== '}'; token = cursor.next()) {
    if (token === 'option' || token === 'reserved') {
      cursor.skipStatement();
      continue;
    }
    if (token === ';') continue;
    cursor.expect('=');
    const value = fieldNumber(cursor);
    endOfField(cursor);
    values[token] = value;
  }
  schema.enums.set(fullName, { name, fullName, values });
}

function readMessage(cursor: Cursor, scope: string, schema: ProtoSchema, pending: Pending[], file: string) {
  const name = cursor.next();
  const fullName = scope ? `${scope}.${name}` : name;
  const message: ProtoMessage = { name, fullName, fields: [] };
  schema.messages.set(fullName, message);
  const add = (field: ProtoField) => {
    message.fields.push(field);
    pending.push({ field, scope: fullName, file });
  };
  cursor.expect('{');
  for (let token = cursor.next(); token !== '}'; token = cursor.next()) {
    if (token === ';') continue;
    if (token === 'message') readMessage(cursor, fullName, schema, pending, file);
    else if (token === 'enum') readEnum(cursor, fullName, schema);
    else if (token === 'option' || token === 'reserved' || token === 'extensions') cursor.skipStatement();
    else if (token === 'oneof') {
      cursor.next();
      cursor.expect('{');
      for (let inner = cursor.next(); inner !== '}'; inner = cursor.next()) {
        if (inner === 'option') cursor.skipStatement();
        else if (inner !== ';') add(readField(cursor, inner));
      }
    } else add(readField(cursor, token));
  }
}

/** The full name `type` refers to from inside `scope`, by protobuf's rule: innermost scope first. */
function resolve(type: string, scope: string, schema: ProtoSchema): string | undefined {
  const known = (name: string) => schema.messages.has(name) || schema.enums.has(name);
  if (type.startsWith('.')) return known(type.slice(1)) ? type.slice(1) : undefined;
  const parts = scope.split('.');
  for (let depth = parts.length; depth >= 0; depth--) {
    const candidate = [...parts.slice(0, depth), type].filter(Boolean).join('.');
    if (known(candidate)) return candidate;
  }
  return undefined;
}

/** Every message and enum of the files, with each field's message or enum type resolved. */
export function readProto3Subset(files: readonly { name: string; text: string }[]): ProtoSchema {
  const schema: ProtoSchema = { messages: new Map(), enums: new Map() };
  const pending: Pending[] = [];
  for (const { name: file, text } of files) {
    const cursor = new Cursor(tokenize(text), file);
    let pkg = '';
    let syntax = '';
    while (cursor.peek() !== undefined) {
      const token = cursor.next();
      if (token === ';') continue;
      if (token === 'syntax' || token === 'edition') {
        cursor.expect('=');
        syntax = cursor.next().slice(1, -1);
        cursor.expect(';');
      } else if (token === 'package') {
        pkg = cursor.next();
        cursor.expect(';');
      } else if (token === 'import' || token === 'option') cursor.skipStatement();
      else if (token === 'message') readMessage(cursor, pkg, schema, pending, file);
      else if (token === 'enum') readEnum(cursor, pkg, schema);
      else if (token === 'service') {
        cursor.next();
        cursor.skipBlock();
      } else throw cursor.error(`unexpected "${token}"`);
    }
    if (syntax !== 'proto3') throw new Error(`${file}: syntax "${syntax || 'proto2'}"; only proto3 is read`);
  }
  for (const { field, scope, file } of pending) {
    if (SCALAR_TYPES.has(field.type) || field.type.startsWith('map<')) continue;
    const resolved = resolve(field.type, scope, schema);
    if (!resolved)
      throw new Error(
        `${file}: ${scope}.${field.name} has type ${field.type}, which none of the files defines`,
      );
    field.resolved = resolved;
  }
  return schema;
}

/** The message named `name` (simple or full) in `schema`, as the conformance kit finds one: exactly one. */
export function findMessage(schema: ProtoSchema, name: string, where: string): ProtoMessage {
  const found = [...schema.messages.values()].filter((m) => m.name === name || m.fullName === name);
  if (found.length === 1) return found[0] as ProtoMessage;
  throw new Error(
    found.length === 0
      ? `no protobuf message ${name} in ${where}`
      : `${found.length} protobuf messages named ${name} in ${where}: give its full name`,
  );
}
