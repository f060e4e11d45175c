//! MCP's logging utility for one session: the level the client chose with
//! `logging/setLevel`, and the server's log notifications (`notifications/message`) about
//! each tool call, sent only at or above that level.
//!
//! Until the client sets a level nothing is sent, so a client that never asks sees the same
//! messages as before logging existed. What a notification carries is what the client was
//! told anyway: the tool's name, whether it answered or refused (and the refusal's code),
//! and how long it took; never an argument, a row or a policy's value.
//!
//! `rmcp` marks logging deprecated (SEP-2577 drops it from a future protocol revision); the
//! revisions clients speak today (2025-06-18, 2025-11-25) have it, so it is used here with
//! the deprecation allowed.
#![allow(deprecated)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{CallToolResult, LoggingLevel, LoggingMessageNotificationParam};
use rmcp::{Peer, RoleServer};
use serde_json::{json, Value};

/// The logger name on every notification.
const LOGGER: &str = "querycell";

/// One session's chosen level; `None` until the client sets one.
#[derive(Clone, Default)]
pub struct SessionLog {
    level: Arc<Mutex<Option<LoggingLevel>>>,
}

impl SessionLog {
    /// A new session's log: nothing is sent until the client sets a level.
    pub fn new() -> Self {
        SessionLog::default()
    }

    /// `logging/setLevel`.
    pub fn set_level(&self, level: LoggingLevel) {
        *self.level.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(level);
    }

    /// Whether a message at `level` goes out.
    pub fn wants(&self, level: LoggingLevel) -> bool {
        let chosen = *self.level.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        chosen.is_some_and(|chosen| severity(level) >= severity(chosen))
    }

    /// Tell the client a tool call is starting (`debug`).
    pub async fn call_started(&self, peer: &Peer<RoleServer>, tool: &str) {
        self.send(peer, LoggingLevel::Debug, json!({"event": "tool_call_started", "tool": tool})).await;
    }

    /// Tell the client how a tool call ended: `info` for an answer, `warning` for a refusal
    /// (a tool error, with its code), `error` for a call the protocol refused.
    pub async fn call_ended(
        &self,
        peer: &Peer<RoleServer>,
        tool: &str,
        took: Duration,
        outcome: Result<&CallToolResult, &rmcp::ErrorData>,
    ) {
        let ms = (took.as_secs_f64() * 1e5).round() / 100.0;
        let (level, data) = match outcome {
            Ok(result) if result.is_error == Some(true) => {
                let code = result.structured_content.as_ref().and_then(|s| s.pointer("/error/code")).cloned();
                (LoggingLevel::Warning, json!({"event": "tool_call_refused", "tool": tool, "code": code, "ms": ms}))
            }
            Ok(_) => (LoggingLevel::Info, json!({"event": "tool_call_answered", "tool": tool, "ms": ms})),
            Err(error) => (
                LoggingLevel::Error,
                json!({"event": "tool_call_failed", "tool": tool, "code": error.code.0, "ms": ms}),
            ),
        };
        self.send(peer, level, data).await;
    }

    async fn send(&self, peer: &Peer<RoleServer>, level: LoggingLevel, data: Value) {
        if self.wants(level) {
            // A client that has gone cannot be told; the call's own answer says the rest.
            let _ = peer
                .notify_logging_message(LoggingMessageNotificationParam::new(level, data).with_logger(LOGGER))
                .await;
        }
    }
}

/// RFC 5424's order, least severe first, as MCP uses it.
fn severity(level: LoggingLevel) -> u8 {
    match level {
        LoggingLevel::Debug => 0,
        LoggingLevel::Info => 1,
        LoggingLevel::Notice => 2,
        LoggingLevel::Warning => 3,
        LoggingLevel::Error => 4,
        LoggingLevel::Critical => 5,
        LoggingLevel::Alert => 6,
        LoggingLevel::Emergency => 7,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nothing_goes_out_until_a_level_is_set_then_at_or_above_it() {
        let log = SessionLog::new();
        assert!(!log.wants(LoggingLevel::Emergency));
        log.set_level(LoggingLevel::Warning);
        assert!(!log.wants(LoggingLevel::Info));
        assert!(log.wants(LoggingLevel::Warning));
        assert!(log.wants(LoggingLevel::Error));
        let other = SessionLog::new();
        assert!(!other.wants(LoggingLevel::Error), "a level belongs to its session");
        log.clone().set_level(LoggingLevel::Debug);
        assert!(log.wants(LoggingLevel::Debug), "clones of one session share it");
    }
}
