//! Every bound querycell promises, in one place. Each field says what it bounds and why;
//! each has a test that shows the bound holding (tests/all/sandbox/hostile_guests.rs,
//! tests/all/executor/executor_limits.rs).

use std::time::Duration;

use crate::machine::Machine;

/// The bounds on guest calls and on queries; [`Limits::default`] is what the CLI starts
/// from before the configuration file and flags.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// Fuel for one guest call (about one unit per WebAssembly instruction). Bounds the CPU a
    /// compile may burn, deterministically: a hostile plan cannot spin the compiler.
    pub guest_fuel: u64,
    /// Wall-clock deadline for one guest call, enforced by epoch interruption. Backs up fuel
    /// for time fuel does not count (instantiation, host calls).
    pub guest_timeout: Duration,
    /// Linear memory one guest instance may hold. Bounds what a request can make the
    /// compiler allocate; growth past it traps the call.
    pub guest_memory_bytes: usize,
    /// Bytes the guest may write to stdout and stderr (kept in memory for error reports).
    pub guest_output_bytes: usize,
    /// Longest request text (plan JSON or SQL) accepted, checked by host and guest.
    pub max_request_bytes: u32,
    /// Longest SQL text the host accepts back from the compiler, checked before DuckDB's
    /// parser sees it. A plan compiles to a few KiB and SQL mode re-emits about what it
    /// was given: a longer statement is a compiler bug or a hostile component.
    pub max_statement_bytes: usize,
    /// Rows an answer may carry; a plan's `limit` is clamped to it. The host reads at most
    /// one row more (to know the answer was cut), whatever the statement's own LIMIT says.
    pub max_rows: u32,
    /// Values an `in` / `not_in` list may hold.
    pub max_in_list: u32,
    /// Wall-clock time for running one answer's SQL in DuckDB; the query is interrupted
    /// (and re-interrupted until it returns) when it passes.
    pub query_timeout: Duration,
    /// DuckDB `memory_limit` for the query connection. Past it DuckDB spills to the query
    /// worker's private directory, up to [`Limits::query_disk_bytes`]; with no disk budget
    /// a query that needs more fails (`query_memory`).
    pub query_memory_bytes: u64,
    /// Bytes of temporary files one query worker may write when a question outgrows
    /// [`Limits::query_memory_bytes`] (DuckDB's `max_temp_directory_size`, in the worker's own
    /// directory, watched from outside by the host too). Past it the answer is `query_disk`.
    /// Zero: no temporary directory at all, and no spill. An in-process connection never
    /// spills, whatever this says: nothing confines its writes (docs/limits.md).
    #[serde(default)]
    pub query_disk_bytes: u64,
    /// DuckDB worker threads for queries: one answer does not take the whole machine. A
    /// connection starts fewer when the data cannot use them ([`Limits::query_threads_for`]).
    pub query_threads: u32,
    /// Bytes of result data one statement may send back from a Spark cluster (Arrow IPC),
    /// whatever its row count: rows can be wide. Past it the operation is interrupted and
    /// the answer is `result_too_large`. (A DuckDB answer is bounded by its row cap and
    /// DuckDB's memory limit.)
    #[serde(default = "default_max_result_bytes")]
    pub max_result_bytes: u64,
}

fn default_max_result_bytes() -> u64 {
    64 << 20
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            guest_fuel: 2_000_000_000,
            guest_timeout: Duration::from_secs(5),
            guest_memory_bytes: 64 << 20,
            guest_output_bytes: 64 << 10,
            max_request_bytes: querycell_contract::limits::MAX_REQUEST_BYTES,
            max_statement_bytes: 1 << 20,
            max_rows: querycell_contract::limits::MAX_ROWS,
            max_in_list: querycell_contract::limits::MAX_IN_LIST,
            query_timeout: Duration::from_secs(10),
            query_memory_bytes: 1 << 30,
            // The library's default writes nothing; a deployment's comes from
            // [`Limits::for_machine`].
            query_disk_bytes: 0,
            query_threads: 2,
            max_result_bytes: default_max_result_bytes(),
        }
    }
}

/// Rows per DuckDB row group, the unit DuckDB splits a table scan by: a scan gets one thread
/// for each (`DataTable::MaxThreads`: rows / 122 880 + 1). Ingest keeps DuckDB's default.
pub const DUCKDB_ROW_GROUP_ROWS: u64 = 122_880;

/// The most temporary-file bytes [`Limits::for_machine`] gives one query worker, however
/// much disk is free: enough for a hash table of a few hundred million groups.
pub const MAX_DEFAULT_QUERY_DISK_BYTES: u64 = 16 << 30;

/// The least query memory [`Limits::for_machine`] gives a worker, however small the machine.
pub const MIN_DEFAULT_QUERY_MEMORY_BYTES: u64 = 256 << 20;

impl Limits {
    /// A deployment's limits on `machine`, running at most `answers_at_once` answers at the
    /// same time (the worker pool's size; one for the CLI), spilling to a file system with
    /// `free_disk_bytes` free (`None`: no spill). The other bounds are [`Limits::default`]'s.
    ///
    /// - `query_threads`: the cores shared by the answers that run at once, at least one.
    ///   One answer at a time gets every core, as DuckDB itself would take; several share
    ///   them, since threads beyond the cores only compete (docs/benchmarks.md, served).
    /// - `query_memory_bytes`: half the memory, shared the same way, at least
    ///   [`MIN_DEFAULT_QUERY_MEMORY_BYTES`]: the other half is left to the rest of the
    ///   machine (the agent, the page cache that holds the data file).
    /// - `query_disk_bytes`: a quarter of the free disk, shared the same way, at most
    ///   [`MAX_DEFAULT_QUERY_DISK_BYTES`]; none when that is under 64 MiB.
    pub fn for_machine(machine: Machine, answers_at_once: usize, free_disk_bytes: Option<u64>) -> Limits {
        let at_once = u64::try_from(answers_at_once.max(1)).unwrap_or(u64::MAX);
        let threads = u64::from(machine.cores.max(1)) / at_once;
        let memory = (machine.memory_bytes / 2 / at_once).max(MIN_DEFAULT_QUERY_MEMORY_BYTES);
        let disk = free_disk_bytes.map_or(0, |free| (free / 4 / at_once).min(MAX_DEFAULT_QUERY_DISK_BYTES));
        Limits {
            query_threads: u32::try_from(threads.max(1)).unwrap_or(u32::MAX),
            query_memory_bytes: memory >> 20 << 20,
            query_disk_bytes: if disk < 64 << 20 { 0 } else { disk >> 20 << 20 },
            ..Limits::default()
        }
    }

    /// The threads a query connection starts over data whose largest readable table has
    /// `largest_table_rows` rows: [`Limits::query_threads`], but no more than DuckDB could give
    /// a scan of that table. Over tables that each fit one row group a second thread never
    /// gets work; it only costs every answer a hand-off between threads (70–150 µs on a
    /// small answer, measured in docs/benchmarks.md).
    pub fn query_threads_for(&self, largest_table_rows: u64) -> u32 {
        let useful = largest_table_rows / DUCKDB_ROW_GROUP_ROWS + 1;
        self.query_threads.max(1).min(u32::try_from(useful).unwrap_or(u32::MAX))
    }

    /// Bytes one compiler answer may carry out of the sandbox (wasmtime's hostcall fuel):
    /// room for a main, a count and a null-probe statement at `max_statement_bytes` each,
    /// their parameters and the explanation. Lifting more traps the call before the host
    /// holds it.
    pub fn guest_output_lift_bytes(&self) -> usize {
        self.max_statement_bytes.saturating_mul(8)
    }
}

/// The bounds on checking a model's summary against a receipt (`querycell check-summary`,
/// the MCP tool `check_summary`). The summary and the receipt come from outside (a model
/// wrote the one, anyone may have edited the other), so every loop over them is bounded by
/// these, and input past them is refused with `summary_too_large`, never half-read.
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryLimits {
    /// Longest summary text, in bytes. A summary is a paragraph or a page; 64 KiB is a long
    /// report.
    pub max_text_bytes: usize,
    /// Longest receipt JSON, in bytes: a receipt of `max_rows` (1 000 by default) rows of a
    /// dozen columns is a few hundred KiB.
    pub max_receipt_bytes: usize,
    /// Numbers the checker reads in one summary.
    pub max_numbers: usize,
    /// Sentences the checker reads in one summary.
    pub max_sentences: usize,
    /// Cells (rows times columns) of the receipt the checker reads.
    pub max_cells: usize,
    /// Rows whose cells take part in the search for derived numbers (sums, differences,
    /// ratios of two cells; column totals); the search is over pairs, so it is bounded by
    /// this squared, once per receipt.
    pub max_derivation_rows: usize,
}

impl Default for SummaryLimits {
    fn default() -> Self {
        SummaryLimits {
            max_text_bytes: 64 << 10,
            max_receipt_bytes: 8 << 20,
            max_numbers: 2_000,
            max_sentences: 4_000,
            max_cells: 200_000,
            max_derivation_rows: 24,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_connection_gets_a_thread_per_row_group_of_its_largest_table_up_to_query_threads() {
        let limits = |query_threads| Limits { query_threads, ..Limits::default() };
        assert_eq!(limits(4).query_threads_for(0), 1);
        assert_eq!(limits(4).query_threads_for(DUCKDB_ROW_GROUP_ROWS - 1), 1);
        assert_eq!(limits(4).query_threads_for(DUCKDB_ROW_GROUP_ROWS), 2);
        assert_eq!(limits(4).query_threads_for(10_000_000), 4);
        assert_eq!(limits(2).query_threads_for(u64::MAX), 2);
        assert_eq!(limits(0).query_threads_for(10_000_000), 1, "never none");
    }

    #[test]
    fn a_deployment_shares_the_machine_among_the_answers_it_runs_at_once() {
        let server = Machine { cores: 32, memory_bytes: 128 << 30 };
        let one = Limits::for_machine(server, 1, Some(1 << 40));
        assert_eq!((one.query_threads, one.query_memory_bytes, one.query_disk_bytes), (32, 64 << 30, 16 << 30));
        let eight = Limits::for_machine(server, 8, Some(100 << 30));
        assert_eq!((eight.query_threads, eight.query_memory_bytes), (4, 8 << 30));
        assert_eq!(eight.query_disk_bytes, ((100u64 << 30) / 32) >> 20 << 20, "a quarter of the free disk, shared");
        let laptop = Machine { cores: 2, memory_bytes: 4 << 30 };
        let busy = Limits::for_machine(laptop, 16, Some(1 << 30));
        assert_eq!((busy.query_threads, busy.query_memory_bytes), (1, MIN_DEFAULT_QUERY_MEMORY_BYTES));
        assert_eq!(busy.query_disk_bytes, 0, "16 MiB each is too little to be worth a directory");
        assert_eq!(Limits::for_machine(laptop, 1, None).query_disk_bytes, 0, "nowhere to spill");
        assert_eq!(Limits::for_machine(laptop, 0, None).query_threads, 2, "no answers at once reads as one");
        let untouched = Limits { query_threads: 0, query_memory_bytes: 0, query_disk_bytes: 0, ..one };
        assert_eq!(untouched, Limits { query_threads: 0, query_memory_bytes: 0, ..Limits::default() });
    }
}
