import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OTHER_LAYOUT } from '@parley/conformance/testing/variants';
import { PROTO_FILES } from '@parley/schemas/constants';
import { protoDir } from '@parley/schemas/paths';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { findMessage, readProto3Subset } from './proto3-subset.js';

// The reader of the proto3 subset held to protobufjs's parser: on Parley's files and on another
// layout every message, field (number, type, repeated, resolved type) and enum value agree.

const parleyFiles = PROTO_FILES.map((f) => join(protoDir, f));
const read = (paths: readonly string[]) => paths.map((name) => ({ name, text: readFileSync(name, 'utf8') }));

/** What protobufjs makes of the same files, in the reader's shape. */
function byProtobufjs(paths: readonly string[]) {
  const root = new protobuf.Root();
  root.loadSync([...paths], { keepCase: true });
  root.resolveAll();
  const messages: Record<string, unknown[]> = {};
  const enums: Record<string, Record<string, number>> = {};
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Type)
        messages[nested.fullName.slice(1)] = nested.fieldsArray.map((f) => ({
          name: f.name,
          number: f.id,
          repeated: f.repeated,
          resolved: f.resolvedType ? f.resolvedType.fullName.slice(1) : undefined,
        }));
      if (nested instanceof protobuf.Enum) enums[nested.fullName.slice(1)] = { ...nested.values };
      if (nested instanceof protobuf.Namespace) walk(nested);
    }
  };
  walk(root);
  return { messages, enums };
}

function byReader(paths: readonly string[]) {
  const schema = readProto3Subset(read(paths));
  return {
    messages: Object.fromEntries(
      [...schema.messages.values()].map((m) => [
        m.fullName,
        m.fields.map(({ name, number, repeated, resolved }) => ({ name, number, repeated, resolved })),
      ]),
    ),
    enums: Object.fromEntries([...schema.enums.values()].map((e) => [e.fullName, e.values])),
  };
}

describe('the proto3 subset reader', () => {
  for (const [label, paths] of [
    ["Parley's schemas/proto", parleyFiles],
    ['another layout (other-layout.proto)', [OTHER_LAYOUT]],
  ] as const) {
    it(`reads ${label} as protobufjs does`, () => {
      const ours = byReader(paths);
      expect(ours).toEqual(byProtobufjs(paths));
      expect(Object.keys(ours.messages).length).toBeGreaterThanOrEqual(4);
    });
  }

  it('reads nesting, scopes, maps, options, reserved ranges, services and strings with // in them', () => {
    const text = `// a deployment's layout
      syntax = "proto3";
      package x.y;
      import "google/protobuf/empty.proto";
      option go_package = "example.com/x//y";
      /* a block
         comment */
      enum Top { TOP_UNSPECIFIED = 0; reserved 5 to 9; option allow_alias = true; ALIAS = 0; }
      message Outer {
        reserved 3, 15 to 20; reserved "old";
        message Inner { enum Kind { KIND_UNSPECIFIED = 0; SESSION_ENDED = -1; } Kind kind = 1; }
        Inner inner = 1 [deprecated = true];
        map<string, int32> counts = 2;
        oneof body { Top top = 4; .x.y.Outer.Inner.Kind kind = 5; bool connected = 6; }
        repeated string tags = 7;
        optional string speaker = 8;
      }
      service S { rpc Call (Outer) returns (Outer) { option idempotency_level = NO_SIDE_EFFECTS; } }`;
    const schema = readProto3Subset([{ name: 'x.proto', text }]);
    expect(schema.enums.get('x.y.Outer.Inner.Kind')?.values).toEqual({
      KIND_UNSPECIFIED: 0,
      SESSION_ENDED: -1,
    });
    expect(schema.enums.get('x.y.Top')?.values).toEqual({ TOP_UNSPECIFIED: 0, ALIAS: 0 });
    const outer = schema.messages.get('x.y.Outer');
    expect(outer?.fields.map((f) => [f.name, f.number, f.repeated, f.resolved])).toEqual([
      ['inner', 1, false, 'x.y.Outer.Inner'],
      ['counts', 2, false, undefined],
      ['top', 4, false, 'x.y.Top'],
      ['kind', 5, false, 'x.y.Outer.Inner.Kind'],
      ['connected', 6, false, undefined],
      ['tags', 7, true, undefined],
      ['speaker', 8, false, undefined],
    ]);
    expect(schema.messages.get('x.y.Outer.Inner')?.fields[0]?.resolved).toBe('x.y.Outer.Inner.Kind');
    expect(findMessage(schema, 'Inner', 'x.proto').fullName).toBe('x.y.Outer.Inner');
  });

  it('says what it cannot read, naming the file', () => {
    const bad = (text: string) => () => readProto3Subset([{ name: 'acme.proto', text }]);
    expect(bad('syntax = "proto2"; message A { optional string a = 1; }')).toThrow(
      /acme\.proto: syntax "proto2"; only proto3 is read/,
    );
    expect(bad('message A { string a = 1; }')).toThrow(/syntax "proto2"/);
    expect(bad('syntax = "proto3"; message A { Missing m = 1; }')).toThrow(
      /acme\.proto: A\.m has type Missing, which none of the files defines/,
    );
    expect(bad('syntax = "proto3"; message A { required string a = 1; }')).toThrow(/"required" is proto2/);
    expect(bad('syntax = "proto3"; message A { string a = x; }')).toThrow(/field number "x"/);
    expect(bad('syntax = "proto3"; message A { string a = 1;')).toThrow(/unexpected end of file/);
    expect(bad('syntax = "proto3"; extend A { string b = 2; }')).toThrow(/unexpected "extend"/);
  });

  it('finds a message by its simple or full name, exactly one', () => {
    const schema = readProto3Subset(read([...parleyFiles, OTHER_LAYOUT]));
    expect(findMessage(schema, 'LiveResult', 'f').fullName).toBe('acme.speech.v2.LiveResult');
    expect(findMessage(schema, 'parley.v1.SessionTTSRequest', 'f').fullName).toBe(
      'parley.v1.SessionTTSRequest',
    );
    expect(() => findMessage(schema, 'SessionTTSRequest', 'PROTO_FILE (a, b)')).toThrow(
      '2 protobuf messages named SessionTTSRequest in PROTO_FILE (a, b): give its full name',
    );
    expect(() => findMessage(schema, 'Nope', 'PROTO_FILE (a)')).toThrow(
      'no protobuf message Nope in PROTO_FILE (a)',
    );
  });
});
