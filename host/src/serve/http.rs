//! The streamable HTTP transport's settings: the configuration file's `[http]` table (which
//! browser origins may call, and whether the server keeps sessions), turned into `rmcp`'s
//! transport configuration, and the one answer `rmcp` gives that MCP clients misread (a
//! session's `DELETE`).
//!
//! ```toml
//! [http]
//! allowed_origins = ["https://agent.example.com", "http://localhost:*"]
//! stateless = true
//! ```
//!
//! Origins: a browser sends `Origin` with every cross-site request, so it tells which web page
//! is calling. Left out, the allowed origins are the server's own loopback address under each
//! loopback name (`http://127.0.0.1:PORT`, `http://localhost:PORT`, `http://[::1]:PORT`): the
//! server serves no page of its own, so no script can run under those origins, while clients
//! that name the server they call in `Origin` (the official conformance suite does) are
//! served. Any other origin, a page on another port included, gets 403. The `Host` check
//! against DNS rebinding stays whatever this table says.
//!
//! Stateless: the transport keeps no session between requests (no `Mcp-Session-Id`), so any
//! replica behind a load balancer can answer any request. See docs/mcp.md for what stays
//! per replica.

use std::net::SocketAddr;

use serde::Deserialize;

use crate::error::{Code, Error, Result};

/// The `[http]` table of the configuration file; every key may be left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpSettings {
    /// Browser origins allowed to call (`scheme://host[:port]`, `:*` for any port, or `null`);
    /// `None` allows the server's own loopback origins only, `Some([])` allows no origin.
    pub allowed_origins: Option<Vec<String>>,
    /// Keep no session between requests, so replicas can share a load balancer.
    #[serde(default)]
    pub stateless: bool,
}

/// Origins allowed at most, so a mistaken generated list cannot slow every request.
const MAX_ORIGINS: usize = 64;

impl HttpSettings {
    /// Check each allowed origin's form; a wrong one is `config_invalid` at `[http]`.
    pub fn validate(&self) -> Result<()> {
        let origins = self.allowed_origins.as_deref().unwrap_or_default();
        if origins.len() > MAX_ORIGINS {
            return Err(invalid(format!("{} allowed origins; at most {MAX_ORIGINS}", origins.len())));
        }
        match origins.iter().find(|origin| !origin_is_well_formed(origin)) {
            Some(origin) => Err(invalid(format!("{origin:?} is not an origin"))),
            None => Ok(()),
        }
    }

    /// The origins allowed for a server bound at `bound`: the configured list, or the
    /// server's own loopback origins.
    pub fn origins_for(&self, bound: SocketAddr) -> Vec<String> {
        match &self.allowed_origins {
            Some(origins) => origins.clone(),
            None => {
                let port = bound.port();
                vec![
                    format!("http://127.0.0.1:{port}"),
                    format!("http://localhost:{port}"),
                    format!("http://[::1]:{port}"),
                ]
            }
        }
    }

    /// `rmcp`'s transport configuration for a server bound at `bound`: loopback `Host`
    /// names only, the allowed origins (an empty list refuses every `Origin`), bodies up
    /// to `max_body` bytes, and sessions unless stateless (then JSON answers, which any
    /// load balancer passes through without holding a stream open).
    pub fn transport_config(&self, bound: SocketAddr, max_body: usize) -> rmcp::transport::StreamableHttpServerConfig {
        rmcp::transport::StreamableHttpServerConfig::default()
            .with_allowed_hosts([
                "localhost".to_string(),
                bound.ip().to_string(),
                format!("localhost:{}", bound.port()),
                bound.to_string(),
            ])
            .with_allowed_origins(self.origins_for(bound))
            .enforce_origin_validation()
            .with_max_request_body_bytes(max_body)
            .with_legacy_session_mode(!self.stateless)
            .with_json_response(self.stateless)
    }
}

/// `rmcp` answers a session's `DELETE` with 202 Accepted, which the spec leaves open but the
/// official Python client logs as "Session termination failed: 202": the session is closed
/// by then, so say so with 204 No Content.
pub fn session_end_status(method: &hyper::Method, status: hyper::StatusCode) -> hyper::StatusCode {
    match (method, status) {
        (&hyper::Method::DELETE, hyper::StatusCode::ACCEPTED) => hyper::StatusCode::NO_CONTENT,
        _ => status,
    }
}

/// `scheme://host[:port]` with an `http` or `https` scheme and nothing after the authority,
/// or the browser's opaque `null`.
fn origin_is_well_formed(origin: &str) -> bool {
    if origin == "null" {
        return true;
    }
    let Some((scheme, authority)) = origin.split_once("://") else {
        return false;
    };
    let host = match authority.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some((v6, rest)) if v6.parse::<std::net::Ipv6Addr>().is_ok() => rest.is_empty() || port_is_valid(rest),
            _ => return false,
        },
        None => match authority.rsplit_once(':') {
            Some((host, port)) => !host.is_empty() && port_is_valid(&format!(":{port}")) && name_is_valid(host),
            None => name_is_valid(authority),
        },
    };
    matches!(scheme, "http" | "https") && host
}

/// `:PORT` or `:*`.
fn port_is_valid(rest: &str) -> bool {
    match rest.strip_prefix(':') {
        Some("*") => true,
        Some(port) => port.parse::<u16>().is_ok(),
        None => false,
    }
}

fn name_is_valid(host: &str) -> bool {
    !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.')
}

fn invalid(message: String) -> Error {
    Error::new(Code::ConfigInvalid, format!("[http] allowed_origins: {message}")).at("--config").hint(
        "an origin is scheme://host[:port] (http or https; `:*` for any port), e.g. \"https://agent.example.com\"",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_checked_for_their_form() {
        for good in
            ["http://localhost:8080", "https://agent.example.com", "http://[::1]:*", "http://127.0.0.1:*", "null"]
        {
            assert!(origin_is_well_formed(good), "{good}");
        }
        for bad in [
            "*",
            "localhost:8080",
            "ftp://x",
            "http://",
            "http://a/b",
            "http://a:99999",
            "http://[zz]:1",
            "https://a b",
        ] {
            assert!(!origin_is_well_formed(bad), "{bad}");
        }
        let settings = HttpSettings { allowed_origins: Some(vec!["*".into()]), stateless: false };
        assert_eq!(settings.validate().unwrap_err().code, "config_invalid");
    }

    #[test]
    fn by_default_only_the_servers_own_loopback_origins_are_allowed() {
        let bound: SocketAddr = "127.0.0.1:4242".parse().unwrap();
        let origins = HttpSettings::default().origins_for(bound);
        assert_eq!(origins, ["http://127.0.0.1:4242", "http://localhost:4242", "http://[::1]:4242"]);
        let none = HttpSettings { allowed_origins: Some(vec![]), stateless: false };
        assert!(none.origins_for(bound).is_empty(), "an empty list allows no origin");
    }

    #[test]
    fn only_a_deletes_accepted_becomes_no_content() {
        use hyper::{Method, StatusCode};
        assert_eq!(session_end_status(&Method::DELETE, StatusCode::ACCEPTED), StatusCode::NO_CONTENT);
        assert_eq!(session_end_status(&Method::POST, StatusCode::ACCEPTED), StatusCode::ACCEPTED);
        assert_eq!(session_end_status(&Method::DELETE, StatusCode::NOT_FOUND), StatusCode::NOT_FOUND);
    }
}
