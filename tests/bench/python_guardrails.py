"""The pipeline querycell's SQL mode replaces, done well, timed for `just bench` (section `peers`).

A model's SQL is parsed with sqlglot (DuckDB dialect) and refused unless it is exactly one
SELECT whose every relation is an allowlisted table (or a CTE it defines) and whose every
function is on an allowlist; the checked tree is then printed back to SQL and that text, not
the model's, runs on a read-only duckdb-python connection to the same DuckDB file, and every
row is fetched. Running the regenerated text means what runs is what was checked.

Run by tests/bench/peers.rs as

    python_guardrails.py <data.duckdb> <sql> <runs> <warmup> <table,table,...> <varied name>

It times, with time.perf_counter_ns, `runs` calls after `warmup` untimed ones (taken in
turn) of: the
guarded pipeline (guardrail + execute + fetch) and plain duckdb-python alone (execute +
fetch, no guardrail), each for a statement repeated verbatim and for one seen for the first
time (the statement with <varied name>, its alias, renamed each call, as the Rust side does), and prints one
JSON document: {"rows": n, "versions": {...}, "guarded": {"repeated": [ns...], "first_sight": [...]}, "plain": {...}}.
The Rust side computes the percentiles, the same way as for its own samples.
"""

import json
import sys
import time

import duckdb
import sqlglot
from sqlglot import exp

# Aggregate and scalar functions a question over a table needs; anything else (table
# functions, file readers, settings) is refused. An allowlist, never a denylist.
ALLOWED_FUNCTIONS = {
    exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max, exp.Median, exp.Quantile, exp.PercentileCont,
    exp.PercentileDisc, exp.Stddev, exp.StddevSamp, exp.StddevPop, exp.Variance, exp.CountIf,
    exp.ApproxDistinct, exp.Round, exp.Abs, exp.Coalesce, exp.Cast, exp.TryCast, exp.Lower,
    exp.Upper, exp.Length, exp.DateTrunc, exp.Extract, exp.If, exp.Greatest, exp.Least,
    exp.Nullif, exp.Concat, exp.Substring, exp.CurrentDate,
}

# Statement kinds that may appear nowhere in the tree, even nested.
REFUSED_NODES = (exp.Insert, exp.Update, exp.Delete, exp.Create, exp.Drop, exp.Alter, exp.Command,
                 exp.Pragma, exp.Set, exp.Use, exp.Copy, exp.Attach, exp.Detach, exp.Install)

MAX_SQL_BYTES = 65536


class Refused(Exception):
    """The guardrail's refusal: the model is told why and may retry."""


def guard(sql, tables):
    """The statement to run, printed back from the checked tree; raises Refused."""
    if len(sql.encode()) > MAX_SQL_BYTES:
        raise Refused("statement too long")
    try:
        statements = sqlglot.parse(sql, read="duckdb")
    except sqlglot.errors.SqlglotError as error:
        raise Refused(f"does not parse: {error}") from None
    statements = [s for s in statements if s is not None]
    if len(statements) != 1:
        raise Refused("exactly one statement, please")
    tree = statements[0]
    if not isinstance(tree, exp.Select):
        raise Refused(f"only SELECT is answered, not {tree.key}")
    ctes = {cte.alias_or_name.lower() for cte in tree.find_all(exp.CTE)}
    for node in tree.walk():
        if isinstance(node, REFUSED_NODES):
            raise Refused(f"{node.key} is not allowed")
        if isinstance(node, exp.Table):
            if not isinstance(node.this, exp.Identifier):
                raise Refused(f"only tables may be read, not {node.this.sql(dialect='duckdb')}")
            if node.args.get("db") or node.args.get("catalog"):
                raise Refused(f"unknown table {node.sql(dialect='duckdb')}")
            name = node.name.lower()
            if name not in tables and name not in ctes:
                raise Refused(f"unknown table {node.name}")
        elif isinstance(node, exp.Func) and type(node) not in ALLOWED_FUNCTIONS:
            raise Refused(f"function {node.sql_name()} is not allowed")
    return tree.sql(dialect="duckdb")


def timed(runs, warmup, calls):
    """`runs` timed calls of each of `calls` after `warmup` untimed ones, taken in turn (one
    of each per round), so a busy spell on a shared machine falls on all of them alike."""
    samples = {name: [] for name in calls}
    for round_ in range(warmup + runs):
        for name, call in calls.items():
            started = time.perf_counter_ns()
            call(round_)
            elapsed = time.perf_counter_ns() - started
            if round_ >= warmup:
                samples[name].append(elapsed)
    return samples


def main():
    db, sql, runs, warmup, tables, varied = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
    allowed = {name.lower() for name in tables.split(",") if name}
    # Opened once, as a long-lived service would; what querycell's query connection also
    # forbids: files and the network, and changing that afterwards.
    connection = duckdb.connect(db, read_only=True)
    connection.execute("SET enable_external_access = false")
    connection.execute("SET lock_configuration = true")

    # The guardrail must refuse what querycell refuses, or the comparison is unfair to it.
    for hostile in ["SELECT * FROM read_text('/etc/passwd')", "DROP TABLE incidents", "SELECT 1; SELECT 2",
                    "SELECT * FROM information_schema.tables", "SELECT getenv('HOME')"]:
        try:
            guard(hostile, allowed)
        except Refused:
            continue
        sys.exit(f"the guardrail let through: {hostile}")

    rows = len(connection.execute(guard(sql, allowed)).fetchall())

    def guarded(text):
        return connection.execute(guard(text, allowed)).fetchall()

    def plain(text):
        return connection.execute(text).fetchall()

    # A new statement each call for "first_sight": the name `varied` renamed, as the Rust
    # side's first sights are (bench/main.rs, first_sight_sql).
    def first_sight(round_):
        return sql.replace(varied, f"{varied}_{round_ + 1}")

    timings = timed(runs, warmup, {
        "guarded repeated": lambda _round: guarded(sql),
        "guarded first_sight": lambda round_: guarded(first_sight(round_)),
        "plain repeated": lambda _round: plain(sql),
        "plain first_sight": lambda round_: plain(first_sight(round_)),
    })
    report = {"rows": rows, "versions": {"duckdb": duckdb.__version__, "sqlglot": sqlglot.__version__}}
    for name, samples in timings.items():
        pipeline, kind = name.split()
        report.setdefault(pipeline, {})[kind] = samples
    print(json.dumps(report))


if __name__ == "__main__":
    main()
