"""A real MCP client (PyPI's `mcp`, the official Python SDK) against `querycell mcp`.

Run by tests/all/serve/mcp_server.rs as `client.py <querycell binary> <index> <allow-sql: 0|1>`,
which starts the server over stdio, or `client.py --http <url> <allow-sql: 0|1>`, which
connects to a server the test started with `querycell mcp --http`. It lists the tools,
calls each with an answer and with a refusal (`check_summary` with the receipt `query`
returned), verifies a receipt it was given (as it is, edited, and stripped of its request),
and prints one JSON document of what it saw for the Rust test to check.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client


def tool_result(result):
    return {
        "is_error": bool(result.is_error),
        "structured": result.structured_content,
        "text": [block.text for block in result.content if getattr(block, "type", "") == "text"],
    }


async def over_stdio(binary, index, allow_sql):
    args = ["mcp", "--index", index] + (["--allow-sql"] if allow_sql else [])
    async with stdio_client(StdioServerParameters(command=binary, args=args)) as (read, write):
        return await converse(read, write, allow_sql)


async def over_http(url, allow_sql):
    async with streamable_http_client(url) as streams:
        read, write = streams[0], streams[1]
        return await converse(read, write, allow_sql)


async def verify_receipts(session, seen, receipt):
    """verify_receipt on the receipt `query` returned: as it is, as its JSON text, with a
    cell edited, without its request and digest, and with something that is not a receipt."""
    verify = lambda receipt: session.call_tool("verify_receipt", {"receipt": receipt})
    seen["verify_same"] = tool_result(await verify(receipt))
    seen["verify_text"] = tool_result(await verify(json.dumps(receipt)))
    edited = json.loads(json.dumps(receipt))
    edited["rows"][0][1] = edited["rows"][0][1] + 1
    seen["verify_edited"] = tool_result(await verify(edited))
    bare = {key: value for key, value in receipt.items() if key not in ("request", "digest")}
    seen["verify_no_request"] = tool_result(await verify(bare))
    seen["verify_not_a_receipt"] = tool_result(await verify("rows: 1"))


async def converse(read, write, allow_sql):
    seen = {}
    async with ClientSession(read, write) as session:
        init = await session.initialize()
        seen["server"] = init.server_info.name
        seen["instructions"] = init.instructions
        tools = await session.list_tools()
        seen["tools"] = {tool.name: tool.input_schema for tool in tools.tools}
        seen["list_tables"] = tool_result(await session.call_tool("list_tables", {}))
        seen["describe_table"] = tool_result(await session.call_tool("describe_table", {"table": "incidents"}))
        seen["describe_missing"] = tool_result(await session.call_tool("describe_table", {"table": "nope"}))
        plan = {
            "table": "incidents",
            "group_by": ["team"],
            "aggregations": [{"function": "count", "alias": "n"}],
            "order_by": [{"column": "team", "direction": "asc"}],
        }
        seen["query"] = tool_result(await session.call_tool("query", plan))
        p1_ack_by_team = {
            "table": "incidents",
            "filters": [{"column": "severity", "op": "eq", "value": "P1"}],
            "group_by": ["team"],
            "aggregations": [{"function": "avg", "column": "ack_minutes", "alias": "average_minutes"}],
            "order_by": [{"column": "average_minutes", "direction": "desc"}],
        }
        seen["query_p1"] = tool_result(await session.call_tool("query", p1_ack_by_team))
        # check_summary on the receipt the client was just given: a summary with the teams'
        # averages swapped, a correct one, and a call without the receipt.
        receipt = seen["query_p1"]["structured"]
        seen["check_swapped"] = tool_result(await session.call_tool("check_summary", {"receipt": receipt, "text": "Platform averaged 12 minutes and Payments 15."}))
        seen["check_correct"] = tool_result(await session.call_tool("check_summary", {"receipt": receipt, "text": "Platform averaged 15 minutes and Payments 12."}))
        seen["check_refused"] = tool_result(await session.call_tool("check_summary", {"text": "Platform averaged 15 minutes."}))
        await verify_receipts(session, seen, seen["query_p1"]["structured"])
        seen["query_refused"] = tool_result(await session.call_tool("query", {"table": "incidents", "aggregations": [{"function": "count", "alias": "n"}], "group_by": ["tema"]}))
        if allow_sql:
            seen["sql"] = tool_result(await session.call_tool("sql", {"sql": "SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY team"}))
            seen["sql_refused"] = tool_result(await session.call_tool("sql", {"sql": "SELECT * FROM read_text('/etc/passwd')"}))
    return seen


if __name__ == "__main__":
    if sys.argv[1] == "--http":
        report = asyncio.run(over_http(sys.argv[2], sys.argv[3] == "1"))
    else:
        report = asyncio.run(over_stdio(sys.argv[1], sys.argv[2], sys.argv[3] == "1"))
    print(json.dumps(report))
