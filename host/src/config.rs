//! The deployment's configuration file (TOML, written by the operator, so trusted): whether
//! SQL mode is enabled and the limits to answer with. Unknown keys are errors.
//!
//! ```toml
//! allow_sql = true
//! max_rows = 500
//! timeout_ms = 5000
//! query_memory_mb = 512
//! ```

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::limits::Limits;

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
}

impl Config {
    /// Read and parse the file at `path`; an unreadable file is `config_unreadable`, an
    /// unknown key or a wrong value `config_invalid`.
    pub fn load(path: &Path) -> Result<Config> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| Error::refused("config_unreadable", format!("{}: {e}", path.display())).at("--config"))?;
        toml::from_str(&text).map_err(|e| {
            Error::refused("config_invalid", format!("{}: {}", path.display(), e.message()))
                .at("--config")
                .hint("keys: allow_sql, max_rows, timeout_ms, query_memory_mb")
        })
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
        limits
    }
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
    fn values_override_defaults() {
        let config: Config = toml::from_str("max_rows = 0\ntimeout_ms = 250").unwrap();
        let limits = config.apply(Limits::default());
        assert_eq!((limits.max_rows, limits.query_timeout), (1, Duration::from_millis(250)));
        assert!(!config.allow_sql);
    }
}
