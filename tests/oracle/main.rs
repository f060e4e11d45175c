//! `sql-oracle`: the differential fuzz target's DuckDB, in a process of its own so the fuzz
//! build (nightly, coverage flags) never compiles DuckDB. It reads one request per line on
//! standard input (JSON, `fuzz/differential.rs`'s `Request`: a statement SQL mode accepted),
//! judges it with [`querycell_tests::differential::Oracle`] (the host's parse-tree check and
//! reading proof, then both answers over the fixture) and writes one verdict per line; every
//! 10 000 requests, and at the end of its input, it writes its tally to standard error.

use std::io::{BufRead, Write};

use querycell_tests::differential::case::Request;
use querycell_tests::differential::Oracle;

/// How often the tally is written.
const REPORT_EVERY: u64 = 10_000;

fn main() {
    // The compiler's statements nest; DuckDB's parser and the checks recurse on them.
    let worker = std::thread::Builder::new().stack_size(64 << 20).spawn(serve).expect("the oracle's thread starts");
    worker.join().expect("the oracle ran to the end of its input");
}

fn serve() {
    let mut oracle = Oracle::open();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("reading a request");
        let request = serde_json::from_str(&line).ok().and_then(|value| Request::from_json(&value));
        let Some(request) = request else { panic!("an unreadable request: {line}") };
        let verdict = oracle.judge(&request);
        writeln!(stdout, "{}", verdict.to_json()).and_then(|()| stdout.flush()).expect("writing a verdict");
        if oracle.tally.requests.is_multiple_of(REPORT_EVERY) {
            eprintln!("sql-oracle: {}", oracle.tally.report());
        }
    }
    eprintln!("sql-oracle: {}", oracle.tally.report());
}
