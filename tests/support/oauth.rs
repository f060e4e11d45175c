//! The OAuth tests' own authorization server and client: a loopback HTTP server that
//! publishes RFC 8414 metadata and a JWKS whose keys the test can add and remove, keys made
//! for the test by `openssl` (test-only, in a temporary folder, never committed), tokens
//! signed with them; and a raw HTTP/1.1 MCP client that sends a bearer token.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use jsonwebtoken::jwk::Jwk;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{json, Value};

/// A test-only signing key.
pub struct TestKey {
    pub kid: String,
    pub algorithm: Algorithm,
    pub encoding: EncodingKey,
    /// The public key as PEM (for the HS256-with-the-public-key attack).
    pub public_pem: Vec<u8>,
    pub jwk: Value,
}

/// A loopback authorization server: metadata at the RFC 8414 place, keys at `/jwks`.
pub struct TestIssuer {
    pub url: String,
    keys: BTreeMap<String, TestKey>,
    published: Arc<Mutex<Vec<Value>>>,
    /// How many times `/jwks` was fetched.
    pub jwks_fetches: Arc<AtomicUsize>,
    _dir: tempfile::TempDir,
}

impl TestIssuer {
    /// A server with RSA keys `rsa-1` and `rsa-2`, a P-256 key `ec-1` and an Ed25519 key
    /// `ed-1`, publishing `rsa-1`, `ec-1` and `ed-1`.
    pub fn start() -> TestIssuer {
        let dir = tempfile::tempdir().unwrap();
        let mut keys = BTreeMap::new();
        for (kid, algorithm, args) in [
            ("rsa-1", Algorithm::RS256, &["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"][..]),
            ("rsa-2", Algorithm::RS256, &["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"][..]),
            ("ec-1", Algorithm::ES256, &["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"][..]),
            ("ed-1", Algorithm::EdDSA, &["-algorithm", "ed25519"][..]),
        ] {
            keys.insert(kid.to_string(), make_key(dir.path(), kid, algorithm, args));
        }
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let published = Arc::new(Mutex::new(Vec::new()));
        let jwks_fetches = Arc::new(AtomicUsize::new(0));
        let (served, fetches, issuer) = (Arc::clone(&published), Arc::clone(&jwks_fetches), url.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let body = match request_path(&stream).as_deref() {
                    Some("/.well-known/oauth-authorization-server") => {
                        json!({"issuer": issuer, "jwks_uri": format!("{issuer}/jwks")}).to_string()
                    }
                    Some("/jwks") => {
                        fetches.fetch_add(1, Ordering::SeqCst);
                        json!({"keys": *served.lock().unwrap()}).to_string()
                    }
                    _ => {
                        let _ = respond(stream, "404 Not Found", "{}");
                        continue;
                    }
                };
                let _ = respond(stream, "200 OK", &body);
            }
        });
        let issuer = TestIssuer { url, keys, published, jwks_fetches, _dir: dir };
        issuer.publish(&["rsa-1", "ec-1", "ed-1"]);
        issuer
    }

    /// Publish exactly the keys `kids`.
    pub fn publish(&self, kids: &[&str]) {
        *self.published.lock().unwrap() = kids.iter().map(|kid| self.keys[*kid].jwk.clone()).collect();
    }

    pub fn key(&self, kid: &str) -> &TestKey {
        &self.keys[kid]
    }

    /// `claims` signed with the key `kid` (named in the header).
    pub fn sign(&self, kid: &str, claims: &Value) -> String {
        let key = &self.keys[kid];
        let mut header = Header::new(key.algorithm);
        header.kid = Some(kid.to_string());
        jsonwebtoken::encode(&header, claims, &key.encoding).unwrap()
    }

    /// Claims for `resource` valid from a minute ago for an hour, with `extra` added.
    pub fn claims(&self, resource: &str, extra: Value) -> Value {
        let now = now();
        let mut claims = json!({"iss": self.url, "aud": resource, "iat": now - 60, "nbf": now - 60, "exp": now + 3600, "sub": "user-1", "azp": "agent-app"});
        for (name, value) in extra.as_object().unwrap() {
            claims[name] = value.clone();
        }
        claims
    }
}

/// Seconds since the epoch.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

/// base64url without padding, for tokens built by hand.
pub fn b64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, b)| n | (*b as u32) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn make_key(dir: &Path, kid: &str, algorithm: Algorithm, args: &[&str]) -> TestKey {
    let private = dir.join(format!("test-only-{kid}.pem"));
    let public = dir.join(format!("test-only-{kid}.pub.pem"));
    run_openssl(Command::new("openssl").arg("genpkey").args(args).arg("-out").arg(&private));
    run_openssl(Command::new("openssl").args(["pkey", "-pubout", "-in"]).arg(&private).arg("-out").arg(&public));
    let pem = std::fs::read(&private).unwrap();
    let encoding = match algorithm {
        Algorithm::RS256 => EncodingKey::from_rsa_pem(&pem),
        Algorithm::ES256 => EncodingKey::from_ec_pem(&pem),
        _ => EncodingKey::from_ed_pem(&pem),
    }
    .unwrap();
    let mut jwk = Jwk::from_encoding_key(&encoding, algorithm).unwrap();
    jwk.common.key_id = Some(kid.to_string());
    let jwk = serde_json::to_value(&jwk).unwrap();
    TestKey { kid: kid.to_string(), algorithm, encoding, public_pem: std::fs::read(&public).unwrap(), jwk }
}

fn run_openssl(command: &mut Command) {
    let output = command.output().expect("openssl runs (the OAuth tests make their keys with it)");
    assert!(output.status.success(), "{command:?}: {}", String::from_utf8_lossy(&output.stderr));
}

/// The path of the request on `stream`, its headers read and dropped.
fn request_path(stream: &TcpStream) -> Option<String> {
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    reader.read_line(&mut line).ok()?;
    let path = line.split_whitespace().nth(1)?.to_string();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).ok()? == 0 || header == "\r\n" {
            return Some(path);
        }
    }
}

fn respond(mut stream: TcpStream, status: &str, body: &str) -> std::io::Result<()> {
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
}

/// One HTTP response: status, headers (names lower-cased), body (chunked encoding undone).
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The JSON-RPC message in the body: plain JSON, or the `data:` of a server-sent event.
    pub fn message(&self) -> Value {
        if let Ok(value) = serde_json::from_str(&self.body) {
            return value;
        }
        self.body
            .lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .find(|message| message.get("id").is_some())
            .unwrap_or_else(|| panic!("no JSON-RPC answer in {self:?}"))
    }
}

/// One raw HTTP/1.1 exchange with `addr` (`host:port`).
pub fn http(addr: &str, method: &str, target: &str, headers: &[(&str, String)], body: &str) -> Response {
    let mut request = format!(
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw);
    let raw = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no HTTP head in {raw:?}"));
    let mut lines = head.lines();
    let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|c| c.parse().ok()).unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let chunked = headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked { unchunk(body) } else { body.to_string() };
    Response { status, headers, body }
}

fn unchunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { break };
        if size == 0 || after.len() < size {
            break;
        }
        out.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    out
}

/// A free loopback port (bound and let go: the server started next takes it).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A file `name` in `dir` with `text`.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}
