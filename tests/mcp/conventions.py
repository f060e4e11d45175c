"""The protocol's conventions through the official Python SDK (PyPI's `mcp`), against a server
the test started with `querycell mcp --http`: the capabilities and tool annotations,
`logging/setLevel` and the log notifications at or above it, the tables as resources paged
with cursors, reading them, the templates, completions, and the session's end (whose
`DELETE` the SDK logs as "Session termination failed" unless it is answered 200 or 204).

Run by tests/all/serve/mcp_conventions.rs as `conventions.py <url> <a table> <a column of it>`;
prints one JSON document of what it saw for the Rust test to check.
"""

import asyncio
import json
import logging
import sys

from mcp import ClientSession, types
from mcp.client.streamable_http import streamable_http_client


class Collect(logging.Handler):
    """The SDK's own warnings (a failed session termination among them)."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.lines = []

    def emit(self, record):
        self.lines.append(record.getMessage())


async def notified_during(notes, call):
    """The log notifications that arrived while `call` ran (they come before its answer)."""
    before = len(notes)
    await call
    await asyncio.sleep(0.2)
    return notes[before:]


async def pages(session):
    sizes, names, cursor = [], [], None
    while True:
        page = await session.list_resources(params=types.PaginatedRequestParams(cursor=cursor) if cursor else None)
        sizes.append(len(page.resources))
        names.extend(resource.name for resource in page.resources)
        if page.resources:
            first = page.resources[0]
            first = {"uri": first.uri, "mime": first.mime_type, "description": first.description}
        cursor = page.next_cursor
        if not cursor:
            return {"sizes": sizes, "names": names, "first": first}


async def error_of(call):
    try:
        await call
        return None
    except Exception as error:  # the SDK raises McpError for a JSON-RPC error
        return {"code": getattr(getattr(error, "error", None), "code", None), "message": str(error)}


async def converse(url, table, column):
    seen = {}
    notes = []

    async def on_log(params):
        notes.append({"level": params.level, "logger": params.logger, "data": params.data})

    async with streamable_http_client(url) as streams:
        async with ClientSession(streams[0], streams[1], logging_callback=on_log) as session:
            init = await session.initialize()
            caps = init.capabilities
            seen["capabilities"] = {
                "logging": caps.logging is not None,
                "completions": caps.completions is not None,
                "resources": caps.resources is not None,
            }
            tools = await session.list_tools()
            seen["annotations"] = {tool.name: tool.annotations.model_dump(exclude_none=True) if tool.annotations else None for tool in tools.tools}

            answered = session.call_tool("query", {"table": table, "aggregations": [{"function": "count", "alias": "n"}]})
            refused = lambda: session.call_tool("query", {"table": table, "aggregations": [{"function": "count"}], "group_by": ["no_such_column"]})
            seen["log_before_set_level"] = await notified_during(notes, refused())
            await session.set_logging_level("warning")
            seen["log_warning_answered"] = await notified_during(notes, answered)
            seen["log_warning_refused"] = await notified_during(notes, refused())
            await session.set_logging_level("debug")
            seen["log_debug_answered"] = await notified_during(
                notes, session.call_tool("query", {"table": table, "aggregations": [{"function": "count", "alias": "n"}]})
            )
            seen["log_debug_unknown_tool"] = await notified_during(notes, error_of(session.call_tool("no_such_tool", {})))

            seen["pages"] = await pages(session)
            read = await session.read_resource(f"querycell://tables/{table}")
            seen["read_table"] = [{"uri": c.uri, "mime": c.mime_type, "text": c.text} for c in read.contents]
            read = await session.read_resource(f"querycell://tables/{table}/columns/{column}")
            seen["read_column"] = [{"uri": c.uri, "mime": c.mime_type, "text": c.text} for c in read.contents]
            seen["read_missing"] = await error_of(session.read_resource("querycell://tables/no_such_table"))
            seen["bad_cursor"] = await error_of(session.list_resources(params=types.PaginatedRequestParams(cursor="nonsense")))
            templates = await session.list_resource_templates()
            seen["templates"] = [t.uri_template for t in templates.resource_templates]

            table_ref = types.ResourceTemplateReference(type="ref/resource", uri="querycell://tables/{table}")
            column_ref = types.ResourceTemplateReference(type="ref/resource", uri="querycell://tables/{table}/columns/{column}")
            completion = lambda c: {"values": c.completion.values, "total": c.completion.total, "has_more": c.completion.has_more}
            seen["complete_table"] = completion(await session.complete(table_ref, {"name": "table", "value": table[:2]}))
            seen["complete_all_tables"] = completion(await session.complete(table_ref, {"name": "table", "value": ""}))
            seen["complete_column"] = completion(
                await session.complete(column_ref, {"name": "column", "value": column[:2]}, context_arguments={"table": table})
            )
    return seen


if __name__ == "__main__":
    collected = Collect()
    logging.getLogger("mcp").addHandler(collected)
    report = asyncio.run(converse(sys.argv[1], sys.argv[2], sys.argv[3]))
    report["client_warnings"] = collected.lines
    print(json.dumps(report))
