//! The words the compiler guest, the host, the WIT contract and the documentation share
//! besides the plan language's own (described once, in `querycell_contract::plan_language`),
//! each tied so that a change on one side fails here until the others follow: the refusal
//! codes' lists in `docs/plan-language.md` and `docs/sql-mode.md`, the exit statuses
//! (`docs/errors.md`, `docs/cli.md`), the value kinds, and the default request limits
//! (`docs/limits.md`, and where the plan language and SQL mode pages state them). The codes themselves are one enum,
//! `querycell_contract::codes::Code`, whose own tests hold `docs/errors.md` to it.

use std::collections::BTreeSet;

use querycell::catalog::ValueKind as HostKind;
use querycell::sandbox::wit;
use querycell::{ErrorClass, Limits};
use querycell_contract::codes::{Class, Code};
use querycell_guest::model::{RequestLimits, ValueKind as GuestKind};
use querycell_tests::workspace;

/// The documentation page at `page` (relative to the workspace).
fn page(page: &str) -> String {
    std::fs::read_to_string(workspace().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"))
}

/// The `code spans` of `text`.
fn code_spans(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// The lines of the paragraph of `text` that starts with a line starting with `opening`.
fn paragraph<'t>(text: &'t str, opening: &str) -> Vec<&'t str> {
    let mut lines = text.lines().skip_while(|line| !line.starts_with(opening));
    let first = lines.next().unwrap_or_else(|| panic!("the page has no line starting {opening:?}"));
    std::iter::once(first).chain(lines.take_while(|line| !line.trim().is_empty())).collect()
}

/// The text after the heading line `heading` (the page's first line, or any other).
fn after_heading<'t>(text: &'t str, heading: &str) -> &'t str {
    let line = format!("{heading}\n");
    let start = match text.starts_with(&line) {
        true => 0,
        false => text.find(&format!("\n{line}")).unwrap_or_else(|| panic!("the page has no heading {heading:?}")) + 1,
    };
    &text[start + line.len()..]
}

/// The rows of the first Markdown table after the heading `heading`, as cells (header and
/// separator rows left out).
fn table_after<'t>(text: &'t str, heading: &str) -> Vec<Vec<&'t str>> {
    let after = after_heading(text, heading);
    let rows: Vec<Vec<&str>> = after
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_matches('|').split('|').map(str::trim).collect())
        .collect();
    assert!(rows.len() > 2, "no table after {heading:?}");
    rows.into_iter().skip(2).collect()
}

/// The items of the first bulleted list after the heading `heading`, each without its
/// `- ` (an item's continuation lines left out).
fn list_after<'t>(text: &'t str, heading: &str) -> Vec<&'t str> {
    let items: Vec<&str> = after_heading(text, heading)
        .lines()
        .skip_while(|line| !line.starts_with("- "))
        .take_while(|line| line.starts_with("- ") || line.starts_with("  "))
        .filter_map(|line| line.strip_prefix("- "))
        .collect();
    assert!(!items.is_empty(), "no list after {heading:?}");
    items
}

/// Every refusal code the documentation lists: the plan language's `Codes:` list and the
/// code that opens each of SQL mode's rules.
fn documented_codes() -> BTreeSet<String> {
    let plan_codes = paragraph(&page("docs/plan-language.md"), "Codes: ").join(" ");
    let sql_mode = page("docs/sql-mode.md");
    let sql_rules = list_after(&sql_mode, "## What SQL mode refuses");
    let codes: BTreeSet<String> = code_spans(&plan_codes)
        .into_iter()
        .chain(
            sql_rules
                .iter()
                .map(|rule| *code_spans(rule).first().unwrap_or_else(|| panic!("a rule without its code: {rule}"))),
        )
        .map(str::to_string)
        .collect();
    assert!(codes.len() > 30, "the documentation's code lists were not found: {codes:?}");
    codes
}

/// The codes the contract lets the compiler raise and the documentation's lists name the
/// same codes, both ways; a documented code the compiler does not raise is one the host
/// raises for the same request (refused before the compiler runs, or after DuckDB typed the
/// answer).
#[test]
fn every_compiler_code_is_documented_and_every_documented_code_exists() {
    let documented = documented_codes();
    let compiler: BTreeSet<String> =
        Code::ALL.iter().filter(|c| c.raised_by_compiler()).map(|c| c.as_str().to_string()).collect();
    let undocumented: Vec<&String> = compiler.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "codes the compiler returns that the documentation does not list: {undocumented:?}"
    );
    for text in documented.difference(&compiler) {
        let code = Code::from_text(text).unwrap_or_else(|| panic!("the documentation lists {text}, which is no code"));
        assert!(
            code.raised_by_host() && code.classes() == [Class::Refused],
            "the documentation lists {text} with the compiler's refusals, but it is no host refusal"
        );
    }
}

/// The host's error classes are the contract's, with the exit statuses `docs/errors.md`
/// gives (generated from the contract) and `docs/cli.md` explains: a script that branches on
/// an exit status reads the same meaning the documentation states.
#[test]
fn the_hosts_exit_statuses_are_the_contracts() {
    for class in Class::ALL {
        let host = ErrorClass::from(class);
        assert_eq!(host.exit_code(), class.exit_status(), "{class:?}");
        assert_eq!(Class::from(host), class, "{class:?} does not come back from the host as itself");
    }
    let documented = page("docs/errors.md");
    for class in Class::ALL {
        let row = format!("| {} | `{}` |", class.as_str(), class.exit_status());
        assert!(documented.contains(&row), "docs/errors.md has no row {row:?}");
    }
    let cli = page("docs/cli.md");
    for (class, meaning) in [
        (ErrorClass::Refused, "input refused"),
        (ErrorClass::Limit, "a limit"),
        (ErrorClass::Internal, "anything else"),
    ] {
        let phrase = format!("`{}` {meaning}", class.exit_code());
        assert!(cli.contains(&phrase), "docs/cli.md's exit statuses do not say {phrase:?}");
    }
}

/// The Rust source under `dir` (relative to the workspace), file by file.
fn sources(dir: &str) -> Vec<(std::path::PathBuf, String)> {
    let mut found = Vec::new();
    let mut pending = vec![workspace().join(dir)];
    while let Some(path) = pending.pop() {
        if path.is_dir() {
            pending.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path, text));
        }
    }
    assert!(!found.is_empty(), "no Rust source under {dir}");
    found
}

/// Each side raises the codes the contract says it raises, and no other: a code declared for
/// the host appears as `Code::<Variant>` in the host's source, a compiler code in the
/// compiler's, and neither side names a code the contract gives only to the other. A code
/// nobody raises would be documented in `docs/errors.md` for nothing.
#[test]
fn each_side_raises_exactly_its_declared_codes() {
    let host: String = sources("host/src").into_iter().map(|(_, text)| text).collect();
    let guest: String = sources("guest/src").into_iter().map(|(_, text)| text).collect();
    for code in Code::ALL {
        let named = format!("Code::{code:?}");
        let named_in = |text: &str| text.split(&named).skip(1).any(|rest| !rest.starts_with(char::is_alphanumeric));
        assert_eq!(
            named_in(&host),
            code.raised_by_host(),
            "{named} in the host, against the contract's {:?}",
            code.raised_by()
        );
        assert_eq!(
            named_in(&guest),
            code.raised_by_compiler(),
            "{named} in the compiler, against the contract's {:?}",
            code.raised_by()
        );
    }
}

/// `Error::classed(ErrorClass::X, Code::Y, …)` is how the host raises a code in a class other
/// than its usual one; each such call names a class the contract declares for that code.
#[test]
fn every_classed_error_has_a_class_its_code_declares() {
    let mut calls = 0;
    for (path, text) in sources("host/src") {
        for call in text.split("Error::classed(").skip(1) {
            let arguments: Vec<&str> = call.splitn(3, ',').take(2).map(str::trim).collect();
            let (Some(class), Some(code)) = (
                arguments[0].strip_prefix("ErrorClass::"),
                arguments.get(1).and_then(|code| code.strip_prefix("Code::")),
            ) else {
                // The definition itself, and calls that pass a code or class held in a variable.
                continue;
            };
            let code = *Code::ALL
                .iter()
                .find(|c| format!("{c:?}") == code)
                .unwrap_or_else(|| panic!("{}: Code::{code}", path.display()));
            let declared: Vec<String> = code.classes().iter().map(|c| format!("{:?}", ErrorClass::from(*c))).collect();
            assert!(
                declared.iter().any(|c| c == class),
                "{}: {code} raised as {class}; the contract declares {declared:?}",
                path.display()
            );
            calls += 1;
        }
    }
    assert!(calls >= 5, "the host's classed errors were not found ({calls})");
}

/// SQL quoting and cutting echoed text short are defined once, in `querycell_contract::quote`
/// and `querycell_contract::text`: no host or compiler source doubles a quote character
/// itself, and every `fn clip` (each keeps its own cap) hands the cut to the contract's.
#[test]
fn quoting_and_clipping_are_the_contracts() {
    let doubling = [r#"replace('"', "\"\"")"#, r#"replace('\'', "''")"#, r#"replace('`', "``")"#];
    let mut clips = 0;
    for dir in ["host/src", "guest/src"] {
        for (path, text) in sources(dir) {
            for pattern in doubling {
                assert!(
                    !text.contains(pattern),
                    "{} quotes SQL itself ({pattern}); use querycell_contract::quote",
                    path.display()
                );
            }
            for body in text.split("fn clip(").skip(1) {
                let body = &body[..body.find("\n}").unwrap_or(body.len())];
                assert!(
                    body.contains("querycell_contract::text::clip"),
                    "{}: a clip of its own: {body}",
                    path.display()
                );
                clips += 1;
            }
        }
    }
    assert!(clips >= 4, "the clip functions were not found ({clips})");
}

/// The `value-kind` enum of `wit/compiler.wit`, in order.
fn wit_value_kinds() -> Vec<String> {
    let mut resolve = wit_parser::Resolve::default();
    resolve.push_dir(workspace().join("wit")).expect("the WIT contract parses");
    let kind = resolve
        .types
        .iter()
        .find(|(_, ty)| ty.name.as_deref() == Some("value-kind"))
        .map(|(_, ty)| ty)
        .expect("the contract has a value-kind");
    match &kind.kind {
        wit_parser::TypeDefKind::Enum(cases) => cases.cases.iter().map(|c| c.name.clone()).collect(),
        other => panic!("value-kind is not an enum: {other:?}"),
    }
}

/// One list of value kinds on three sides: the WIT enum, the host's catalog kinds (their
/// names in `catalog.json` and their words in `schema --format markdown`) and the
/// compiler's, which describes kinds in its refusals with the same words.
#[test]
fn value_kinds_are_the_same_on_every_side() {
    let wit_names = wit_value_kinds();
    let host_names: Vec<String> =
        HostKind::ALL.iter().map(|k| serde_json::to_value(k).unwrap().as_str().unwrap().to_string()).collect();
    assert_eq!(host_names, wit_names, "the host's catalog kinds, against the WIT value-kind");
    let guest_names: Vec<String> = GuestKind::ALL.iter().map(|k| format!("{k:?}").to_lowercase()).collect();
    assert_eq!(guest_names, wit_names, "the compiler's kinds, against the WIT value-kind");
    for (i, kind) in HostKind::ALL.into_iter().enumerate() {
        let on_the_wire = wit::ValueKind::from(kind);
        assert_eq!(
            on_the_wire as usize, i,
            "{kind:?} crosses the contract as case {} of value-kind",
            on_the_wire as usize
        );
        assert_eq!(HostKind::from(on_the_wire), kind, "{kind:?} does not come back from the WIT as itself");
        let read_back: HostKind = serde_json::from_value(serde_json::json!(wit_names[i])).unwrap();
        assert_eq!(read_back, kind, "catalog.json's {:?}", wit_names[i]);
        assert_eq!(kind.word(), GuestKind::ALL[i].word(), "the word for {:?}", wit_names[i]);
    }
}

/// The default request limits are defined once (`querycell_contract::limits`): the host's
/// [`Limits::default`] sends them in `catalog-view.limits`, the compiler assumes them for a
/// native view without limits, and the limits page's table says them.
#[test]
fn default_request_limits_are_the_same_everywhere() {
    use querycell_contract::limits::{MAX_IN_LIST, MAX_REQUEST_BYTES, MAX_ROWS};
    let host = Limits::default();
    assert_eq!((host.max_rows, host.max_in_list, host.max_request_bytes), (MAX_ROWS, MAX_IN_LIST, MAX_REQUEST_BYTES));
    let guest = RequestLimits::default();
    assert_eq!(
        (guest.max_rows, guest.max_in_list, guest.max_request_bytes),
        (MAX_ROWS, MAX_IN_LIST, MAX_REQUEST_BYTES)
    );

    let limits = page("docs/limits.md");
    let table = table_after(&limits, "# Limits, and what each protects");
    let default_of = |limit: &str| -> &str {
        table
            .iter()
            .find(|row| row[0] == limit)
            .unwrap_or_else(|| panic!("docs/limits.md's table has no row {limit:?}"))[1]
    };
    assert!(MAX_REQUEST_BYTES.is_multiple_of(1024), "the documentation writes the request limit in KiB");
    let kib = format!("{} KiB", MAX_REQUEST_BYTES / 1024);
    for (limit, default) in [
        ("`max_rows`", MAX_ROWS.to_string()),
        ("`in` list length", MAX_IN_LIST.to_string()),
        ("request size", kib.clone()),
    ] {
        assert!(
            default_of(limit).starts_with(&default),
            "docs/limits.md's default for {limit} is {:?}, not {default}",
            default_of(limit)
        );
    }
    // Where the plan language and SQL mode state the same limits in prose.
    for (at, phrase) in [
        ("docs/plan-language.md", format!("at most {MAX_IN_LIST} values")),
        ("docs/sql-mode.md", format!("text over {kib}")),
        ("docs/sql-mode.md", format!("the {kib} request limit")),
    ] {
        assert!(page(at).contains(&phrase), "{at} does not say {phrase:?}");
    }
}

/// The interface name the host requires of a compiler component carries the version of
/// `wit/compiler.wit`'s package, and names its interface.
#[test]
fn the_host_requires_the_contracts_own_version() {
    let mut resolve = wit_parser::Resolve::default();
    let (package, _) = resolve.push_dir(workspace().join("wit")).expect("the WIT contract parses");
    let package = &resolve.packages[package];
    let version = package.name.version.as_ref().expect("the contract is versioned");
    assert!(package.interfaces.contains_key("compiler"));
    let expected = format!("{}:{}/compiler@{version}", package.name.namespace, package.name.name);
    assert_eq!(querycell::sandbox::COMPILER_INTERFACE, expected);
}
