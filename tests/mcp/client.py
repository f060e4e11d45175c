"""A real MCP client (PyPI's `mcp`, the official Python SDK) against `querycell mcp`.

Run by tests/all/mcp_server.rs: `client.py <querycell binary> <index> <allow-sql: 0|1>`. It
starts the server over stdio, lists the tools, calls each with an answer and with a refusal,
and prints one JSON document of what it saw for the Rust test to check.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def tool_result(result):
    return {
        "is_error": bool(result.is_error),
        "structured": result.structured_content,
        "text": [block.text for block in result.content if getattr(block, "type", "") == "text"],
    }


async def main(binary, index, allow_sql):
    args = ["mcp", "--index", index] + (["--allow-sql"] if allow_sql else [])
    seen = {}
    async with stdio_client(StdioServerParameters(command=binary, args=args)) as (read, write):
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
            seen["query_refused"] = tool_result(await session.call_tool("query", {"table": "incidents", "aggregations": [{"function": "count", "alias": "n"}], "group_by": ["tema"]}))
            if allow_sql:
                seen["sql"] = tool_result(await session.call_tool("sql", {"sql": "SELECT team, count(*) AS n FROM incidents GROUP BY team ORDER BY team"}))
                seen["sql_refused"] = tool_result(await session.call_tool("sql", {"sql": "SELECT * FROM read_text('/etc/passwd')"}))
    print(json.dumps(seen))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3] == "1"))
