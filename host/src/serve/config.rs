//! The deployment's configuration file (TOML, written by the operator, so trusted): whether
//! SQL mode is enabled, the limits to answer with, and the audit trace. Unknown keys are
//! errors, and so is any key that looks like a credential: querycell needs none, and a
//! file it reads is no place to keep one.
//!
//! ```toml
//! allow_sql = true
//! max_rows = 500
//! timeout_ms = 5000
//! query_memory_mb = 512
//! query_threads = 2
//! query_disk_mb = 4096                 # 0: never spill to disk
//! spill_dir = "/var/tmp/querycell"     # where the query workers' spill folders are made
//! trace = "/var/log/querycell/trace.jsonl"
//! trace_max_bytes = 16777216
//! trace_keep = 3
//!
//! [http]                      # the streamable HTTP transport: see [`super::http`]
//! allowed_origins = ["https://agent.example.com"]
//! stateless = false
//! ```
//!
//! `[identity]` turns on OAuth access tokens for `mcp --http` ([`super::auth::settings`]).

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use super::http::HttpSettings;
use crate::error::{Code, Error, Result};
use crate::limits::Limits;
use crate::operator_file::{load_operator_file, toml_error_line};

/// The configuration file's settings; a key left out leaves its limit as it was.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Enable SQL mode (`querycell sql`, the MCP `sql` tool, `QueryCell::query_sql`).
    #[serde(default)]
    pub allow_sql: bool,
    /// [`Limits::max_rows`]: rows an answer may carry (0 is read as 1).
    pub max_rows: Option<u32>,
    /// [`Limits::query_timeout`], in milliseconds (0 is read as 1).
    pub timeout_ms: Option<u64>,
    /// [`Limits::query_memory_bytes`], in MiB (at least 16).
    pub query_memory_mb: Option<u64>,
    /// [`Limits::query_threads`]: DuckDB threads a query connection may start (at least 1, at
    /// most the machine's cores). A server answering many sessions at once on few cores does
    /// better with 1: each worker's threads then do not compete with the others'.
    pub query_threads: Option<u32>,
    /// [`Limits::query_disk_bytes`], in MiB: temporary files one query worker may write when
    /// a question outgrows its memory; 0 never spills.
    pub query_disk_mb: Option<u64>,
    /// The folder the query workers' spill folders are made in (`crate::SpillRoot`): a
    /// private folder of the user querycell runs as, on a disk with room for
    /// `query_disk_mb` per worker.
    pub spill_dir: Option<std::path::PathBuf>,
    /// The audit trace file (`crate::answer::trace`); `--trace` overrides it.
    pub trace: Option<std::path::PathBuf>,
    /// Bytes a trace file may hold before it is rotated (16 MiB if left out).
    pub trace_max_bytes: Option<u64>,
    /// Rotated trace files kept (3 if left out).
    pub trace_keep: Option<u32>,
    /// The policy file (`crate::policy`); `--policy` overrides it.
    pub policy: Option<std::path::PathBuf>,
    /// The `[http]` table: allowed origins and stateless mode for `mcp --http`.
    #[serde(default)]
    pub http: HttpSettings,
    /// `[identity]`: the HTTP MCP server accepts OAuth access tokens (`super::auth`).
    pub identity: Option<super::auth::IdentitySettings>,
}

/// The keys [`Config`] accepts, for the hint of a refused file.
const KEYS: &str =
    "allow_sql, max_rows, timeout_ms, query_memory_mb, query_threads, query_disk_mb, spill_dir, trace, trace_max_bytes, trace_keep, policy, [http] allowed_origins, [http] stateless, [identity]";

/// Words that mark a key as a credential, matched against the key's `_`/`-`-separated parts.
const CREDENTIAL_WORDS: &[&str] =
    &["password", "passwd", "pwd", "token", "secret", "key", "apikey", "credential", "credentials", "auth"];

impl Config {
    /// Read and parse the file at `path`; an unreadable file is `config_unreadable`, an
    /// unknown key or a wrong value `config_invalid`.
    pub fn load(path: &Path) -> Result<Config> {
        load_operator_file(path, "--config", Code::ConfigUnreadable, Self::parse)
    }

    /// Parse the file's text. A key that looks like a credential is `config_credential`,
    /// named with its line, before anything else is looked at.
    pub fn parse(text: &str) -> Result<Config> {
        if let Ok(table) = text.parse::<toml::Table>() {
            if let Some(key) = credential_key(&table, 0) {
                let line = text
                    .lines()
                    .position(|line| line.trim_start().starts_with(key.as_str()))
                    .map_or(String::new(), |n| format!(" (line {})", n + 1));
                return Err(Error::new(Code::ConfigCredential, format!("the key `{key}`{line} looks like a credential"))
                    .at("--config")
                    .hint("querycell needs no password, token, secret or key, and a configuration file is no place for one: remove it"));
            }
        }
        let config: Config = toml::from_str(text).map_err(|e| {
            Error::new(Code::ConfigInvalid, format!("{}{}", toml_error_line(text, &e), e.message()))
                .at("--config")
                .hint(format!("keys: {KEYS}"))
        })?;
        config.http.validate()?;
        config.identity.as_ref().map_or(Ok(()), super::auth::IdentitySettings::check)?;
        Ok(config)
    }

    /// The audit trace this file asks for, if any, with `path_override` (`--trace`) first.
    #[cfg(feature = "duckdb")]
    pub fn trace_policy(&self, path_override: Option<&Path>) -> Option<crate::answer::trace::TracePolicy> {
        let path = path_override.map(Path::to_path_buf).or_else(|| self.trace.clone())?;
        let mut policy = crate::answer::trace::TracePolicy::new(path);
        if let Some(bytes) = self.trace_max_bytes {
            policy.max_bytes = bytes.max(4096);
        }
        if let Some(keep) = self.trace_keep {
            policy.keep = keep;
        }
        Some(policy)
    }

    /// The limits with this file's values applied over `limits`.
    pub fn apply(&self, mut limits: Limits) -> Limits {
        if let Some(rows) = self.max_rows {
            limits.max_rows = rows.max(1);
        }
        if let Some(ms) = self.timeout_ms {
            limits.query_timeout = Duration::from_millis(ms.max(1));
        }
        if let Some(mb) = self.query_memory_mb {
            limits.query_memory_bytes = mb.max(16) << 20;
        }
        if let Some(threads) = self.query_threads {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            limits.query_threads = threads.clamp(1, u32::try_from(cores).unwrap_or(u32::MAX));
        }
        if let Some(mb) = self.query_disk_mb {
            limits.query_disk_bytes = mb << 20;
        }
        limits
    }
}

/// The first key, at any depth (tables nest at most a few levels in a file a person writes),
/// whose name contains a credential word. A key whose last word is `file` names where a
/// credential is kept (`tls_key_file`), not the credential, so it passes.
fn credential_key(table: &toml::Table, depth: usize) -> Option<String> {
    for (key, value) in table {
        let lowered = key.to_ascii_lowercase();
        let names_a_file = lowered.ends_with("_file") || lowered.ends_with("-file");
        if !names_a_file && lowered.split(['_', '-', '.']).any(|part| CREDENTIAL_WORDS.contains(&part)) {
            return Some(key.clone());
        }
        if let (toml::Value::Table(inner), true) = (value, depth < 8) {
            if let Some(found) = credential_key(inner, depth + 1) {
                return Some(found);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_keys_are_refused() {
        assert!(toml::from_str::<Config>("allow_sql = true\nmax_rows = 5").is_ok());
        assert!(toml::from_str::<Config>("allow_sq = true").is_err());
    }

    #[test]
    fn credential_keys_are_refused_with_their_line() {
        for text in [
            "max_rows = 5\napi_token = \"abc\"",
            "password = \"x\"",
            "[upstream]\nsecret-key = \"x\"",
            "AWS_SECRET_ACCESS_KEY = \"x\"",
        ] {
            let error = Config::parse(text).err().unwrap_or_else(|| panic!("{text:?} was accepted"));
            assert_eq!(error.code, "config_credential", "{text:?}: {error}");
        }
        let error = Config::parse("max_rows = 5\napi_token = \"abc\"").unwrap_err();
        assert!(error.message.contains("`api_token` (line 2)"), "{error}");
        assert!(!error.message.contains("abc"), "the value is never repeated: {error}");
        // The identity table holds no secret; a client secret put there is still refused.
        let identity = "[identity]\nresource = \"https://q.example.com/mcp\"\nissuer = \"https://login.example.com\"\n";
        assert!(Config::parse(identity).is_ok_and(|config| config.identity.is_some()));
        let error = Config::parse(&format!("{identity}client_secret = \"s3cr3t\"")).unwrap_err();
        assert_eq!(error.code, "config_credential", "{error}");
        // A file that holds a key is named, not the key: the path passes, the key itself does not.
        let files = "tls_cert_file = \"/etc/q/cert.pem\"\ntls_key_file = \"/etc/q/key.pem\"\n";
        assert!(Config::parse(&format!("{identity}{files}")).is_ok());
        let error = Config::parse(&format!("{identity}tls_key = \"-----BEGIN PRIVATE KEY-----\"")).unwrap_err();
        assert_eq!(error.code, "config_credential", "{error}");
        // Words that merely contain a credential word are not credentials.
        assert!(Config::parse("trace_keep = 2\nmax_rows = 5").is_ok());
    }

    #[test]
    fn a_wrong_value_names_its_line() {
        let error = Config::parse("allow_sql = true\nmax_rows = \"many\"").unwrap_err();
        assert_eq!(error.code, "config_invalid");
        assert!(error.message.starts_with("line 2: "), "{error}");
    }

    #[test]
    fn the_http_table_sets_origins_and_stateless_mode() {
        let config =
            Config::parse("[http]\nallowed_origins = [\"https://agent.example.com\"]\nstateless = true").unwrap();
        assert_eq!(config.http.allowed_origins.as_deref(), Some(&["https://agent.example.com".to_string()][..]));
        assert!(config.http.stateless);
        assert_eq!(Config::parse("").unwrap().http, HttpSettings::default());
        let error = Config::parse("[http]\nallowed_origins = [\"*\"]").unwrap_err();
        assert_eq!(error.code, "config_invalid", "{error}");
        assert_eq!(Config::parse("[http]\nstatless = true").unwrap_err().code, "config_invalid");
    }

    #[test]
    fn values_override_defaults() {
        let config: Config = toml::from_str("max_rows = 0\ntimeout_ms = 250").unwrap();
        let limits = config.apply(Limits::default());
        assert_eq!((limits.max_rows, limits.query_timeout), (1, Duration::from_millis(250)));
        assert_eq!(limits.query_threads, Limits::default().query_threads, "left out, unchanged");
        assert!(!config.allow_sql);
    }

    #[test]
    fn query_threads_stay_between_one_and_the_machines_cores() {
        let cores = std::thread::available_parallelism().unwrap().get() as u32;
        let threads = |text: &str| toml::from_str::<Config>(text).unwrap().apply(Limits::default()).query_threads;
        assert_eq!(threads("query_threads = 1"), 1);
        assert_eq!(threads("query_threads = 0"), 1);
        assert_eq!(threads("query_threads = 100000"), cores);
    }

    #[test]
    fn the_disk_budget_and_spill_folder_are_the_operators() {
        let config = Config::parse("query_disk_mb = 512\nspill_dir = \"/var/tmp/qc\"").unwrap();
        let spilling = Limits { query_disk_bytes: 7 << 30, ..Limits::default() };
        assert_eq!(config.apply(spilling.clone()).query_disk_bytes, 512 << 20);
        assert_eq!(config.spill_dir.as_deref(), Some(Path::new("/var/tmp/qc")));
        let never = Config::parse("query_disk_mb = 0").unwrap();
        assert_eq!(never.apply(spilling.clone()).query_disk_bytes, 0, "0 never spills");
        assert_eq!(Config::default().apply(spilling).query_disk_bytes, 7 << 30, "left out, unchanged");
        assert_eq!(Config::parse("query_disk_mb = -1").unwrap_err().code, "config_invalid");
    }
}
