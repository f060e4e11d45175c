// A real OAuth 2.1 authorization server for querycell's access-token tests
// (tests/all/serve/oauth_provider.rs): oidc-provider on 127.0.0.1:PORT issuing JWT access
// tokens by client credentials (and by authorization code with PKCE, its development login
// and consent pages played by the test), for the resource named in the request's resource indicator
// (RFC 8707), with the tenant claim `org_id` the test's [identity.claims] reads.
//
// Usage: node server.mjs PORT ORG_ID. Its keys are made at start and live only in memory;
// the client secret is a test-only constant. Prints "listening ISSUER" on stderr when ready.
import { generateKeyPairSync } from 'node:crypto';
import Provider from 'oidc-provider';

const [port, orgId] = process.argv.slice(2);
const issuer = `http://127.0.0.1:${port}`;
const privateJwk = (type, options) => generateKeyPairSync(type, options).privateKey.export({ format: 'jwk' });

const provider = new Provider(issuer, {
  clients: [{
    client_id: 'agent-app',
    client_secret: 'test-only-client-secret',
    grant_types: ['client_credentials'],
    redirect_uris: [],
    response_types: [],
    token_endpoint_auth_method: 'client_secret_post',
    scope: 'querycell:read querycell:sql',
  }, {
    // The official Python MCP SDK's OAuth client (tests/mcp/oauth_client.py): a public
    // native client, authorization code with PKCE, redirected to a loopback address that
    // the test's "browser" catches without anything listening there.
    client_id: 'mcp-agent',
    application_type: 'native',
    grant_types: ['authorization_code'],
    redirect_uris: ['http://127.0.0.1:1/callback'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: 'openid querycell:read querycell:sql',
  }],
  scopes: ['querycell:read', 'querycell:sql'],
  jwks: {
    keys: [
      { ...privateJwk('rsa', { modulusLength: 2048 }), kid: 'test-only-rsa', use: 'sig', alg: 'RS256' },
      { ...privateJwk('ec', { namedCurve: 'P-256' }), kid: 'test-only-ec', use: 'sig', alg: 'ES256' },
    ],
  },
  features: {
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      useGrantedResource: () => true,
      // Any resource the client names gets a JWT for it alone: the test asks for querycell's
      // and for another one, which querycell must refuse.
      getResourceServerInfo: (_ctx, resource) => ({
        scope: 'querycell:read querycell:sql',
        audience: resource,
        accessTokenFormat: 'jwt',
        accessTokenTTL: 600,
        jwt: { sign: { alg: 'ES256' } },
      }),
    },
  },
  extraTokenClaims: () => ({ org_id: orgId }),
});

// On stderr, where the test waits for it; oidc-provider's own warnings go there too.
provider.listen(Number(port), '127.0.0.1', () => console.error(`listening ${issuer}`));
