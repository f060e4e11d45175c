//! How an index is opened: [`Opening`], the one builder behind every way to open a
//! [`QueryCell`](super::QueryCell) but the simplest (`QueryCell::open(index, limits)`). It
//! only gathers the choices; `Opening::open` (beside `QueryCell`) opens.

use std::collections::BTreeMap;
use std::path::Path;

use super::open::QueryIsolation;
use crate::error::Result;
use crate::limits::Limits;
use crate::policy::Policy;
use crate::sandbox::Sandbox;

/// Loads the compiler component for the given limits (on another thread while the index
/// opens).
pub type SandboxLoader<'a> = Box<dyn FnOnce(Limits) -> Result<Sandbox> + Send + 'a>;

/// Where the compiler component comes from.
pub(super) enum Compiler<'a> {
    /// The bundled compiler, built with these limits.
    Bundled(Limits),
    /// A component the caller loaded (plugin hosts, tests); its limits are the index's.
    Loaded(Sandbox),
    /// Loaded by the caller's function on another thread while the index opens, for a
    /// process whose first answer is what it waits for (the CLI).
    Loading(Limits, SandboxLoader<'a>),
}

/// The choices an index is opened with: `QueryCell::builder(index)`, then any of the
/// setters, then `open()`. Unset: the bundled compiler under default limits, queries in
/// this process, no Spark token, no policy.
pub struct Opening<'a> {
    pub(super) index: &'a Path,
    pub(super) compiler: Compiler<'a>,
    pub(super) isolation: QueryIsolation,
    pub(super) spark_token: Option<String>,
    pub(super) policy: Option<(Policy, BTreeMap<String, String>)>,
}

impl<'a> Opening<'a> {
    pub(super) fn new(index: &'a Path) -> Self {
        Opening {
            index,
            compiler: Compiler::Bundled(Limits::default()),
            isolation: QueryIsolation::InProcess,
            spark_token: None,
            policy: None,
        }
    }

    /// The bundled compiler under `limits`.
    pub fn limits(mut self, limits: Limits) -> Self {
        self.compiler = Compiler::Bundled(limits);
        self
    }

    /// A compiler component the caller loaded; its limits are the index's.
    pub fn sandbox(mut self, sandbox: Sandbox) -> Self {
        self.compiler = Compiler::Loaded(sandbox);
        self
    }

    /// The compiler component loaded by `load` (given `limits`) on another thread while
    /// the index's query workers start and open the data. The sandbox `load` returns must
    /// hold `limits` (`sandbox_config_invalid` otherwise).
    pub fn load_sandbox(mut self, limits: Limits, load: impl FnOnce(Limits) -> Result<Sandbox> + Send + 'a) -> Self {
        self.compiler = Compiler::Loading(limits, Box::new(load));
        self
    }

    /// Where queries run ([`QueryIsolation`]).
    pub fn isolation(mut self, isolation: QueryIsolation) -> Self {
        self.isolation = isolation;
        self
    }

    /// The token of the Spark Connect server an index built by `ingest --spark` answers
    /// from. The library never reads it from the environment: the CLI reads
    /// [`crate::SPARK_TOKEN_VARIABLE`] and passes it here; an embedder passes its own.
    pub fn spark_token(mut self, token: Option<String>) -> Self {
        self.spark_token = token.filter(|token| !token.is_empty());
        self
    }

    /// A deployment's policy and the trusted context it is applied with, from the first
    /// answer on (as `QueryCell::with_policy` sets it, without opening the index twice).
    pub fn policy(mut self, policy: Policy, context: BTreeMap<String, String>) -> Self {
        self.policy = Some((policy, context));
        self
    }
}
