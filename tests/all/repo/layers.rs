//! The host's modules form layers, and an import never goes up: every top-level module of
//! host/src has a place in [`LAYERS`] (the order `host/src/lib.rs` documents), and every
//! `crate::…` or `super::…` path in its code names a module of its own layer or a lower one,
//! with no cycle inside a layer. A new module fails here until it is given a place. The
//! compiler guest's modules have no cycle either, and neither have the files of either crate:
//! the graph of file → the files its `crate::`, `super::` and `self::` paths name (test
//! modules aside) has no strongly connected component of more than one file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The host's top-level modules, lowest layer first (see the module map in host/src/lib.rs).
const LAYERS: &[&[&str]] = &[
    &["error", "machine", "limits", "calendar", "operator_file", "summary"],
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
            wrong.push(format!("{module} has no layer: give it one in LAYERS (tests/all/repo/layers.rs) and in host/src/lib.rs's module map"));
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

// ---------------------------------------------------------------------------------------
// Files: no cycle between the files of a crate either. Two modules of one layer (or two
// files of one module) that name each other are one room in two files: neither can be read,
// changed or tested without the other.

/// A file's module path under `src` (see [`module_path`]); the crate's root file (`lib.rs`,
/// `main.rs`) is the empty path.
fn file_module(src: &Path, file: &Path) -> Vec<String> {
    let path = module_path(src, file);
    match path.as_slice() {
        [only] if ROOTS.contains(&only.as_str()) => Vec::new(),
        _ => path,
    }
}

/// `text` as the compiler reads its names: comments, string literals and character literals
/// blanked out (a doc link or a message that names a module imports nothing).
fn without_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let follows_a_name = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        let end = match chars[i] {
            '/' if chars.get(i + 1) == Some(&'/') => {
                (i..chars.len()).find(|&k| chars[k] == '\n').unwrap_or(chars.len())
            }
            '/' if chars.get(i + 1) == Some(&'*') => block_comment_end(&chars, i),
            'b' | 'r' if !follows_a_name => raw_string_end(&chars, i).unwrap_or(i),
            '"' => string_end(&chars, i),
            '\'' => char_literal_end(&chars, i).unwrap_or(i),
            _ => i,
        };
        if end == i {
            out.push(chars[i]);
            i += 1;
        } else {
            // Kept lines keep line numbers; a literal becomes an empty one.
            out.extend(chars[i..end].iter().filter(|c| **c == '\n'));
            out.push_str(if chars[i] == '/' { " " } else { "\"\"" });
            i = end;
        }
    }
    out
}

/// Where the block comment opening at `at` ends (comments nest).
fn block_comment_end(chars: &[char], at: usize) -> usize {
    let (mut depth, mut i) = (0usize, at);
    while i + 1 < chars.len() {
        match (chars[i], chars[i + 1]) {
            ('/', '*') => (depth, i) = (depth + 1, i + 2),
            ('*', '/') if depth == 1 => return i + 2,
            ('*', '/') => (depth, i) = (depth - 1, i + 2),
            _ => i += 1,
        }
    }
    chars.len()
}

/// Where the raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `at` ends; `None` when none
/// starts there.
fn raw_string_end(chars: &[char], at: usize) -> Option<usize> {
    let mut i = at + usize::from(chars[at] == 'b');
    if chars.get(i) != Some(&'r') {
        return None;
    }
    i += 1;
    let hashes = chars[i..].iter().take_while(|c| **c == '#').count();
    if chars.get(i + hashes) != Some(&'"') {
        return None;
    }
    let closing: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    let body = i + hashes + 1;
    Some((body..chars.len()).find(|&k| chars[k..].starts_with(&closing)).map_or(chars.len(), |k| k + closing.len()))
}

/// Where the string literal opening at `at` ends.
fn string_end(chars: &[char], at: usize) -> usize {
    let mut i = at + 1;
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    chars.len()
}

/// Where the character literal opening at `at` ends; `None` for a lifetime or a label.
fn char_literal_end(chars: &[char], at: usize) -> Option<usize> {
    match chars.get(at + 1)? {
        '\\' => (at + 3..chars.len()).find(|&k| chars[k] == '\'').map(|k| k + 1),
        _ if chars.get(at + 2) == Some(&'\'') => Some(at + 3),
        _ => None,
    }
}

/// `code` without the items under `#[cfg(test)]`: a test may drive the whole crate from
/// inside a leaf, which makes it no part of the leaf's own imports. An item ends at its `;`,
/// at the brace closing its first `{`, or (a field) at a `,` before any brace.
fn without_test_items(code: &str) -> String {
    const TEST_ONLY: &str = "#[cfg(test)]";
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find(TEST_ONLY) {
        out.push_str(&rest[..at]);
        let item = &rest[at + TEST_ONLY.len()..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth <= 1 => {
                    end = if depth == 1 { k + 1 } else { k };
                    break;
                }
                '}' => depth -= 1,
                ';' | ',' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        out.extend(item[..end].chars().filter(|c| *c == '\n'));
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// The code of a file as [`named_paths`] reads it.
fn file_code(text: &str) -> String {
    without_test_items(&without_comments_and_literals(text))
}

fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every path the code names through `crate::`, `super::` or `self::`, as the full module path
/// it leads to (a `use` group's items each on their own: `crate::{a::{self, B}, c}` names
/// `a`, `a::B` and `c`); `own` is the file's module path. `super` and `self` inside an inline
/// `mod x { … }` start from `x`.
fn named_paths(code: &str, own: &[String]) -> Vec<Vec<String>> {
    let chars: Vec<char> = code.chars().collect();
    let mut paths = Vec::new();
    // The inline modules open here, each with the brace depth inside it.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < chars.len() {
        let starts_a_word = i == 0 || !(is_name_char(chars[i - 1]) || chars[i - 1] == ':' || chars[i - 1] == '$');
        let rest: String = chars[i..chars.len().min(i + 7)].iter().collect();
        if starts_a_word && ["crate::", "super::", "self::"].iter().any(|p| rest.starts_with(p)) {
            let mut here: Vec<String> = own.to_vec();
            here.extend(inline.iter().map(|(name, _)| name.clone()));
            i = read_path(&chars, i, here, &mut paths);
            continue;
        }
        match chars[i] {
            '{' => {
                depth += 1;
                if let Some(name) = inline_module_named(&chars[..i]) {
                    inline.push((name, depth));
                }
            }
            '}' => {
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
        i += 1;
    }
    paths
}

/// The module's name when `before` ends with `mod name` (a `{` follows: an inline module).
fn inline_module_named(before: &[char]) -> Option<String> {
    let text: String = before.iter().collect();
    let text = text.trim_end();
    let name_start = text.rfind(|c: char| !is_name_char(c)).map_or(0, |k| k + 1);
    let name = &text[name_start..];
    let keyword = text[..name_start].trim_end();
    let is_keyword =
        keyword.ends_with("mod") && !keyword[..keyword.len() - 3].chars().next_back().is_some_and(is_name_char);
    (!name.is_empty() && is_keyword).then(|| name.to_string())
}

/// Read the path starting at `at` (segments, a `{…}` group, or `*`) from the module path
/// `here`, pushing each full path it names to `out`; returns where it ends.
fn read_path(chars: &[char], at: usize, mut here: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut i = at;
    loop {
        while i < chars.len() && chars[i].is_whitespace() {
            i += 1;
        }
        if chars.get(i) == Some(&'{') {
            return read_group(chars, i, &here, out);
        }
        let segment: String = chars[i..].iter().take_while(|c| is_name_char(**c)).collect();
        i += segment.chars().count();
        match segment.as_str() {
            "" => {
                // `*`, generic arguments (`a::<T>`), or the end: the path so far.
                out.push(here);
                return i;
            }
            "crate" => here.clear(),
            "super" => {
                here.pop();
            }
            "self" => {}
            name => here.push(name.to_string()),
        }
        let mut k = i;
        while k < chars.len() && chars[k].is_whitespace() {
            k += 1;
        }
        if chars.get(k) == Some(&':') && chars.get(k + 1) == Some(&':') {
            i = k + 2;
        } else {
            out.push(here);
            return i;
        }
    }
}

/// Read the `{…}` group at `at` under the module path `prefix`; returns where it ends.
fn read_group(chars: &[char], at: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
    let mut i = at + 1;
    while i < chars.len() {
        match chars[i] {
            '}' => return i + 1,
            c if c.is_whitespace() || c == ',' => i += 1,
            _ => {
                let before = i;
                i = past_alias(chars, read_path(chars, i, prefix.to_vec(), out));
                if i == before {
                    i += 1;
                }
            }
        }
    }
    i
}

/// Past ` as name` at `at`, if it is there (the alias names nothing).
fn past_alias(chars: &[char], at: usize) -> usize {
    let text: String = chars[at..chars.len().min(at + 200)].iter().collect();
    let trimmed = text.trim_start();
    match trimmed.strip_prefix("as").filter(|after| after.starts_with(char::is_whitespace)) {
        Some(after) => {
            let alias = after.trim_start();
            let name = alias.chars().take_while(|c| is_name_char(*c)).count();
            at + (text.chars().count() - alias.chars().count()) + name
        }
        None => at,
    }
}

/// File → the other files its code names, for the crate whose source folder is `src`, each
/// file named by its path under `src` (`ingest/load.rs`). A path names the file of its
/// longest prefix that is a module with a file (`crate::duck::Cell` names `duck/mod.rs`).
/// The crate's root file is left out, as in the module check: it names every module by design,
/// and an item it defines is no room of its own.
fn file_imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let name = |file: &Path| file.strip_prefix(src).unwrap().to_string_lossy().into_owned();
    let modules: BTreeMap<Vec<String>, String> = files.iter().map(|f| (file_module(src, f), name(f))).collect();
    let root = modules.get(&Vec::new());
    let mut imports = BTreeMap::new();
    for file in &files {
        let own = file_module(src, file);
        if own.is_empty() {
            continue;
        }
        let code = file_code(&std::fs::read_to_string(file).unwrap());
        let named: BTreeSet<String> = named_paths(&code, &own)
            .into_iter()
            .filter_map(|path| (0..=path.len()).rev().find_map(|k| modules.get(&path[..k])))
            .filter(|target| **target != name(file) && Some(*target) != root)
            .cloned()
            .collect();
        imports.insert(name(file), named);
    }
    imports
}

/// The strongly connected components of more than one file in `imports` (Tarjan's
/// algorithm), each as its files in order.
fn tangles(imports: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Search<'a> {
        imports: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        found: Vec<BTreeSet<String>>,
    }
    fn visit<'a>(file: &'a str, s: &mut Search<'a>) {
        let at = s.index.len();
        s.index.insert(file, at);
        s.low.insert(file, at);
        s.stack.push(file);
        for next in s.imports.get(file).into_iter().flatten().filter(|n| s.imports.contains_key(*n)) {
            if !s.index.contains_key(next.as_str()) {
                visit(next, s);
                let low = s.low[file].min(s.low[next.as_str()]);
                s.low.insert(file, low);
            } else if s.stack.contains(&next.as_str()) {
                let low = s.low[file].min(s.index[next.as_str()]);
                s.low.insert(file, low);
            }
        }
        if s.low[file] == s.index[file] {
            let start = s.stack.iter().rposition(|f| *f == file).unwrap();
            let members: BTreeSet<String> = s.stack.drain(start..).map(str::to_string).collect();
            if members.len() > 1 {
                s.found.push(members);
            }
        }
    }
    let mut search =
        Search { imports, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), found: Vec::new() };
    for file in imports.keys() {
        if !search.index.contains_key(file.as_str()) {
            visit(file, &mut search);
        }
    }
    search.found
}

/// One cycle through the tangle `members`, from its first file back to it by the fewest
/// imports: `a.rs -> b.rs -> a.rs`.
fn a_cycle_through(members: &BTreeSet<String>, imports: &BTreeMap<String, BTreeSet<String>>) -> String {
    let start = members.first().unwrap();
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.as_str()]);
    while let Some(file) = queue.pop_front() {
        for next in imports[file].iter().filter(|n| members.contains(*n)) {
            if next == start {
                let mut path = vec![start.as_str(), file];
                while let Some(before) = came_from.get(path.last().unwrap()) {
                    path.push(before);
                }
                path.reverse();
                return path.join(" -> ");
            }
            if !came_from.contains_key(next.as_str()) && next != start {
                came_from.insert(next, file);
                queue.push_back(next);
            }
        }
    }
    unreachable!("a strongly connected component has a cycle through each of its files")
}

/// Each tangle of files under `src`, in words: a cycle through it and all its files.
fn file_cycles(src: &Path) -> Vec<String> {
    let imports = file_imports(src);
    tangles(&imports)
        .iter()
        .map(|members| {
            let all = members.iter().map(String::as_str).collect::<Vec<_>>().join(", ");
            format!("{} (the {} files tied: {all})", a_cycle_through(members, &imports), members.len())
        })
        .collect()
}

#[test]
fn there_is_no_cycle_between_files() {
    let mut found = Vec::new();
    for src in ["host/src", "guest/src"] {
        let cycles = file_cycles(&querycell_tests::workspace().join(src));
        found.extend(cycles.into_iter().map(|cycle| format!("{src}: {cycle}")));
    }
    assert!(
        found.is_empty(),
        "{} cycle(s) between files; move what both sides need into a file below them both:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// A tree of files to read: `files` as (path under `src`, text).
fn planted_tree(files: &[(&str, &str)]) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    for (path, text) in files {
        let file = root.path().join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }
    root
}

/// The file check fails on a cycle planted through three files, each import written another
/// way (a nested group, `super::super::`, `self::` inside an inline module), and names the
/// cycle; the same tree without the closing import passes, however often comments, strings
/// and test modules name the other files.
#[test]
fn the_file_check_fails_on_a_planted_cycle() {
    const LIB: &str = "mod a;\nmod b;\nmod c;\npub use a::Start;\n";
    const A: &str = "use crate::{b::{deep::{self, Thing}}};\npub struct Start;\n";
    const B: &str = "pub mod deep;\n";
    const DEEP: &str = "//! Not [`crate::a`].\nuse super::super::c::helper;\nconst S: &str = \"crate::a::Start\";\nconst R: &str = r#\"super::super::a\"#;\nconst Q: char = '\"';\n";
    const C_CLOSING: &str = "pub fn helper() {}\nmod inner {\n    pub fn f() { super::super::a::Start; }\n}\n";
    const C_OPEN: &str = "pub fn helper() {}\n#[cfg(test)]\nmod tests {\n    use crate::a::Start;\n}\n/* crate::a */\n";
    let tree =
        |c: &str| planted_tree(&[("lib.rs", LIB), ("a.rs", A), ("b/mod.rs", B), ("b/deep.rs", DEEP), ("c.rs", c)]);

    let tangled = tree(C_CLOSING);
    let imports = file_imports(tangled.path());
    let set = |files: &[&str]| files.iter().map(|f| f.to_string()).collect::<BTreeSet<String>>();
    assert_eq!(imports["a.rs"], set(&["b/deep.rs"]), "{imports:?}");
    assert_eq!(imports["b/deep.rs"], set(&["c.rs"]));
    assert_eq!(imports["c.rs"], set(&["a.rs"]));
    assert!(!imports.contains_key("lib.rs"), "the crate root is left out");
    let cycles = file_cycles(tangled.path());
    assert_eq!(
        cycles,
        ["a.rs -> b/deep.rs -> c.rs -> a.rs (the 3 files tied: a.rs, b/deep.rs, c.rs)"],
        "the check must be able to fail"
    );

    let open = tree(C_OPEN);
    assert_eq!(file_imports(open.path())["c.rs"], set(&[]));
    assert_eq!(file_cycles(open.path()), Vec::<String>::new());
}

/// The path reader on the forms that are easy to misread: an alias is no module, `self`
/// in a group is the group's own path, a lifetime is no character literal, and a path held
/// across lines still reads whole.
#[test]
fn the_path_reader_reads_groups_aliases_and_lifetimes() {
    let own = vec!["ingest".to_string(), "load".to_string()];
    let code = file_code(
        "use super::{layout::{self, TextLayout as Layout}, names as n};\nfn f<'a>(x: &'a str) -> char { '{' }\nuse crate::duck::\n    Cell;\n",
    );
    let paths: Vec<String> = named_paths(&code, &own).iter().map(|p| p.join("::")).collect();
    assert_eq!(paths, ["ingest::layout", "ingest::layout::TextLayout", "ingest::names", "duck::Cell"]);
}
