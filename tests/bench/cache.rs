//! The compile cache on a repeated-question workload: an agent's session asks a few questions
//! many times (a dashboard refreshing, a retried tool call) and some once. Reports the hit
//! rate and the answer's cost with and without a remembered compile, in the same run.

use std::time::{Duration, Instant};

use querycell::{Limits, QueryCell};

use crate::Timing;

/// Questions in the workload's pool: plans over the demo table, each a distinct text (4 teams
/// × 4 functions × 3 severities × 2 groupings).
fn questions() -> Vec<String> {
    let mut pool = Vec::new();
    for team in ["Platform", "Payments", "Search", "Mobile"] {
        for function in ["avg", "max", "median", "sum"] {
            for severity in ["P1", "P2", "P3"] {
                for group_by in ["service", "reopened"] {
                    pool.push(format!(
                        r#"{{"table": "incidents", "filters": [{{"column": "team", "op": "eq", "value": "{team}"}}, {{"column": "severity", "op": "eq", "value": "{severity}"}}], "group_by": ["{group_by}"], "aggregations": [{{"function": "{function}", "column": "ack_minutes"}}]}}"#
                    ));
                }
            }
        }
    }
    pool
}

/// Asks drawn from the pool with a skew (a small linear congruential generator, so every run
/// asks the same sequence): question `i` about twice as often as question `2i`.
fn workload(pool: usize, asks: usize) -> Vec<usize> {
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..asks)
        .map(|_| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let uniform = (state >> 33) as f64 / (1u64 << 31) as f64;
            // Inverse of a 1/x density over [1, pool + 1): small indexes are asked most.
            (((pool + 1) as f64).powf(uniform) - 1.0).floor() as usize % pool
        })
        .collect()
}

pub(crate) fn cache_bench(index: &std::path::Path, limits: &Limits) {
    const ASKS: usize = 1_000;
    let pool = questions();
    let asks = workload(pool.len(), ASKS);
    let cell = QueryCell::open(index, limits.clone()).expect("open index");
    let (mut hits, mut misses) = (Vec::new(), Vec::new());
    for &question in &asks {
        let started = Instant::now();
        let answer = cell.query_plan(&pool[question]).expect("answers");
        let elapsed = started.elapsed();
        match answer.cost.compile_cached {
            true => hits.push(elapsed),
            false => misses.push(elapsed),
        }
    }
    let stats = cell.compile_cache_stats();
    assert_eq!((stats.hits + stats.misses) as usize, ASKS);
    let distinct = {
        let mut seen = asks.clone();
        seen.sort_unstable();
        seen.dedup();
        seen.len()
    };
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (hit, miss) = (Timing::from_samples(hits), Timing::from_samples(misses));
    println!("compile cache, {ASKS} plans drawn from {} questions ({distinct} asked), one QueryCell:", pool.len());
    println!(
        "  hit rate {:.1}% ({} hits, {} misses; {} compiles held, {:.1} KiB)",
        100.0 * stats.hits as f64 / ASKS as f64,
        stats.hits,
        stats.misses,
        stats.entries,
        stats.bytes as f64 / 1024.0
    );
    println!("  answer with a remembered compile  {}", hit.micros());
    println!("  answer compiled in the sandbox    {}", miss.micros());
    println!("  p50 saved per hit: {:.3} ms", ms(miss.p50().saturating_sub(hit.p50())));
}
