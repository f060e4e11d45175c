//! The differential target: SQL generated and mutated by `sql_diff_gen.rs` (or the input's
//! own text, mutated with DuckDB's keyword list) is compiled in SQL mode against the
//! differential catalog (`differential.rs`); every statement the compiler accepts goes to
//! the oracle process (`sql-oracle`, built by the stable build: it links DuckDB, which this
//! fuzz build must not compile again), which runs the host's parse-tree check and reading
//! proof on it and, where the reading is proved, compares DuckDB's answer to the caller's
//! text with its answer to the compiled statement over the fixture. The target fails on a
//! reading that differs, an accepted statement the host refuses, and an answer that differs.
//! The oracle's path comes from `QUERYCELL_SQL_ORACLE` (`just fuzz` sets it).

#![no_main]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use libfuzzer_sys::fuzz_target;

#[path = "../differential.rs"]
mod differential;
#[path = "../duckdb_keywords.rs"]
mod duckdb_keywords;
#[path = "../sql_diff_gen.rs"]
mod sql_diff_gen;
#[path = "../sql_gen.rs"]
mod sql_gen;

/// The oracle process, started at the first accepted statement and kept for the run.
struct Oracle {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Oracle {
    fn start() -> Oracle {
        let path = std::env::var_os("QUERYCELL_SQL_ORACLE").expect(
            "QUERYCELL_SQL_ORACLE must name the sql-oracle binary (`cargo build --release -p querycell-tests \
             --bin sql-oracle`; `just fuzz` sets it)",
        );
        let mut child = Command::new(&path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("starting the oracle {}: {e}", path.to_string_lossy()));
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Oracle { _child: child, stdin, stdout }
    }

    fn judge(&mut self, request: &differential::Request) -> differential::Verdict {
        let mut line = request.to_json().to_string();
        line.push('\n');
        self.stdin.write_all(line.as_bytes()).and_then(|()| self.stdin.flush()).unwrap_or_else(|e| died(&line, &e));
        let mut answer = String::new();
        match self.stdout.read_line(&mut answer) {
            Ok(0) => died(&line, &"end of its output"),
            Err(e) => died(&line, &e),
            Ok(_) => {}
        }
        let value: serde_json::Value = serde_json::from_str(&answer).unwrap_or_else(|e| died(&line, &e));
        differential::Verdict::from_json(&value).unwrap_or_else(|| died(&line, &format!("unreadable verdict {answer}")))
    }
}

/// The oracle stopped answering: a crash of DuckDB on the statement is a finding too.
fn died(request: &str, why: &dyn std::fmt::Display) -> ! {
    panic!("the oracle process died on this statement (DuckDB crashed?): {why}\nrequest: {request}")
}

fn oracle() -> &'static Mutex<Oracle> {
    static ORACLE: OnceLock<Mutex<Oracle>> = OnceLock::new();
    ORACLE.get_or_init(|| Mutex::new(Oracle::start()))
}

fuzz_target!(|data: &[u8]| {
    let view = differential::view();
    let text = sql_diff_gen::diff_text(data, &view);
    let Some(request) = differential::compile(&text, &view) else { return };
    let verdict = oracle().lock().unwrap_or_else(|e| e.into_inner()).judge(&request);
    if let Some(failure) = verdict.failure() {
        panic!(
            "{failure}\ninput: {text:?}\ncaller's text: {}\ncompiled: {}\nparams: {:?}",
            request.caller, request.sql, request.params
        );
    }
});
