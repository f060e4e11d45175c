"""MCP tool-call latency over stdio with the official Python client (bench section `peers`).

Run by tests/bench/peers.rs as

    mcp_latency.py <runs> <warmup> <spec.json>

where spec.json names the servers and the calls: {"servers": [{"name", "command", "args",
"env" (optional), "calls": [{"label", "tool", "arguments", "expect"}]}]}. For each server in turn it starts the
process, initializes one session, checks each call answers (not a tool error, and its text
holds `expect`), makes `warmup` untimed rounds of one call of each tool, then `runs` timed
rounds (time.perf_counter_ns around `call_tool`, the client's whole round trip: request encoding,
the pipe both ways, the server's work, response parsing), and prints one JSON document:
{"<server>": {"<label>": [ns, ...]}}, or {"<server>": {"error": "..."}} for a server that
failed to start or answer, so one missing peer does not hide the others.

`--older-storage <data.duckdb> <copy.duckdb>` instead writes a copy of the file in DuckDB's
v1.5 storage format (every table, same rows), for a server bundling an older libduckdb.
"""

import asyncio
import json
import sys
import time

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    return "".join(block.text for block in result.content if getattr(block, "type", "") == "text")


async def measure(server, runs, warmup):
    params = StdioServerParameters(command=server["command"], args=server["args"], env=server.get("env"))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            for call in server["calls"]:
                result = await session.call_tool(call["tool"], call["arguments"])
                text = text_of(result)
                if result.is_error or call["expect"] not in text:
                    raise RuntimeError(f"{call['label']}: unexpected answer {text[:300]!r}")
            # The tools in turn, one call of each per round, so a busy spell on a shared
            # machine falls on all of them alike.
            timings = {call["label"]: [] for call in server["calls"]}
            for round_ in range(warmup + runs):
                for call in server["calls"]:
                    started = time.perf_counter_ns()
                    await session.call_tool(call["tool"], call["arguments"])
                    elapsed = time.perf_counter_ns() - started
                    if round_ >= warmup:
                        timings[call["label"]].append(elapsed)
    return timings


def older_storage(source, copy):
    import duckdb

    connection = duckdb.connect()
    connection.execute(f"ATTACH '{source}' AS source (READ_ONLY)")
    connection.execute(f"ATTACH '{copy}' AS copy (STORAGE_VERSION 'v1.5.0')")
    connection.execute("COPY FROM DATABASE source TO copy")
    connection.execute("DETACH copy")


def describe(error):
    """The innermost errors of a task group's, which only says it had some."""
    if isinstance(error, BaseExceptionGroup):
        return "; ".join(describe(inner) for inner in error.exceptions)
    return f"{type(error).__name__}: {error}"


def main():
    if sys.argv[1] == "--older-storage":
        older_storage(sys.argv[2], sys.argv[3])
        return
    runs, warmup = int(sys.argv[1]), int(sys.argv[2])
    with open(sys.argv[3]) as spec_file:
        spec = json.load(spec_file)
    report = {}
    for server in spec["servers"]:
        try:
            report[server["name"]] = asyncio.run(measure(server, runs, warmup))
        except Exception as error:  # one peer's failure is reported, not fatal
            report[server["name"]] = {"error": describe(error)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
