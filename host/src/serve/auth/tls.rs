//! TLS in the process for `mcp --http` with `[identity]`: the certificate chain and private
//! key PEM files named by `tls_cert_file` and `tls_key_file` (paths, not secrets: the key
//! stays in its file, readable by the server's user alone), served with rustls (ring), TLS
//! 1.2 and 1.3, HTTP/1.1 by ALPN. A client that does not finish its handshake within 10 s is
//! dropped, so half-open connections cannot pile up.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::rustls;
use tokio_rustls::rustls::pki_types::pem::PemObject;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::TlsAcceptor;

use crate::error::{Code, Error, Result};

/// A client's handshake must end within this.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// A connection, over TLS or not.
pub trait Connection: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Connection for T {}

/// The acceptor for the certificate chain in `cert_file` and the key in `key_file`;
/// `config_invalid` naming the file that cannot be used.
pub fn acceptor(cert_file: &Path, key_file: &Path) -> Result<TlsAcceptor> {
    let unusable = |file: &Path, why: String| {
        Error::new(Code::ConfigInvalid, format!("[identity] TLS file {}: {why}", file.display())).at("--config")
    };
    let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert_file)
        .and_then(|certs| certs.collect())
        .map_err(|e| unusable(cert_file, e.to_string()))?;
    if certs.is_empty() {
        return Err(unusable(cert_file, "no certificate in it".into()));
    }
    let key = PrivateKeyDer::from_pem_file(key_file).map_err(|e| unusable(key_file, e.to_string()))?;
    let mut config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| unusable(cert_file, e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| unusable(key_file, format!("does not go with the certificate: {e}")))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}

/// `stream` as the server reads it: through `acceptor` when there is one. `None` when the
/// client's handshake fails or takes too long (the connection is then just closed).
pub async fn accept(acceptor: Option<&TlsAcceptor>, stream: TcpStream) -> Option<Box<dyn Connection>> {
    let Some(acceptor) = acceptor else { return Some(Box::new(stream)) };
    match tokio::time::timeout(HANDSHAKE_TIMEOUT, acceptor.accept(stream)).await {
        Ok(Ok(tls)) => Some(Box::new(tls)),
        _ => None,
    }
}
