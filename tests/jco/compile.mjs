// querycell's compiler component in a second component host: jco's JavaScript bindings
// (`jco transpile --instantiation sync`) on Node. Used by tests/all/sandbox/component_jco.rs.
//
//   node compile.mjs <folder jco wrote> < {"view": ..., "requests": [{"kind": "plan"|"sql", "text": ...}]}
//
// Prints one JSON array, one entry per request, in the neutral form the Rust test writes
// for wasmtime's answers: WIT names (kebab-case), variants as {"tag", "val"}, 64-bit
// integers as decimal strings (jco hands them over as BigInt), floats as the hex of their
// 64 bits, absent options as null. An answer is {"ok": compiled}, a refusal {"err":
// compile-error}, anything else (a trap, a binding error) {"failed": message}.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
if (!folder) {
  console.error("usage: node compile.mjs <folder jco transpile wrote> < requests.json");
  process.exit(2);
}
const input = JSON.parse(readFileSync(0, "utf8"));

const { instantiate } = await import(pathToFileURL(join(folder, "querycell_compiler.js")).href);
const modules = new Map();
const getCoreModule = (path) => {
  if (!modules.has(path)) modules.set(path, new WebAssembly.Module(readFileSync(join(folder, path))));
  return modules.get(path);
};

// A relationship in jco's shape (camelCase) from the neutral form's kebab-case, and back.
function relationship(r) {
  return { fromTable: r["from-table"], fromColumn: r["from-column"], toTable: r["to-table"], toColumn: r["to-column"] };
}
function relationshipBack(r) {
  return { "from-table": r.fromTable, "from-column": r.fromColumn, "to-table": r.toTable, "to-column": r.toColumn };
}

// The catalog view in jco's shape: records with camelCase fields, enums as their WIT names.
const v = input.view;
const view = {
  tables: v.tables.map((t) => ({
    name: t.name,
    relation: t.relation,
    columns: t.columns.map((c) => ({ name: c.name, displayName: c["display-name"], sqlType: c["sql-type"], kind: c.kind })),
    policy: t.policy ? { rowFilters: t.policy["row-filters"].map((f) => ({ column: f.column, values: f.values })) } : undefined,
  })),
  limits: { maxRows: v.limits["max-rows"], maxInList: v.limits["max-in-list"], maxRequestBytes: v.limits["max-request-bytes"] },
  today: v.today,
  dialect: v.dialect,
  relationships: v.relationships.map((r) => relationship(r)),
  metrics: v.metrics.map((m) => ({
    name: m.name,
    table: m.table,
    aggregation: m.aggregation,
    description: m.description,
    unit: m.unit === null ? undefined : m.unit,
  })),
};

function expect(ok, what, value) {
  if (!ok) throw new TypeError(`jco handed over ${what} as ${typeof value} ${String(value)}`);
  return value;
}
const u32 = (x, what) => expect(Number.isInteger(x) && x >= 0 && x <= 0xffffffff, what, x);
const s32 = (x, what) => expect(Number.isInteger(x) && x >= -0x80000000 && x <= 0x7fffffff, what, x);
const s64 = (x, what) => expect(typeof x === "bigint", what, x).toString();
const str = (x, what) => expect(typeof x === "string", what, x);
const opt = (x, f) => (x === undefined ? null : f(x));

function floatBits(x) {
  expect(typeof x === "number", "a float", x);
  const bytes = new DataView(new ArrayBuffer(8));
  bytes.setFloat64(0, x);
  return bytes.getBigUint64(0).toString(16).padStart(16, "0");
}

function param(p) {
  switch (p.tag) {
    case "null":
      return { tag: "null" };
    case "boolean":
      return { tag: "boolean", val: expect(typeof p.val === "boolean", "a boolean", p.val) };
    case "integer":
      return { tag: "integer", val: s64(p.val, "an s64") };
    case "float":
      return { tag: "float", val: floatBits(p.val) };
    case "text":
      return { tag: "text", val: str(p.val, "text") };
    case "date":
      return { tag: "date", val: s32(p.val, "a date") };
    case "timestamp":
      return { tag: "timestamp", val: s64(p.val, "a timestamp") };
    default:
      throw new TypeError(`unknown param tag ${p.tag}`);
  }
}

const query = (q) => ({ sql: str(q.sql, "sql"), params: q.params.map(param) });

function probeCount(c) {
  switch (c.tag) {
    case "aggregate-skipped":
      return { tag: c.tag, val: str(c.val, "a column") };
    case "filter-excluded":
      return { tag: c.tag, val: { column: c.val.column, path: c.val.path, filter: c.val.filter } };
    case "answer-rows":
      return { tag: c.tag };
    case "unmatched":
      return { tag: c.tag, val: { "rows-of": str(c.val.rowsOf, "a table"), relationship: relationshipBack(c.val.relationship) } };
    default:
      throw new TypeError(`unknown probe-count tag ${c.tag}`);
  }
}

const compiled = (c) => ({
  main: query(c.main),
  count: query(c.count),
  "main-counts": c.mainCounts.map(probeCount),
  "null-probe": opt(c.nullProbe, (p) => ({ query: query(p.query), counts: p.counts.map(probeCount) })),
  columns: c.columns.map((o) => ({ name: o.name, kind: o.kind })),
  limit: u32(c.limit, "the limit"),
  explanation: str(c.explanation, "the explanation"),
  warnings: c.warnings.map((w) => str(w, "a warning")),
  "resolved-dates": c.resolvedDates.map((d) => ({
    column: opt(d.column, (x) => str(x, "a column")),
    path: d.path,
    phrase: d.phrase,
    start: s32(d.start, "a start day"),
    end: s32(d.end, "an end day"),
  })),
});

const results = input.requests.map((request) => {
  // A fresh instance per call, as the querycell host gives each call a fresh store. No
  // imports: the component has none (jco would throw here if it wanted any).
  const instance = instantiate(getCoreModule, {});
  // The interface under whichever version the component exports: the Rust side has already
  // checked that it is the contract's (the host refuses any other at load).
  const names = Object.keys(instance).filter((name) => name.startsWith("querycell:engine/compiler@"));
  if (names.length !== 1) throw new TypeError(`expected one compiler interface, found ${names.join(", ")}`);
  const exports = instance[names[0]];
  const call = { plan: exports.compilePlan, sql: exports.compileSql }[request.kind];
  if (!call) throw new TypeError(`unknown request kind ${request.kind}`);
  try {
    return { ok: compiled(call(request.text, view)) };
  } catch (e) {
    // jco throws a result's err case as a ComponentError carrying it as `payload`.
    if (e && e.constructor && e.constructor.name === "ComponentError" && e.payload) {
      const r = e.payload;
      return { err: { code: r.code, message: r.message, path: r.path, hint: opt(r.hint, (h) => str(h, "a hint")) } };
    }
    return { failed: String(e && e.stack ? e.stack : e) };
  }
});
process.stdout.write(JSON.stringify(results));
