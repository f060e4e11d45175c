"""The official Python MCP SDK's OAuth client against `querycell mcp --http` with [identity]
(tests/all/serve/oauth_provider.rs): the SDK finds the authorization server from querycell's
protected resource metadata, runs authorization code with PKCE and a resource indicator at
oidc-provider (tests/oidc/server.mjs), whose development login and consent pages this script
fills in as a user would, then lists the tools and answers a plan with the token it got.

Usage: oauth_client.py MCP_URL LOGIN. Prints a JSON report on stdout.
"""

import asyncio
import json
import re
import sys
import urllib.parse

import httpx2
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata

REDIRECT = "http://127.0.0.1:1/callback"
SCOPE = "openid querycell:read querycell:sql"


class Storage:
    """Tokens in memory, and the client oidc-provider has registered (no dynamic registration)."""

    def __init__(self):
        self.tokens = None
        self.client = OAuthClientInformationFull(
            client_id="mcp-agent", redirect_uris=[REDIRECT], grant_types=["authorization_code"],
            response_types=["code"], token_endpoint_auth_method="none", scope=SCOPE)

    async def get_tokens(self):
        return self.tokens

    async def set_tokens(self, tokens):
        self.tokens = tokens

    async def get_client_info(self):
        return self.client

    async def set_client_info(self, client_info):
        self.client = client_info


class Browser:
    """Follows the authorization URL through the login and consent forms, as a user would,
    until the authorization server redirects to REDIRECT; keeps the code it carries."""

    def __init__(self, login):
        self.login = login
        self.result = None

    async def visit(self, url):
        async with httpx2.AsyncClient(follow_redirects=False) as http:
            response = await http.get(url)
            for _ in range(20):
                location = response.headers.get("location")
                if location:
                    url = urllib.parse.urljoin(url, location)
                    if url.startswith(REDIRECT):
                        query = dict(urllib.parse.parse_qsl(urllib.parse.urlparse(url).query))
                        if "code" not in query:
                            raise RuntimeError(f"the authorization server refused: {query}")
                        self.result = AuthorizationCodeResult(code=query["code"], state=query.get("state"), iss=query.get("iss"))
                        return
                    response = await http.get(url)
                    continue
                page = response.text
                action = re.search(r'<form[^>]*action="([^"]+)"', page)
                if not action:
                    raise RuntimeError(f"no form and no redirect at {url}: {response.status_code} {page[:500]}")
                fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
                if 'name="login"' in page:
                    fields.update(login=self.login, password="any")
                url = urllib.parse.urljoin(url, action.group(1).replace("&amp;", "&"))
                response = await http.post(url, data=fields)
            raise RuntimeError("the authorization never came back to the client")

    async def callback(self):
        return self.result


async def main(url, login):
    browser = Browser(login)
    auth = OAuthClientProvider(
        server_url=url,
        client_metadata=OAuthClientMetadata(redirect_uris=[REDIRECT], grant_types=["authorization_code"],
                                            response_types=["code"], token_endpoint_auth_method="none", scope=SCOPE),
        storage=Storage(), redirect_handler=browser.visit, callback_handler=browser.callback)
    seen = {}
    async with httpx2.AsyncClient(auth=auth, timeout=60) as http:
        async with streamable_http_client(url, http_client=http) as streams:
            async with ClientSession(streams[0], streams[1]) as session:
                await session.initialize()
                tools = await session.list_tools()
                seen["tools"] = sorted(tool.name for tool in tools.tools)
                plan = {"table": "orders", "group_by": ["team"],
                        "aggregations": [{"function": "sum", "column": "amount", "alias": "total"}]}
                answer = await session.call_tool("query", plan)
                seen["query"] = {"is_error": bool(answer.is_error), "structured": answer.structured_content}
    print(json.dumps(seen))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
