//! The HTTP MCP server as an OAuth 2.1 resource server, turned on by `[identity]` in the
//! configuration file ([`settings`]); without it `mcp --http` is unchanged.
//!
//! Every request to `/mcp` passes [`Auth::admit`] before rmcp sees it:
//!
//! 1. a token in the URL (`?access_token=`) is refused, unread: 401;
//! 2. no `Authorization: Bearer` token: 401 with `WWW-Authenticate: Bearer
//!    resource_metadata="…"`, which sends an MCP client to the [`metadata`] (RFC 9728) and
//!    from there to the authorization server;
//! 3. the token is checked ([`claims`]: signature against the issuer's [`jwks`], issuer,
//!    audience = this resource, time, size): 401 `error="invalid_token"` if it fails;
//! 4. its claims give the policy context (`[identity.claims]`): a token lacking one is 403
//!    `missing_context`;
//! 5. a `tools/call` for a tool the token's scopes do not allow: 403
//!    `error="insufficient_scope", scope="<needed>"`. Only the JSON-RPC envelope's `method`
//!    and `params.name` are read; the arguments (a plan, SQL) are skipped, not parsed.
//!
//! The verified [`Identity`] then rides in the request's extensions; rmcp hands the request's
//! `http::request::Parts` to the handler, which reads it back ([`identity_of`]), lists only
//! the tools the scopes allow, checks the scope again on a call, and answers from the
//! context's own opened index ([`pool`]). Every refusal here is an audit trace line (kind
//! `http`) with its error code and, once the token is verified, its subject and client.
//! Tokens are never logged, traced, or passed on.

use std::sync::Arc;

use bytes::Bytes;
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use hyper::{Request, StatusCode};
use rmcp::service::RequestContext;
use rmcp::RoleServer;
use serde::Deserialize;

use crate::answer::trace::{as_caller, Caller, Trace, TraceRecord};
use crate::engine::QueryCell;
use crate::error::{Code, Error, Result};

pub mod bearer;
pub mod claims;
mod fetch;
pub mod jwks;
pub mod metadata;
pub mod pool;
pub mod settings;
pub mod tls;
pub mod verified;

pub use claims::Identity;
pub use settings::IdentitySettings;

use bearer::{Answer, Presented};
use claims::TokenChecker;
use metadata::ResourceMetadata;
use pool::CellPool;

/// A request body as rmcp receives it once the gate has read it.
pub type Body = BoxBody<Bytes, hyper::Error>;

/// What the gate decided about one request.
pub enum Admission {
    /// Go on to rmcp with this request (its body read, its identity in its extensions).
    Pass(Request<Body>),
    /// Answered here: the metadata, or a refusal.
    Answer(Answer),
}

/// The resource server: token checks, scopes, the metadata, the per-context cells.
pub struct Auth {
    settings: IdentitySettings,
    checker: TokenChecker,
    metadata: ResourceMetadata,
    /// Cells by policy context; `None` without a policy (every caller sees the same rows).
    pool: Option<CellPool>,
    trace: Option<Arc<Trace>>,
    /// TLS in the process, when `tls_cert_file` and `tls_key_file` are set.
    tls: Option<tokio_rustls::TlsAcceptor>,
}

impl Auth {
    /// The resource server for `settings`; `pool` opens a cell per context (with a policy),
    /// `trace` gets a line for every refused request. The TLS files, when set, are read now.
    pub fn new(settings: IdentitySettings, pool: Option<CellPool>, trace: Option<Arc<Trace>>) -> Result<Auth> {
        let tls = match (&settings.tls_cert_file, &settings.tls_key_file) {
            (Some(cert), Some(key)) => Some(tls::acceptor(cert, key)?),
            _ => None,
        };
        Ok(Auth {
            checker: TokenChecker::new(&settings),
            metadata: ResourceMetadata::new(&settings),
            settings,
            pool,
            trace,
            tls,
        })
    }

    /// TLS in the process, if configured.
    pub fn tls(&self) -> Option<&tokio_rustls::TlsAcceptor> {
        self.tls.as_ref()
    }

    /// Whether the operator said a TLS-terminating proxy is in front.
    pub fn behind_tls_proxy(&self) -> bool {
        self.settings.behind_tls_proxy
    }

    /// `Host` values the public resource URI is reached by (added to the loopback ones).
    pub fn public_hosts(&self) -> Vec<String> {
        let uri: hyper::Uri = self.settings.resource.parse().unwrap_or_default();
        let mut hosts: Vec<String> = uri.host().map(str::to_string).into_iter().collect();
        hosts.extend(uri.authority().map(|a| a.as_str().to_string()));
        hosts
    }

    /// Whether `identity`'s scopes allow `tool`.
    pub fn allows(&self, identity: &Identity, tool: &str) -> bool {
        self.settings.scope_for(tool).is_some_and(|scope| identity.scopes.contains(&scope))
    }

    /// The cell that answers `identity`'s context; `None` to answer from the server's own.
    pub fn cell_for(&self, identity: &Identity) -> Result<Option<Arc<QueryCell>>> {
        self.pool.as_ref().map(|pool| pool.cell_for(&identity.context)).transpose()
    }

    /// Decide about `request` to `path_served` (`/mcp`); other paths pass untouched but for
    /// the metadata's.
    pub async fn admit(
        &self,
        request: Request<hyper::body::Incoming>,
        path_served: &str,
        max_body: usize,
    ) -> Admission {
        if self.metadata.serves(request.uri().path()) {
            return Admission::Answer(bearer::json_answer(StatusCode::OK, self.metadata.document.clone()));
        }
        if request.uri().path() != path_served {
            return Admission::Pass(request.map(BodyExt::boxed));
        }
        match self.check(request, max_body).await {
            Ok(request) => Admission::Pass(request),
            Err((answer, error, caller)) => {
                self.audit(&error, caller.as_ref());
                Admission::Answer(answer)
            }
        }
    }

    /// Steps 1 to 5 of the module doc; a refusal comes back with its error and, once known, the caller.
    async fn check(
        &self,
        request: Request<hyper::body::Incoming>,
        max_body: usize,
    ) -> std::result::Result<Request<Body>, (Answer, Error, Option<Caller>)> {
        let url = &self.metadata.url;
        if bearer::token_in_query(request.uri()) {
            let error = Error::new(Code::InvalidToken, "a token in the URL is refused (and was not read)")
                .hint("send it as `Authorization: Bearer <token>`");
            return Err((bearer::unauthorized(url, true, &error), error, None));
        }
        let token = match bearer::presented(request.headers()) {
            Presented::Token(token) => token.to_string(),
            Presented::Nothing => {
                let error = Error::new(Code::InvalidToken, "this server needs an access token")
                    .hint("get one from the authorization server named in the resource metadata");
                return Err((bearer::unauthorized(url, false, &error), error, None));
            }
            Presented::Unusable => {
                let error = Error::new(Code::InvalidToken, "the Authorization header is not one Bearer token");
                return Err((bearer::unauthorized(url, true, &error), error, None));
            }
        };
        let claims = self.checker.verify(&token).await.map_err(|error| {
            let answer = match error.code == Code::IssuerUnreachable.as_str() {
                true => bearer::refusal(StatusCode::SERVICE_UNAVAILABLE, None, &error),
                false => bearer::unauthorized(url, true, &error),
            };
            (answer, error, None)
        })?;
        drop(token);
        let identity = self.checker.identity(&claims).map_err(|error| {
            let caller = claims::TokenChecker::caller(&claims);
            (bearer::refusal(StatusCode::FORBIDDEN, None, &error), error, Some(caller))
        })?;
        let (mut parts, body) = request.into_parts();
        let body = match Limited::new(body, max_body).collect().await {
            Ok(collected) => collected.to_bytes(),
            Err(_) => {
                let error = Error::new(Code::RequestTooLarge, format!("the request body is over {max_body} bytes"));
                let answer = bearer::refusal(StatusCode::PAYLOAD_TOO_LARGE, None, &error);
                return Err((answer, error, Some(identity.caller)));
            }
        };
        if let Some(tool) = called_tool(&body) {
            if !self.allows(&identity, &tool) {
                let scope = self.settings.scope_for(&tool).unwrap_or_default();
                let error =
                    Error::new(Code::InsufficientScope, format!("the token's scopes do not allow the tool {tool:?}"))
                        .hint(format!("it needs the scope {scope:?}"));
                return Err((bearer::insufficient_scope(url, &scope, &error), error, Some(identity.caller)));
            }
        }
        parts.extensions.insert(identity);
        let body = Full::new(body).map_err(|never| match never {}).boxed();
        Ok(Request::from_parts(parts, body))
    }

    /// The audit line of a refused request: its code, and who asked when that is known.
    fn audit(&self, error: &Error, caller: Option<&Caller>) {
        let Some(trace) = &self.trace else { return };
        let record = TraceRecord {
            kind: "http",
            request: "",
            sql: None,
            params: 0,
            rows: None,
            truncated: None,
            error: Some(&error.code),
            compile_cached: None,
            elapsed: std::time::Duration::ZERO,
            snapshot: "",
        };
        // The refusal is the answer either way; a trace that cannot be written is reported
        // on the next answered request, which fails closed.
        let _ = as_caller(caller, || trace.record(&record));
    }
}

/// The identity the gate verified for the request behind `context`, if any.
pub fn identity_of(context: &RequestContext<RoleServer>) -> Option<Identity> {
    let parts = context.extensions.get::<hyper::http::request::Parts>()?;
    parts.extensions.get::<Identity>().cloned()
}

/// The tool a JSON-RPC `tools/call` request names; `None` for anything else (rmcp answers a
/// body that is not JSON-RPC, and the handler checks scopes again for whatever gets there).
fn called_tool(body: &[u8]) -> Option<String> {
    #[derive(Deserialize)]
    struct Envelope {
        method: Option<String>,
        params: Option<Params>,
    }
    #[derive(Deserialize)]
    struct Params {
        name: Option<String>,
    }
    // An object only: a struct would also read a JSON array by position.
    if body.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
        return None;
    }
    let envelope: Envelope = serde_json::from_slice(body).ok()?;
    (envelope.method.as_deref() == Some("tools/call")).then_some(envelope.params?.name).flatten()
}

/// Refuse to listen on `addr` beyond loopback unless tokens are checked there and TLS is
/// served here or terminated in front (`http_not_loopback`).
pub fn check_listen(addr: std::net::SocketAddr, auth: Option<&Auth>) -> Result<()> {
    if addr.ip().is_loopback() {
        return Ok(());
    }
    let hint = match auth {
        None => "use 127.0.0.1:PORT (or [::1]:PORT); to serve other machines, configure [identity] (OAuth access tokens) and TLS",
        Some(auth) if auth.behind_tls_proxy() || auth.tls().is_some() => return Ok(()),
        Some(_) => "beyond loopback the server needs TLS: set [identity] tls_cert_file and tls_key_file, or behind_tls_proxy = true once a TLS-terminating proxy forwards to it",
    };
    Err(Error::new(
        Code::HttpNotLoopback,
        format!("the MCP server listens on loopback addresses only here, not {addr}"),
    )
    .at("--http")
    .hint(hint))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_tools_call_names_a_tool() {
        let call =
            br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"sql","arguments":{"sql":"SELECT 1"}}}"#;
        assert_eq!(called_tool(call).as_deref(), Some("sql"));
        assert_eq!(called_tool(br#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#), None);
        assert_eq!(called_tool(br#"["tools/call",{"name":"sql"}]"#), None);
        assert_eq!(called_tool(b"not json"), None);
    }
}
