//! One opened index per policy context, for a server that answers many tenants at once.
//!
//! A [`QueryCell`] applies one policy context from its opening on: its query workers open the
//! policy's views with that context's values, its compiler sees that context's row filters,
//! and its compile cache is its own. So a request is answered by the cell of exactly its
//! token's context, and no compile (nor anything else) is shared between two contexts.
//!
//! The cost: each context holds its own cell, so its own query workers (processes with
//! DuckDB open) and compile cache. The pool is bounded (`max_contexts`, 16 by default): a
//! context unused for `context_idle_s` (600 s) is closed at the next request after that,
//! and a new context at the cap closes the least recently used one that no request holds;
//! with every cell answering, the request is `busy`.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::engine::QueryCell;
use crate::error::{Code, Error, Result};

/// Opens the index under one policy context (the deployment's choices otherwise).
pub type OpenCell = dyn Fn(&BTreeMap<String, String>) -> Result<QueryCell> + Send + Sync;

/// The opened cells, by context.
pub struct CellPool {
    open: Box<OpenCell>,
    cap: usize,
    idle: Duration,
    cells: Mutex<HashMap<BTreeMap<String, String>, Kept>>,
}

struct Kept {
    cell: Arc<QueryCell>,
    used: Instant,
}

impl CellPool {
    /// A pool that opens cells with `open`, at most `cap` at once, closing those idle longer than `idle`.
    pub fn new(open: Box<OpenCell>, cap: usize, idle: Duration) -> CellPool {
        CellPool { open, cap: cap.max(1), idle, cells: Mutex::new(HashMap::new()) }
    }

    /// The cell answering `context`, opened now if it is not open. Blocks while opening.
    pub fn cell_for(&self, context: &BTreeMap<String, String>) -> Result<Arc<QueryCell>> {
        if let Some(cell) = self.kept(context) {
            return Ok(cell);
        }
        // Opened without the lock held: other contexts' requests go on meanwhile.
        let opened = Arc::new((self.open)(context)?);
        let mut cells = self.lock();
        if !cells.contains_key(context) {
            self.make_room(&mut cells)?;
        }
        let kept = cells.entry(context.clone()).or_insert(Kept { cell: opened, used: Instant::now() });
        Ok(Arc::clone(&kept.cell))
    }

    /// How many contexts have a cell open now.
    pub fn open_contexts(&self) -> usize {
        self.lock().len()
    }

    fn kept(&self, context: &BTreeMap<String, String>) -> Option<Arc<QueryCell>> {
        let mut cells = self.lock();
        let idle = self.idle;
        // Cells nobody holds and nobody used for a while are closed (their workers end).
        cells.retain(|_, kept| Arc::strong_count(&kept.cell) > 1 || kept.used.elapsed() < idle);
        let kept = cells.get_mut(context)?;
        kept.used = Instant::now();
        Some(Arc::clone(&kept.cell))
    }

    /// At the cap, close the least recently used cell that no request holds, or refuse.
    fn make_room(&self, cells: &mut HashMap<BTreeMap<String, String>, Kept>) -> Result<()> {
        if cells.len() < self.cap {
            return Ok(());
        }
        let oldest_free = cells
            .iter()
            .filter(|(_, kept)| Arc::strong_count(&kept.cell) == 1)
            .min_by_key(|(_, kept)| kept.used)
            .map(|(context, _)| context.clone());
        match oldest_free {
            Some(context) => {
                cells.remove(&context);
                Ok(())
            }
            None => Err(Error::new(
                Code::Busy,
                format!("all {} policy contexts this server keeps open are answering", self.cap),
            )
            .hint("try again in a moment; the operator can raise [identity] max_contexts")),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<BTreeMap<String, String>, Kept>> {
        self.cells.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
