//! `querycell mcp --http 127.0.0.1:0` as the conventions and conformance tests start it (with
//! a configuration file when they give one), and raw HTTP/1.1 exchanges with it, where the
//! test must see a status or a header that an MCP client hides.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, Command};

use querycell_tests::querycell_bin;

/// A running server, killed when dropped.
pub struct HttpServer {
    child: Child,
    /// `http://127.0.0.1:PORT/mcp`.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

/// One raw response: its status, headers (names lowercased) and body.
pub struct RawResponse {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
    pub text: String,
}

impl RawResponse {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

impl HttpServer {
    /// The server on `index`, with the configuration `config` (TOML) when given.
    pub fn start(index: &Path, config: Option<&str>) -> HttpServer {
        let mut command = Command::new(querycell_bin());
        command.args(["mcp", "--index", index.to_str().unwrap(), "--http", "127.0.0.1:0"]);
        if let Some(text) = config {
            let path = index.with_extension(format!("{}.toml", std::process::id()));
            std::fs::write(&path, text).unwrap();
            command.arg("--config").arg(path);
        }
        let (child, line) = querycell_tests::listening::spawn_until_listening(&mut command);
        let url = line[line.find("http://").expect("an http URL")..].to_string();
        let addr = url.trim_start_matches("http://").trim_end_matches("/mcp").to_string();
        HttpServer { child, url, addr }
    }

    /// A POST of `body` to /mcp with `Host: <addr>` and the `extra` header lines.
    pub fn post(&self, extra: &str, body: &str) -> RawResponse {
        self.raw(&format!(
            "POST /mcp HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n{extra}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        ))
    }

    /// One raw HTTP/1.1 exchange on a connection of its own.
    pub fn raw(&self, request: &str) -> RawResponse {
        let mut stream = std::net::TcpStream::connect(&self.addr).expect("connect");
        stream.set_read_timeout(Some(std::time::Duration::from_secs(30))).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut text = String::new();
        let _ = stream.read_to_string(&mut text);
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let mut lines = head.lines();
        let status = lines
            .next()
            .and_then(|line| line.split_whitespace().nth(1))
            .and_then(|code| code.parse().ok())
            .unwrap_or_else(|| panic!("no status line in {text:?}"));
        let headers = lines
            .filter_map(|line| line.split_once(':'))
            .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
            .collect();
        RawResponse { status, headers, body: body.to_string(), text: text.clone() }
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An `initialize` request's body.
pub fn initialize() -> String {
    serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}}).to_string()
}
