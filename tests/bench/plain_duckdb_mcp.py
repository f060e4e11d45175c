"""A plain DuckDB MCP server: the floor for a Python server over stdio (bench section `peers`).

Written with the official SDK (`mcp` 2.x's MCPServer, formerly FastMCP): a `query` tool that
runs the caller's SQL on a read-only duckdb-python connection to the file it was started on
and returns every row, and a `list_tables` tool, the protocol's own cost with almost no work.
No guardrail at all: it is the lower bound a guarded Python server cannot beat, not a
server to deploy. Run by tests/bench/mcp_latency.py as `plain_duckdb_mcp.py <data.duckdb>`.
"""

import sys

import duckdb
from mcp.server import MCPServer

connection = duckdb.connect(sys.argv[1], read_only=True)
server = MCPServer("plain-duckdb")


@server.tool()
def list_tables() -> dict:
    """The database's tables."""
    return {"tables": [name for (name,) in connection.execute("SHOW TABLES").fetchall()]}


@server.tool()
def query(sql: str) -> dict:
    """Run one SQL statement and return its rows."""
    cursor = connection.cursor()
    result = cursor.execute(sql)
    columns = [column[0] for column in result.description]
    return {"columns": columns, "rows": [list(row) for row in result.fetchall()]}


if __name__ == "__main__":
    server.run("stdio")
