//! The host's modules form layers, and an import never goes up: every top-level module of
//! host/src has a place in [`LAYERS`] (the order `host/src/lib.rs` documents), and every
//! `crate::…` or `super::…` path in its code names a module of its own layer or a lower one,
//! with no cycle inside a layer. A new module fails here until it is given a place. The
//! compiler guest's modules have no cycle either.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The host's top-level modules, lowest layer first (see the module map in host/src/lib.rs).
const LAYERS: &[&[&str]] = &[
    &["error", "limits", "calendar", "operator_file", "summary"],
    &["duck"],
    &["statement"],
    &["sandbox"],
    &["catalog"],
    &["check"],
    &["policy"],
    &["exec"],
    &["ingest"],
    &["answer"],
    &["engine"],
    &["verify"],
    &["serve"],
    &["testing"],
];

/// The crate root and the binary: they name every layer by design.
const ROOTS: &[&str] = &["lib", "main"];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path under `src`: `exec/worker/pool.rs` is `[exec, worker, pool]`,
/// `exec/mod.rs` is `[exec]`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// The code of a file without its comments (line comments and doc comments; the host has
/// no block comments worth reading), so a doc link to a module is not an import.
fn code_of(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n")
}

/// The top-level modules a file's code names through `crate::` or `super::` paths.
fn named_modules(code: &str, own_path: &[String]) -> BTreeSet<String> {
    let mut named = BTreeSet::new();
    let bytes = code.as_bytes();
    let word_start =
        |i: usize| i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_' || bytes[i - 1] == b':');
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        if word_start(i) && (rest.starts_with("crate::") || rest.starts_with("super::")) {
            let mut path: Vec<String> = own_path.to_vec();
            let mut tail = rest;
            if let Some(after) = tail.strip_prefix("crate::") {
                path.clear();
                tail = after;
            } else {
                while let Some(after) = tail.strip_prefix("super::") {
                    path.pop();
                    tail = after;
                }
            }
            let segment: String = tail.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if let Some(first) = path.first() {
                named.insert(first.clone());
            } else if !segment.is_empty() {
                named.insert(segment);
            } else if tail.starts_with('{') {
                // `crate::{a, b::{c, d}}`: the first segment of each outermost item.
                let (mut depth, mut at_item_start) = (0usize, true);
                for (k, c) in tail.char_indices() {
                    match c {
                        '{' => {
                            depth += 1;
                            at_item_start = depth == 1;
                        }
                        '}' if depth == 1 => break,
                        '}' => depth -= 1,
                        ',' if depth == 1 => at_item_start = true,
                        c if at_item_start && (c.is_ascii_alphabetic() || c == '_') => {
                            let first: String =
                                tail[k..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                            named.insert(first);
                            at_item_start = false;
                        }
                        _ => {}
                    }
                }
            }
            i += 1;
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    named
}

/// Module → the other top-level modules its code names, for the crate whose source is `src`
/// (relative to the workspace).
fn imports_in(src: &str) -> BTreeMap<String, BTreeSet<String>> {
    let src = querycell_tests::workspace().join(src);
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let path = module_path(&src, &file);
        let module = path[0].clone();
        let named = named_modules(&code_of(&std::fs::read_to_string(&file).unwrap()), &path);
        let entry = imports.entry(module.clone()).or_default();
        entry.extend(named.into_iter().filter(|m| *m != module));
    }
    imports
}

fn host_imports() -> BTreeMap<String, BTreeSet<String>> {
    imports_in("host/src")
}

#[test]
fn every_host_module_has_a_layer_and_imports_only_its_own_or_lower_ones() {
    let imports = host_imports();
    let mut wrong = Vec::new();
    for (module, named) in &imports {
        if ROOTS.contains(&module.as_str()) {
            continue;
        }
        let Some(layer) = layer_of(module) else {
            wrong.push(format!("{module} has no layer: give it one in LAYERS (tests/all/layers.rs) and in host/src/lib.rs's module map"));
            continue;
        };
        for other in named {
            match layer_of(other) {
                Some(other_layer) if other_layer > layer => wrong.push(format!(
                    "{module} (layer {}) imports {other} (layer {}), a layer above it",
                    layer + 1,
                    other_layer + 1
                )),
                None if !ROOTS.contains(&other.as_str()) => {
                    wrong.push(format!("{module} names {other}, which has no layer"))
                }
                _ => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A cycle among `imports`' modules (the crate roots left out), as the modules it goes
/// through.
fn a_cycle(imports: &BTreeMap<String, BTreeSet<String>>) -> Option<String> {
    // Depth-first search with the path kept.
    fn visit<'a>(
        module: &'a str,
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) -> Option<String> {
        if let Some(start) = path.iter().position(|m| *m == module) {
            return Some(format!("{} -> {module}", path[start..].join(" -> ")));
        }
        if !done.insert(module) {
            return None;
        }
        path.push(module);
        for next in imports.get(module).into_iter().flatten() {
            // Roots name every module by design; a name that is no module (a function of
            // the crate root) leads nowhere.
            if ROOTS.contains(&next.as_str()) || !imports.contains_key(next) {
                continue;
            }
            if let Some(cycle) = visit(next, imports, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .filter(|m| !ROOTS.contains(&m.as_str()))
        .find_map(|module| visit(module, imports, &mut Vec::new(), &mut done))
}

#[test]
fn there_is_no_cycle_between_host_modules() {
    if let Some(cycle) = a_cycle(&host_imports()) {
        panic!("a cycle between host modules: {cycle}");
    }
}

/// The compiler guest has no layer table (its modules are few), but no cycle either: the
/// calendar, the plan's words and value parsing each stand on the ones below them.
#[test]
fn there_is_no_cycle_between_guest_modules() {
    let imports = imports_in("guest/src");
    assert!(imports.contains_key("calendar") && imports.contains_key("plan"), "{imports:?}");
    if let Some(cycle) = a_cycle(&imports) {
        panic!("a cycle between guest modules: {cycle}");
    }
}

/// The cycle finder finds one, and names the modules it goes through.
#[test]
fn the_cycle_finder_reports_a_cycle() {
    let edges = |pairs: &[(&str, &str)]| {
        let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            imports.entry(from.to_string()).or_default().insert(to.to_string());
            imports.entry(to.to_string()).or_default();
        }
        imports
    };
    let cycle = edges(&[("calendar", "plan"), ("plan", "values"), ("values", "calendar")]);
    assert_eq!(a_cycle(&cycle).as_deref(), Some("calendar -> plan -> values -> calendar"));
    assert_eq!(a_cycle(&edges(&[("calendar", "plan"), ("plan", "values"), ("lib", "calendar")])), None);
}

/// The checker itself, on text it must read right: a doc link is no import, `super::` climbs
/// out of a folder, and a grouped `crate::{…}` names each of its items.
#[test]
fn the_import_reader_reads_paths_comments_and_groups() {
    let own = vec!["exec".to_string(), "worker".to_string(), "pool".to_string()];
    let code = code_of("use crate::{duck::{Cell, Rows}, error::Error};\n/// see [`crate::engine`]\nuse super::super::check::x;\nfn f() { crate::statement::Param::Null; }");
    assert_eq!(
        named_modules(&code, &own),
        ["duck", "error", "exec", "statement"].iter().map(|s| s.to_string()).collect()
    );
    let top = vec!["policy".to_string()];
    assert_eq!(
        named_modules("use super::catalog::Catalog;", &top),
        ["catalog"].iter().map(|s| s.to_string()).collect()
    );
}
