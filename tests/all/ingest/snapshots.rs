//! One snapshot per answer (docs/ingest.md): the catalog, the data and the receipt's snapshot
//! id always come from the same ingest, even while the index is re-ingested under the reader;
//! and the id is a content hash.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use querycell::{ingest, Limits, QueryCell};
use querycell_tests::write_file;

const COUNT: &str = r#"{"table": "events", "aggregations": [{"function": "count"}]}"#;

/// A folder holding `events.csv` with `rows` rows.
fn version(dir: &Path, name: &str, rows: usize) -> std::path::PathBuf {
    let mut csv = String::from("event_id,team,minutes\n");
    for i in 0..rows {
        csv.push_str(&format!("E{i:07},T{},{}\n", i % 7, i % 90));
    }
    let folder = dir.join(name);
    write_file(&folder, "events.csv", &csv);
    folder
}

fn count_and_snapshot(cell: &QueryCell) -> (u64, String) {
    let answer = cell.query_plan(COUNT).unwrap_or_else(|e| panic!("a query failed during re-ingest: {e}"));
    (answer.rows[0][0].as_u64().expect("a count"), answer.snapshot)
}

#[test]
fn answers_never_mix_versions_while_the_index_is_reingested() {
    let dir = tempfile::tempdir().unwrap();
    let (big, small) = (version(dir.path(), "big", 200_000), version(dir.path(), "small", 1_000));
    let index = dir.path().join("index");
    let small_snapshot = ingest::ingest(&index, std::slice::from_ref(&small)).unwrap().snapshot;
    let big_snapshot = ingest::ingest(&index, std::slice::from_ref(&big)).unwrap().snapshot;
    assert_ne!(small_snapshot, big_snapshot);
    let expected = |snapshot: &str| {
        if snapshot == big_snapshot {
            200_000
        } else if snapshot == small_snapshot {
            1_000
        } else {
            panic!("unknown snapshot {snapshot}")
        }
    };

    let stop = Arc::new(AtomicBool::new(false));
    let swapped = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let reingest = {
        let (stop, swapped, index) = (stop.clone(), swapped.clone(), index.clone());
        std::thread::spawn(move || {
            let mut swaps = 0;
            while !stop.load(Ordering::SeqCst) {
                let source = if swaps % 2 == 0 { &small } else { &big };
                ingest::ingest(&index, std::slice::from_ref(source)).expect("re-ingest");
                swaps += 1;
                swapped.store(swaps, Ordering::SeqCst);
            }
            swaps
        })
    };
    let mut seen = std::collections::BTreeSet::new();
    // At least 300 answers, and on until four re-ingests have run under them (a loaded
    // machine ingests slowly), within two minutes.
    let started = std::time::Instant::now();
    let mut answers = 0;
    while answers < 300
        || (swapped.load(Ordering::SeqCst) < 4 && started.elapsed() < std::time::Duration::from_secs(120))
    {
        answers += 1;
        // A fresh open per answer, as each CLI call does.
        let cell =
            QueryCell::open(&index, Limits::default()).unwrap_or_else(|e| panic!("open failed during re-ingest: {e}"));
        let (count, snapshot) = count_and_snapshot(&cell);
        assert_eq!(count, expected(&snapshot), "rows and snapshot of one answer disagree");
        assert_eq!(snapshot, cell.snapshot());
        seen.insert(snapshot);
    }
    stop.store(true, Ordering::SeqCst);
    let swaps = reingest.join().unwrap();
    assert!(swaps >= 4, "only {swaps} re-ingests ran during the queries");
    assert_eq!(seen.len(), 2, "the answers should have seen both versions");
}

#[test]
fn an_open_querycell_keeps_its_version_until_told_to_reopen() {
    let dir = tempfile::tempdir().unwrap();
    let (big, small) = (version(dir.path(), "big", 5_000), version(dir.path(), "small", 100));
    let index = dir.path().join("index");
    ingest::ingest(&index, std::slice::from_ref(&small)).unwrap();
    let mut cell = QueryCell::open(&index, Limits::default()).unwrap();
    let before = count_and_snapshot(&cell);
    for source in [&big, &small, &big] {
        ingest::ingest(&index, std::slice::from_ref(source)).unwrap();
        assert_eq!(count_and_snapshot(&cell), before, "an open QueryCell changed version under its caller");
    }
    cell.reopen().unwrap();
    assert_eq!(count_and_snapshot(&cell).0, 5_000);
}

#[test]
fn the_snapshot_id_is_a_content_hash() {
    let dir = tempfile::tempdir().unwrap();
    let data = version(dir.path(), "data", 2_000);
    let first = ingest::ingest(&dir.path().join("one"), std::slice::from_ref(&data)).unwrap().snapshot;
    let second = ingest::ingest(&dir.path().join("two"), std::slice::from_ref(&data)).unwrap().snapshot;
    assert_eq!(first, second, "the same data must give the same snapshot id");
    // The same rows in another order: the same content.
    let csv = std::fs::read_to_string(data.join("events.csv")).unwrap();
    let mut lines: Vec<&str> = csv.lines().collect();
    lines[1..].reverse();
    let reordered = dir.path().join("reordered");
    write_file(&reordered, "events.csv", &(lines.join("\n") + "\n"));
    assert_eq!(ingest::ingest(&dir.path().join("three"), &[reordered]).unwrap().snapshot, first);
    // One changed value: another snapshot.
    let changed = dir.path().join("changed");
    write_file(&changed, "events.csv", &csv.replacen("E0000001,T1,1", "E0000001,T1,2", 1));
    assert_ne!(ingest::ingest(&dir.path().join("four"), &[changed]).unwrap().snapshot, first);
}
