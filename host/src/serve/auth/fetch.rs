//! Fetching one JSON document from the authorization server (its metadata, its keys): a
//! GET over HTTP/1.1, TLS with the system's roots (rustls, ring), bounded in time and size,
//! no redirects followed, no cookies, no credentials sent. Plain `http` only to a loopback
//! host (the settings refuse anything else before a fetch is tried).
//!
//! hyper's own client connection rather than a client library: hyper, tokio-rustls and the
//! native roots are in the build already (the server, Spark Connect), and a request to a
//! known URL needs no pool, proxy support or redirects.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Empty, Limited};
use hyper_util::rt::TokioIo;
use serde_json::Value;
use tokio_rustls::rustls;

use crate::error::{Code, Error, Result};

/// A document larger than this is refused: metadata and key sets are a few KiB.
const MAX_DOCUMENT_BYTES: usize = 1 << 20;
/// Connecting, the TLS handshake and the whole response together.
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// The JSON document at `url`; `issuer_unreachable` when it cannot be had.
pub async fn get_json(url: &str) -> Result<Value> {
    match tokio::time::timeout(FETCH_TIMEOUT, fetch(url)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(unreachable(url, "no answer within 10 s")),
    }
}

async fn fetch(url: &str) -> Result<Value> {
    let uri: hyper::Uri = url.parse().map_err(|_| unreachable(url, "not a URI"))?;
    let host = uri.host().ok_or_else(|| unreachable(url, "no host"))?.to_string();
    let https = match uri.scheme_str() {
        Some("https") => true,
        Some("http") if super::settings::is_loopback_host(&host) => false,
        _ => return Err(unreachable(url, "only https (or http to loopback) is fetched")),
    };
    let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
    let bare_host = host.trim_start_matches('[').trim_end_matches(']').to_string();
    let tcp = tokio::net::TcpStream::connect((bare_host.as_str(), port))
        .await
        .map_err(|e| unreachable(url, &e.to_string()))?;
    let authority = uri.authority().map(|a| a.as_str().to_string()).unwrap_or(host.clone());
    let path = uri.path_and_query().map_or("/", |p| p.as_str()).to_string();
    let request = hyper::Request::get(path)
        .header(hyper::header::HOST, authority)
        .header(hyper::header::ACCEPT, "application/json")
        .body(Empty::<Bytes>::new())
        .expect("a GET with two headers builds");
    let response = if https {
        let name = rustls::pki_types::ServerName::try_from(bare_host).map_err(|e| unreachable(url, &e.to_string()))?;
        let tls = tokio_rustls::TlsConnector::from(tls_config()?)
            .connect(name, tcp)
            .await
            .map_err(|e| unreachable(url, &format!("TLS: {e}")))?;
        send(TokioIo::new(tls), request, url).await?
    } else {
        send(TokioIo::new(tcp), request, url).await?
    };
    read_json(response, url).await
}

async fn send<T>(
    io: T,
    request: hyper::Request<Empty<Bytes>>,
    url: &str,
) -> Result<hyper::Response<hyper::body::Incoming>>
where
    T: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(io).await.map_err(|e| unreachable(url, &e.to_string()))?;
    tokio::spawn(async move {
        // Ends with the response (or the timeout, which drops the future and the stream).
        let _ = connection.await;
    });
    sender.send_request(request).await.map_err(|e| unreachable(url, &e.to_string()))
}

async fn read_json(response: hyper::Response<hyper::body::Incoming>, url: &str) -> Result<Value> {
    if response.status() != hyper::StatusCode::OK {
        return Err(unreachable(url, &format!("HTTP status {}", response.status())));
    }
    let body = Limited::new(response.into_body(), MAX_DOCUMENT_BYTES)
        .collect()
        .await
        .map_err(|e| unreachable(url, &format!("reading the body: {e}")))?
        .to_bytes();
    serde_json::from_slice(&body).map_err(|e| unreachable(url, &format!("not JSON: {e}")))
}

/// The TLS client configuration, with the system's trusted roots, built once.
fn tls_config() -> Result<Arc<rustls::ClientConfig>> {
    static CONFIG: OnceLock<std::result::Result<Arc<rustls::ClientConfig>, String>> = OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let mut roots = rustls::RootCertStore::empty();
            for certificate in rustls_native_certs::load_native_certs().certs {
                // A system root rustls cannot parse is skipped, as browsers do.
                let _ = roots.add(certificate);
            }
            rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .map(|builder| Arc::new(builder.with_root_certificates(roots).with_no_client_auth()))
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(|why| Error::new(Code::IssuerUnreachable, format!("TLS cannot be set up: {why}")))
}

fn unreachable(url: &str, why: &str) -> Error {
    Error::new(Code::IssuerUnreachable, format!("the authorization server's document {url} cannot be had: {why}"))
        .hint("check [identity] issuer and jwks_uri in the configuration file, and that the server is reachable")
}
