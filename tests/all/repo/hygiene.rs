//! Hygiene: machine code is loaded only from a cache folder no one else can write, and
//! staging folders that a killed ingest left behind are cleaned up by the next ingest without
//! touching a running one's. And the documentation's: every relative link of the README and
//! `docs/` leads to a file that exists (and to a heading of it, where it names one), the
//! README stays a door of at most 250 lines, `docs/README.md` maps every page, and
//! `docs/security.md` numbers the eleven invariants and cites only tests that exist. And the
//! code's: no function of the host, the compiler or the contract runs past
//! [`MAX_FUNCTION_LINES`].

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use querycell::ingest::staging::STAGING_PREFIX;
use querycell::sandbox::{Sandbox, BUNDLED_GUEST};
use querycell::{ingest, Limits};
use querycell_tests::{component_from_core_wat, querycell_bin, write_file};

use super::doc_examples::documentation_pages;
use crate::sandbox::hostile_guests::{view, HOSTILE_CORE};

fn only_entry(dir: &Path) -> PathBuf {
    let entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    entries.into_iter().next().unwrap()
}

/// The hostile component's machine code, and the bundled compiler's cache file name.
fn hostile_code_and_bundled_name(root: &Path) -> (PathBuf, std::ffi::OsString) {
    let hostile_cache = root.join("hostile");
    Sandbox::from_component_bytes(&component_from_core_wat(HOSTILE_CORE), Limits::default(), Some(&hostile_cache))
        .unwrap();
    let bundled_cache = root.join("bundled");
    Sandbox::from_component_bytes(BUNDLED_GUEST, Limits::default(), Some(&bundled_cache)).unwrap();
    (only_entry(&hostile_cache), only_entry(&bundled_cache).file_name().unwrap().to_owned())
}

/// A planted cache entry: the hostile component's machine code under the bundled
/// compiler's cache name, in a folder with `folder_mode`, the entry with `entry_mode`.
fn planted(
    root: &Path,
    source: &(PathBuf, std::ffi::OsString),
    name: &str,
    folder_mode: u32,
    entry_mode: u32,
) -> PathBuf {
    let folder = root.join(name);
    std::fs::create_dir(&folder).unwrap();
    let entry = folder.join(&source.1);
    std::fs::copy(&source.0, &entry).unwrap();
    std::fs::set_permissions(&entry, std::fs::Permissions::from_mode(entry_mode)).unwrap();
    std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(folder_mode)).unwrap();
    folder
}

/// Which code answers when the bundled compiler is loaded through `cache`.
fn answering_code(cache: &Path) -> String {
    let sandbox = Sandbox::from_component_bytes(BUNDLED_GUEST, Limits::default(), Some(cache)).unwrap();
    match sandbox.compile_plan(r#"{"table": "incidents", "aggregations": [{"function": "count"}]}"#, &view()) {
        Ok(_) => "the bundled compiler".into(),
        Err(e) if e.code == "empty_plan" => "the planted code".into(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn machine_code_is_loaded_only_from_a_cache_no_one_else_can_write() {
    let root = tempfile::tempdir().unwrap();
    let source = hostile_code_and_bundled_name(root.path());
    // The control: a private folder is trusted, so a planted entry there does run. (Only
    // this user can plant there, and this user can already run code as itself.)
    assert_eq!(answering_code(&planted(root.path(), &source, "private", 0o700, 0o600)), "the planted code");
    // A folder others may write, or an entry others may write: compiled in memory instead.
    assert_eq!(answering_code(&planted(root.path(), &source, "shared-folder", 0o777, 0o600)), "the bundled compiler");
    assert_eq!(answering_code(&planted(root.path(), &source, "group-folder", 0o770, 0o600)), "the bundled compiler");
    assert_eq!(answering_code(&planted(root.path(), &source, "shared-entry", 0o700, 0o666)), "the bundled compiler");
    // A link to a private folder is not the folder.
    let link = root.path().join("link");
    std::os::unix::fs::symlink(root.path().join("private"), &link).unwrap();
    assert_eq!(answering_code(&link), "the bundled compiler");
}

fn staging_folders(parent: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(parent)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(STAGING_PREFIX))
        .collect();
    names.sort();
    names
}

fn small_data(dir: &Path) -> PathBuf {
    let data = dir.join("data");
    write_file(&data, "t.csv", "a,b\n1,x\n2,y\n");
    data
}

#[test]
fn abandoned_staging_folders_are_removed_and_live_ones_kept() {
    let dir = tempfile::tempdir().unwrap();
    let data = small_data(dir.path());
    let parent = dir.path().join("indexes");
    std::fs::create_dir(&parent).unwrap();
    let make = |name: &str, lock: bool| {
        let folder = parent.join(format!("{STAGING_PREFIX}{name}"));
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("data.duckdb"), b"half-written").unwrap();
        if lock {
            std::fs::write(folder.join(".ingest-lock"), b"").unwrap();
        }
        folder
    };
    make("dead", true);
    let live = make("live", true);
    let held = std::fs::File::options().write(true).open(live.join(".ingest-lock")).unwrap();
    held.lock().unwrap();
    make("young-unlocked", false);
    let old = make("old-unlocked", false);
    std::fs::File::open(&old).unwrap().set_modified(SystemTime::now() - Duration::from_secs(7200)).unwrap();
    // Not a folder of ours: a link named like one, pointing at data that must survive.
    std::os::unix::fs::symlink(&data, parent.join(format!("{STAGING_PREFIX}link"))).unwrap();

    ingest::ingest(&parent.join("index"), std::slice::from_ref(&data)).unwrap();
    let left = staging_folders(&parent);
    assert_eq!(
        left,
        [format!("{STAGING_PREFIX}link"), format!("{STAGING_PREFIX}live"), format!("{STAGING_PREFIX}young-unlocked")]
    );
    assert!(data.join("t.csv").is_file());
    drop(held);
    ingest::ingest(&parent.join("index"), &[data]).unwrap();
    assert_eq!(staging_folders(&parent), [format!("{STAGING_PREFIX}link"), format!("{STAGING_PREFIX}young-unlocked")]);
}

/// The real thing: `querycell ingest` killed with SIGKILL mid-way leaves its staging folder;
/// the next ingest removes it, and the previous index is intact throughout.
#[test]
fn an_ingest_killed_with_sigkill_is_cleaned_up_by_the_next() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let index = dir.path().join("index");
    ingest::ingest(&index, &[small_data(dir.path())]).unwrap();
    let before = querycell_tests::snapshot_folder(&index);

    let big = dir.path().join("big");
    std::fs::create_dir(&big).unwrap();
    let mut out = std::io::BufWriter::new(std::fs::File::create(big.join("events.csv")).unwrap());
    writeln!(out, "id,team,minutes,opened").unwrap();
    for i in 0..3_000_000u32 {
        writeln!(out, "E{i:08},T{},{},2026-01-{:02}", i % 50, i % 500, 1 + i % 28).unwrap();
    }
    out.flush().unwrap();
    drop(out);

    let mut child = std::process::Command::new(querycell_bin())
        .args(["ingest", "--index"])
        .arg(&index)
        .arg(&big)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while staging_folders(dir.path()).is_empty() {
        assert!(child.try_wait().unwrap().is_none(), "the ingest ended before its staging folder was seen");
        assert!(started.elapsed() < Duration::from_secs(60));
        std::thread::sleep(Duration::from_millis(2));
    }
    // Let it get into the work, then kill it the way the OOM killer would.
    std::thread::sleep(Duration::from_millis(300));
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(staging_folders(dir.path()).len(), 1, "the killed ingest left its folder");
    assert_eq!(querycell_tests::snapshot_folder(&index), before, "the previous index is untouched");

    ingest::ingest(&index, &[small_data(dir.path())]).unwrap();
    assert!(staging_folders(dir.path()).is_empty(), "{:?}", staging_folders(dir.path()));
}

/// The lines of `markdown` outside fenced code blocks, with their numbers (1-based).
fn prose_lines(markdown: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in markdown.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// The targets of the inline links `[text](target)` on `line`, code spans left out.
fn link_targets(line: &str) -> Vec<&str> {
    let mut targets = Vec::new();
    for prose in line.split('`').step_by(2) {
        let mut rest = prose;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let end = after.find(')').unwrap_or(after.len());
            targets.push(&after[..end]);
            rest = &after[end..];
        }
    }
    targets
}

/// The anchor GitHub gives a heading: lowercase, spaces as `-`, every character but
/// letters, digits, `-` and `_` dropped.
fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading of `markdown` (a repeated one also as `-1`, `-2`, …).
fn anchors(markdown: &str) -> Vec<String> {
    let mut anchors: Vec<String> = Vec::new();
    for (_, line) in prose_lines(markdown) {
        let hashes = line.chars().take_while(|c| *c == '#').count();
        if hashes == 0 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let anchor = anchor_of(&line[hashes..]);
        let seen = anchors
            .iter()
            .filter(|a| {
                **a == anchor || a.strip_prefix(&format!("{anchor}-")).is_some_and(|n| n.parse::<u32>().is_ok())
            })
            .count();
        anchors.push(if seen == 0 { anchor } else { format!("{anchor}-{seen}") });
    }
    anchors
}

/// Every broken relative link of `page` (a path relative to the workspace).
fn broken_links(page: &Path) -> Vec<String> {
    let root = querycell_tests::workspace();
    let markdown = std::fs::read_to_string(root.join(page)).unwrap();
    let folder = root.join(page).parent().unwrap().to_path_buf();
    let mut broken = Vec::new();
    for (number, line) in prose_lines(&markdown) {
        for target in link_targets(line) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').map_or((target, None), |(path, anchor)| (path, Some(anchor)));
            let file = if path.is_empty() { root.join(page) } else { folder.join(path) };
            let at = format!("{}:{number}: ({target})", page.display());
            if !file.exists() {
                broken.push(format!("{at} leads to no file"));
            } else if let Some(anchor) = anchor {
                let linked = std::fs::read_to_string(&file).unwrap_or_default();
                if !anchors(&linked).iter().any(|a| a == anchor) {
                    broken.push(format!("{at} names no heading of {}", file.display()));
                }
            }
        }
    }
    broken
}

#[test]
fn every_relative_link_in_the_readme_and_docs_resolves() {
    let pages = documentation_pages();
    assert!(pages.len() > 10, "the documentation pages were not found: {pages:?}");
    let broken: Vec<String> = pages.iter().flat_map(|page| broken_links(page)).collect();
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The checker itself: a link to a missing file, or to a heading its file lacks, is found.
#[test]
fn the_link_check_finds_missing_files_and_headings() {
    let dir = tempfile::tempdir().unwrap();
    write_file(dir.path(), "a.md", "# Top\n\n## The path of a request (through `layers`)\n\n## Top\n");
    write_file(
        dir.path(),
        "b.md",
        "[ok](a.md) [ok](a.md#the-path-of-a-request-through-layers) [ok](a.md#top-1) [ok](#here)\n\n## Here\n\n\
         [gone](c.md) [no heading](a.md#nowhere) `[in code](c.md)` [web](https://example.com/x)\n```\n[fenced](c.md)\n```\n",
    );
    let broken = broken_links(&dir.path().join("b.md"));
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(
        broken[0].contains("(c.md) leads to no file") && broken[1].contains("(a.md#nowhere) names no heading"),
        "{broken:?}"
    );
}

/// The README is the door, the reference is in `docs/`: past this it is a manual again.
#[test]
fn the_readme_stays_short() {
    let readme = std::fs::read_to_string(querycell_tests::workspace().join("README.md")).unwrap();
    let lines = readme.lines().count();
    assert!(lines <= 250, "README.md has {lines} lines: move reference material into docs/");
}

/// `docs/README.md` is the map of `docs/`: every page is on it.
#[test]
fn the_docs_map_lists_every_page() {
    let docs = querycell_tests::workspace().join("docs");
    let map = std::fs::read_to_string(docs.join("README.md")).unwrap();
    let linked: Vec<&str> = prose_lines(&map).into_iter().flat_map(|(_, line)| link_targets(line)).collect();
    for entry in std::fs::read_dir(&docs).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if name.ends_with(".md") && name != "README.md" {
            assert!(linked.contains(&name.as_str()), "docs/README.md does not list docs/{name}");
        }
    }
}

/// `docs/security.md` numbers the invariants 1 to 11, in order, and every test it cites as
/// `area::module::function` is a test of `tests/all/<area>/<module>.rs`; a test module named
/// without its area (`module::function`) fails too.
#[test]
fn the_security_page_numbers_the_invariants_and_cites_real_tests() {
    let root = querycell_tests::workspace();
    let page = std::fs::read_to_string(root.join("docs/security.md")).unwrap();
    let numbers: Vec<u32> = prose_lines(&page)
        .into_iter()
        .filter_map(|(_, line)| line.strip_prefix("## ")?.split_once(". ")?.0.parse().ok())
        .collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<u32>>(), "the invariants' headings");
    let tests = root.join("tests/all");
    let areas: Vec<String> = std::fs::read_dir(&tests)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut cited = 0;
    for span in page.split('`').skip(1).step_by(2) {
        let word =
            |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        let path: Vec<&str> = span.split("::").collect();
        if path.len() < 2 || !path.iter().all(|w| word(w)) {
            continue;
        }
        if !areas.iter().any(|area| area == path[0]) {
            if let Some(area) = areas.iter().find(|area| tests.join(area).join(format!("{}.rs", path[0])).is_file()) {
                panic!("`{span}`: name the test with its area, `{area}::{span}`");
            }
            continue;
        }
        let [area, module, function] = path[..] else { panic!("`{span}`: cite a test as area::module::function") };
        let file = format!("tests/all/{area}/{module}.rs");
        let source =
            std::fs::read_to_string(root.join(&file)).unwrap_or_else(|_| panic!("`{span}`: there is no {file}"));
        assert!(source.contains(&format!("#[test]\nfn {function}(")), "`{span}`: {file} has no test {function}");
        cited += 1;
    }
    assert!(cited >= 40, "only {cited} tests cited: the citations were not found");
}

/// The longest a function of the host, the compiler or the contract may be, in lines from its
/// `fn` to its closing brace: past it, a function is split into named steps. Tests are not
/// held to it (a table of cases reads best whole).
const MAX_FUNCTION_LINES: usize = 80;

/// Every function of `source` longer than `max` lines, as `name (lines)`: a line that
/// starts (after indentation) with `fn`, `pub fn`, `pub(crate) fn`, `const fn` or `unsafe
/// fn` and does not end on that line opens one, and the first later line of the same
/// indentation that is `}` closes it. Inline `#[cfg(test)] mod … { … }` modules are left out.
fn long_functions(source: &str, max: usize) -> Vec<String> {
    let lines: Vec<&str> = source.lines().collect();
    fn indent_of(line: &str) -> &str {
        &line[..line.len() - line.trim_start().len()]
    }
    let closing = |from: usize, indent: &str| {
        let closing = format!("{indent}}}");
        lines[from..].iter().position(|l| *l == closing).map(|n| from + n)
    };
    let mut long = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let (line, code) = (lines[at], lines[at].trim_start());
        let opens_test_module = code == "#[cfg(test)]"
            && lines.get(at + 1).is_some_and(|next| next.trim_start().starts_with("mod ") && next.ends_with('{'));
        if opens_test_module {
            at = closing(at + 1, indent_of(lines[at + 1])).map_or(lines.len(), |end| end + 1);
            continue;
        }
        let signature = ["pub(crate) ", "pub ", "const ", "unsafe "]
            .iter()
            .fold(code, |rest, prefix| rest.strip_prefix(prefix).unwrap_or(rest));
        if let Some(name) = signature.strip_prefix("fn ").filter(|_| !code.ends_with(';') && !code.ends_with('}')) {
            if let Some(end) = closing(at, indent_of(line)) {
                if end - at + 1 > max {
                    let name: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    long.push(format!("{name} ({} lines)", end - at + 1));
                }
            }
        }
        at += 1;
    }
    long
}

#[test]
fn no_function_runs_past_the_line_limit() {
    let mut long = Vec::new();
    for dir in ["host/src", "guest/src", "contract/src"] {
        let mut pending = vec![querycell_tests::workspace().join(dir)];
        while let Some(path) = pending.pop() {
            if path.is_dir() {
                pending.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
                continue;
            }
            // A `tests.rs` beside a module holds only its tests.
            let is_tests = path.file_stem().is_some_and(|stem| stem == "tests");
            if path.extension().is_none_or(|extension| extension != "rs") || is_tests {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            long.extend(
                long_functions(&source, MAX_FUNCTION_LINES).into_iter().map(|f| format!("{}: {f}", path.display())),
            );
        }
    }
    assert!(long.is_empty(), "split these into named steps:\n{}", long.join("\n"));
}

/// The length check finds a long function, by name, at any indentation, measures a one-line
/// function as one line, and skips an inline test module but not what follows it.
#[test]
fn the_length_check_finds_a_long_function() {
    let body = "    let x = 1;\n".repeat(5);
    let source = format!(
        "impl A {{\n    fn one_line() -> u8 {{ 1 }}\n    pub(crate) fn long(&self) {{\n{body}    }}\n}}\n\
         #[cfg(test)]\nmod tests {{\n    fn in_tests() {{\n{body}    }}\n}}\nfn after_tests() {{\n{body}}}\n"
    );
    assert_eq!(long_functions(&source, 6), ["long (7 lines)", "after_tests (7 lines)"]);
    assert!(long_functions(&source, 7).is_empty());
}
