//! Ingest of large CSVs of several shapes, each against DuckDB's own `read_csv` into a
//! table on the same file in the same run: the bench's events (short codes, small numbers,
//! dates), zero-padded ids kept as text beside ISO dates and decimals, wide quoted free
//! text, and timestamps with booleans, once as written and once with a missing-value token
//! near the end (the checked load's worst case: it converts nine tenths of the file before
//! the token ends it, and the table is profiled). The files are generated deterministically
//! here.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use querycell::ingest;
use querycell::testing::{Access, Database};

/// One shape of CSV: its name, its share of `QUERYCELL_BENCH_ROWS` (in fifths: the events
/// file has the full count, the padded one three fifths, so 5 M and 3 M at the default) and
/// how its header and rows are written.
struct Shape {
    name: &'static str,
    fifths: usize,
    header: &'static str,
    /// Row `i` of a file of `rows` rows.
    row: fn(&mut dyn Write, usize, usize) -> std::io::Result<()>,
    /// What `read_csv` needs told to load the file at all (its type detection reads the
    /// first 20 480 rows, and refuses a later value of another type).
    peer_options: &'static str,
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "events (codes, small numbers, dates)",
        fifths: 5,
        header: "event_id,account,team,severity,minutes,cost,opened_at",
        row: events_row,
        peer_options: "",
    },
    Shape {
        name: "padded ids kept as text, ISO dates, decimals",
        fifths: 3,
        header: "order_id,customer_id,branch,ordered_on,shipped_on,amount,discount",
        row: padded_row,
        peer_options: "",
    },
    Shape {
        name: "wide quoted free text",
        fifths: 1,
        header: "ticket_id,title,description,notes,status",
        row: wide_row,
        peer_options: "",
    },
    Shape {
        name: "timestamps, booleans, doubles",
        fifths: 3,
        header: "reading_id,sensor,taken_at,value,ok",
        row: timestamps_row,
        peer_options: "",
    },
    Shape {
        name: "timestamps, booleans, doubles, an NA nine tenths in",
        fifths: 3,
        header: "reading_id,sensor,taken_at,value,ok",
        row: late_token_row,
        peer_options: ", nullstr = 'NA'",
    },
];

/// Rounds per shape, each querycell's ingest then `read_csv` on the same file: from the
/// second round on each side also runs after the other, and each side's best round counts.
const ROUNDS: usize = 2;

/// Ingest each shape (careful typing, statistics, atomic swap) vs DuckDB's own
/// `CREATE TABLE AS SELECT * FROM read_csv(...)` on the same file, in the same run. The file
/// is on disk before either is timed: written just before and still being flushed, it would
/// slow whichever ran first by the disk's write-back. Each side's best round is compared.
pub(crate) fn ingest_bench(dir: &Path) {
    let rows: usize = std::env::var("QUERYCELL_BENCH_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(5_000_000);
    if rows == 0 {
        return;
    }
    for (i, shape) in SHAPES.iter().enumerate() {
        let rows = rows * shape.fifths / 5;
        let data = dir.join(format!("big-{i}"));
        std::fs::create_dir_all(&data).expect("folder");
        let csv = data.join("rows.csv");
        write_csv(&csv, shape, rows);
        let size = std::fs::metadata(&csv).unwrap().len();

        let index = dir.join(format!("big-index-{i}"));
        let plain_file = dir.join(format!("plain-{i}.duckdb"));
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        let mut types = Vec::new();
        for round in 0..ROUNDS {
            let _ = std::fs::remove_dir_all(&index);
            let started = Instant::now();
            let catalog = ingest::ingest(&index, std::slice::from_ref(&data)).expect("ingest");
            ours.push(started.elapsed().as_secs_f64());
            if round == 0 {
                types = catalog.tables[0].columns.iter().map(|c| format!("{}={}", c.name, c.sql_type)).collect();
            }
            let _ = std::fs::remove_file(&plain_file);
            let started = Instant::now();
            let plain = Database::open(&plain_file, Access::ReadWrite, &[]).expect("plain db");
            plain
                .execute_batch(&format!(
                    "CREATE TABLE t AS SELECT * FROM read_csv('{}'{}); CHECKPOINT;",
                    csv.display(),
                    shape.peer_options
                ))
                .expect("read_csv");
            drop(plain);
            theirs.push(started.elapsed().as_secs_f64());
        }
        let best = |runs: &[f64]| runs.iter().copied().fold(f64::INFINITY, f64::min);
        let shown = |runs: &[f64]| runs.iter().map(|s| format!("{s:.2}")).collect::<Vec<_>>().join(" / ");
        println!(
            "ingest {}: {rows} rows ({:.0} MiB CSV): querycell {} s (first rows decided, one checked load or a text load and profiling, statistics, checksum, swap), DuckDB read_csv into a table {} s, best against best {:.2}x",
            shape.name,
            size as f64 / 1048576.0,
            shown(&ours),
            shown(&theirs),
            best(&ours) / best(&theirs)
        );
        println!("  types decided: {}", types.join(", "));
        if !shape.peer_options.is_empty() {
            println!("  read_csv told{}", shape.peer_options);
        }
        // Each shape's files go before the next is written: the machine's disk is shared.
        let _ = std::fs::remove_dir_all(&data);
        let _ = std::fs::remove_dir_all(&index);
        let _ = std::fs::remove_file(&plain_file);
    }
}

fn write_csv(path: &Path, shape: &Shape, rows: usize) {
    let mut out = std::io::BufWriter::new(std::fs::File::create(path).expect("csv"));
    writeln!(out, "{}", shape.header).unwrap();
    for i in 0..rows {
        (shape.row)(&mut out, i, rows).unwrap();
    }
    out.flush().unwrap();
    out.into_inner().expect("written").sync_all().expect("on disk");
}

fn events_row(out: &mut dyn Write, i: usize, _rows: usize) -> std::io::Result<()> {
    writeln!(
        out,
        "E{i:08},{:05},T{},P{},{},{}.{:02},2026-{:02}-{:02}",
        i % 40_000,
        i % 50,
        1 + i % 3,
        i % 500,
        i % 1000,
        i % 100,
        1 + i % 12,
        1 + i % 28
    )
}

/// Order ids and customer ids with leading zeros (identifiers: they must stay text), two
/// ISO dates, and amounts written with two decimals (`1234.50`).
fn padded_row(out: &mut dyn Write, i: usize, _rows: usize) -> std::io::Result<()> {
    let r = mix(i as u64);
    writeln!(
        out,
        "{i:08},{:06},B{:03},{}-{:02}-{:02},{}-{:02}-{:02},{}.{:02},{}.{:02}",
        r % 200_000,
        (r >> 20) % 120,
        2020 + (r >> 8) % 6,
        1 + (r >> 12) % 12,
        1 + (r >> 16) % 28,
        2020 + (r >> 24) % 6,
        1 + (r >> 28) % 12,
        1 + (r >> 32) % 28,
        (r >> 36) % 100_000,
        (r >> 4) % 100,
        (r >> 40) % 50,
        10 * ((r >> 44) % 10)
    )
}

/// Long free text, quoted, with commas and doubled quotes inside.
fn wide_row(out: &mut dyn Write, i: usize, _rows: usize) -> std::io::Result<()> {
    let r = mix(i as u64);
    write!(out, "T{i:07},\"")?;
    words(out, r, 6)?;
    write!(out, "\",\"")?;
    words(out, r.rotate_left(17), 30)?;
    write!(out, ", \"\"see notes\"\", ")?;
    words(out, r.rotate_left(31), 6)?;
    write!(out, "\",\"")?;
    words(out, r.rotate_left(47), 14)?;
    writeln!(out, "\",{}", ["open", "closed", "waiting", "escalated"][(r % 4) as usize])
}

/// ISO timestamps with seconds, booleans and doubles.
/// [`timestamps_row`], but for one `NA` in the value column nine tenths into the file.
fn late_token_row(out: &mut dyn Write, i: usize, rows: usize) -> std::io::Result<()> {
    match i == rows / 10 * 9 {
        true => writeln!(out, "{i},S-1,2026-01-01 00:00:00,NA,true"),
        false => timestamps_row(out, i, rows),
    }
}

fn timestamps_row(out: &mut dyn Write, i: usize, _rows: usize) -> std::io::Result<()> {
    let r = mix(i as u64);
    writeln!(
        out,
        "{i},S-{},2026-{:02}-{:02} {:02}:{:02}:{:02},{}.{:03},{}",
        r % 5_000,
        1 + (r >> 12) % 12,
        1 + (r >> 16) % 28,
        (r >> 20) % 24,
        (r >> 26) % 60,
        (r >> 32) % 60,
        (r >> 38) % 1_000,
        (r >> 48) % 1_000,
        if (r >> 60) & 1 == 0 { "true" } else { "false" }
    )
}

/// `count` words picked by `seed`, separated by spaces and now and then by a comma.
fn words(out: &mut dyn Write, seed: u64, count: usize) -> std::io::Result<()> {
    const WORDS: &[&str] = &[
        "customer",
        "reported",
        "the",
        "invoice",
        "was",
        "late",
        "and",
        "missing",
        "a",
        "line",
        "for",
        "shipping",
        "refund",
        "requested",
        "after",
        "second",
        "call",
        "warehouse",
        "confirmed",
        "damage",
        "on",
        "arrival",
        "replacement",
        "sent",
        "by",
        "courier",
        "account",
        "manager",
        "agreed",
        "credit",
        "note",
        "pending",
    ];
    let mut state = seed | 1;
    for n in 0..count {
        state = mix(state);
        if n > 0 {
            out.write_all(if state.is_multiple_of(7) { b", " } else { b" " })?;
        }
        out.write_all(WORDS[(state >> 8) as usize % WORDS.len()].as_bytes())?;
    }
    Ok(())
}

/// splitmix64's finaliser: a fixed, well-spread function of `x`.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
