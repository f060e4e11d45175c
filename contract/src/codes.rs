//! Every error code querycell answers with, compiler and host alike, defined once: its
//! snake_case text, who raises it, its class (which decides the CLI's exit status) and what
//! it means.
//!
//! The codes are a contract with every caller: a model in a retry loop branches on them, and
//! scripts branch on the exit status. So a code is declared here exactly once, the compiler
//! guest builds its refusals only from [`Code`], the host builds its errors only from
//! [`Code`] and takes the class from it, and `docs/errors.md` is generated from this list
//! (a test below fails when the two differ, and says how to write the file again).
//!
//! A code usually has one class. A few have two, each for a reason stated with the code: the
//! same failure is the caller's to fix in one situation and querycell's fault in another.

use std::fmt;

/// What kind of failure a code reports, and so the CLI's exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// The request or input was refused; changing it can succeed (exit 2).
    Refused,
    /// A bound stopped the work: compiler fuel, time or memory, a query's time or memory, a
    /// budget (exit 3).
    Limit,
    /// Anything else: I/O, a broken index, a fault in the compiler component (exit 1).
    Internal,
}

impl Class {
    /// Every class, in the order `docs/errors.md` explains them.
    pub const ALL: [Class; 3] = [Class::Refused, Class::Limit, Class::Internal];

    /// The CLI's exit status for an error of this class (`0` is an answer).
    pub const fn exit_status(self) -> i32 {
        match self {
            Class::Refused => 2,
            Class::Limit => 3,
            Class::Internal => 1,
        }
    }

    /// The class's name as the documentation writes it.
    pub const fn as_str(self) -> &'static str {
        match self {
            Class::Refused => "refused",
            Class::Limit => "limit",
            Class::Internal => "internal",
        }
    }

    /// What an error of this class means to a caller, in one sentence.
    pub const fn meaning(self) -> &'static str {
        match self {
            Class::Refused => "The request or input was refused; changing it can succeed.",
            Class::Limit => "A bound stopped the work (time, memory, fuel, size, a budget, busy slots); a smaller request, or a later one, can succeed.",
            Class::Internal => "Anything else: I/O, a broken index, a fault in the compiler component or a query worker.",
        }
    }
}

/// Which side of querycell raises a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RaisedBy {
    /// The compiler guest, refusing a request. These are the only codes the host accepts
    /// from a compiler component: any other is a fault of the component.
    Compiler,
    /// The host.
    Host,
    /// Both: the host refuses the same thing before the compiler runs (or after DuckDB
    /// parsed what the compiler let through).
    CompilerAndHost,
}

impl RaisedBy {
    /// The side(s) as the documentation writes them.
    pub const fn as_str(self) -> &'static str {
        match self {
            RaisedBy::Compiler => "compiler",
            RaisedBy::Host => "host",
            RaisedBy::CompilerAndHost => "compiler, host",
        }
    }
}

/// Declares [`Code`] from one line per code: its meaning (the doc comment, one sentence),
/// `Variant = "text", <who raises it>, <class> [or <second class>];`.
macro_rules! codes {
    ($(
        $(#[doc = $meaning:literal])+
        $variant:ident = $text:literal, $raised_by:ident, $class:ident $(or $second:ident)?;
    )*) => {
        /// Every code an error of querycell carries.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $( $(#[doc = $meaning])+ $variant, )*
        }

        impl Code {
            /// Every code, in the order they are declared.
            pub const ALL: &'static [Code] = &[$(Code::$variant,)*];

            /// The stable snake_case text callers see (`error.code` in JSON,
            /// `compile-error.code` in the WIT).
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $text,)*
                }
            }

            /// The code spelled `text`, if there is one.
            pub fn from_text(text: &str) -> Option<Code> {
                match text {
                    $($text => Some(Code::$variant),)*
                    _ => None,
                }
            }

            /// The class an error of this code has: one, or for a few codes two, the first
            /// being the usual one.
            pub const fn classes(self) -> &'static [Class] {
                match self {
                    $(Code::$variant => &[Class::$class $(, Class::$second)?],)*
                }
            }

            /// Who raises this code.
            pub const fn raised_by(self) -> RaisedBy {
                match self {
                    $(Code::$variant => RaisedBy::$raised_by,)*
                }
            }

            /// What the code means, in one sentence.
            pub fn meaning(self) -> &'static str {
                match self {
                    $(Code::$variant => concat!($($meaning),+).trim(),)*
                }
            }
        }
    };
}

impl Code {
    /// The class of an error of this code where the code has one class, and the usual one
    /// where it has two (see [`Code::classes`]).
    pub const fn class(self) -> Class {
        self.classes()[0]
    }

    /// Whether the compiler may refuse a request with this code.
    pub const fn raised_by_compiler(self) -> bool {
        matches!(self.raised_by(), RaisedBy::Compiler | RaisedBy::CompilerAndHost)
    }

    /// Whether the host raises this code.
    pub const fn raised_by_host(self) -> bool {
        matches!(self.raised_by(), RaisedBy::Host | RaisedBy::CompilerAndHost)
    }
}

codes! {
    // ---- The request as a whole, and the plan's shape (the compiler's parser).
    /// The request is not valid JSON.
    InvalidJson = "invalid_json", Compiler, Refused;
    /// The request text is longer than the request size limit.
    RequestTooLarge = "request_too_large", CompilerAndHost, Refused;
    /// The request nests deeper than any question needs (JSON levels; in SQL, nesting, chained operators or nested calls, or a DuckDB tree of it too deep to compare).
    TooDeeplyNested = "too_deeply_nested", CompilerAndHost, Refused;
    /// A part of the plan has the wrong JSON type, such as a string where a list belongs.
    InvalidType = "invalid_type", Compiler, Refused;
    /// The plan has a field the plan language does not know at that place.
    UnknownField = "unknown_field", Compiler, Refused;
    /// A field the plan needs at that place is missing.
    MissingField = "missing_field", Compiler, Refused;
    /// A field stands where it does not apply, such as a value for an operator that takes none.
    UnexpectedField = "unexpected_field", Compiler, Refused;
    /// A word (an operator, function, granularity or direction) is not one the plan language accepts.
    UnknownWord = "unknown_word", Compiler, Refused;

    // ---- What a plan names and asks for (the compiler, against the catalog view).
    /// The request names a table that is not in the catalog (or, in SQL, not a CTE in scope).
    UnknownTable = "unknown_table", CompilerAndHost, Refused;
    /// The request names a column its tables do not have.
    UnknownColumn = "unknown_column", Compiler, Refused;
    /// A `having` or `order_by` names something that is not a column of the answer.
    UnknownOutput = "unknown_output", Compiler, Refused;
    /// A value does not fit its column's kind, or a relative date is out of range.
    InvalidValue = "invalid_value", Compiler, Refused;
    /// An `in` / `not_in` list has more values than the limit allows.
    ListTooLong = "list_too_long", Compiler, Refused;
    /// An operator does not apply to the column's kind.
    InvalidOperator = "invalid_operator", Compiler, Refused;
    /// An aggregation does not apply to the column's kind, or lacks the column it needs.
    InvalidAggregation = "invalid_aggregation", Compiler, Refused;
    /// A granularity is asked of a column that is not a date or timestamp.
    InvalidGranularity = "invalid_granularity", Compiler, Refused;
    /// An alias is not 1 to 63 ASCII letters, digits or `_` starting with a letter or `_`.
    InvalidAlias = "invalid_alias", Compiler, Refused;
    /// Two columns of the answer would have the same name.
    DuplicateOutput = "duplicate_output", Compiler, Refused;
    /// A plan lists rows (`columns`) and aggregates (`group_by` / `aggregations`) at once.
    MixedQueryKinds = "mixed_query_kinds", Compiler, Refused;
    /// The plan asks for nothing: no columns, no aggregations, no groups.
    EmptyPlan = "empty_plan", Compiler, Refused;
    /// A list that needs at least one item is empty.
    EmptyList = "empty_list", Compiler, Refused;
    /// A plan has `having` but no aggregation to filter on.
    HavingWithoutAggregation = "having_without_aggregation", Compiler, Refused;
    /// A filter is on a column whose type takes no comparison.
    UnsupportedColumnType = "unsupported_column_type", Compiler, Refused;
    /// A path (`teams.region`) names a table that no declared relationship leads to from
    /// where the path stands.
    UnknownRelationship = "unknown_relationship", Compiler, Refused;
    /// A path names a table that two or more declared relationships lead to from where it
    /// stands, so it could mean either.
    AmbiguousRelationship = "ambiguous_relationship", Compiler, Refused;
    /// An aggregation would count a row of its table more than once: the plan groups or
    /// filters it by a column its table's rows have many of.
    FanOut = "fan_out", Compiler, Refused;
    /// A plan asks for a metric the operator did not define, or on another table.
    UnknownMetric = "unknown_metric", Compiler, Refused;

    // ---- SQL mode (the compiler's rules for a statement).
    /// No statement is left after cleanup (comments, fences, prose around the statement).
    EmptySql = "empty_sql", Compiler, Refused;
    /// The statement is not DuckDB SQL that parses (`path` is `sql:<line>:<column>` when known).
    SqlSyntax = "sql_syntax", CompilerAndHost, Refused;
    /// The text holds more than one statement.
    MultipleStatements = "multiple_statements", Compiler, Refused;
    /// The statement is not a query: PRAGMA, SET, ATTACH, COPY, DDL, DML and the like.
    NotAQuery = "not_a_query", Compiler, Refused;
    /// The statement uses `WITH RECURSIVE`.
    RecursiveCte = "recursive_cte", Compiler, Refused;
    /// A CTE is used before (or inside) its own definition.
    CteOrder = "cte_order", Compiler, Refused;
    /// A string stands as a table (`FROM 'path'`), which DuckDB would read as a file.
    StringAsTable = "string_as_table", Compiler, Refused;
    /// The statement reads a table function, UNNEST, PIVOT or another source that is not a table.
    TableFunctionRefused = "table_function_refused", Compiler, Refused;
    /// The statement calls a function that is not on the allowlist.
    FunctionNotAllowed = "function_not_allowed", Compiler, Refused;
    /// A window name is used that the `WINDOW` clause of its own `SELECT` does not define.
    UnknownWindow = "unknown_window", Compiler, Refused;
    /// The text holds a placeholder (`?`, `$1`), which a caller cannot bind.
    PlaceholderRefused = "placeholder_refused", Compiler, Refused;
    /// The statement is a `SELECT … INTO`, which creates a table.
    SelectIntoRefused = "select_into_refused", Compiler, Refused;
    /// A cast or typed literal names a type (or type modifiers) not on the list.
    TypeNotAllowed = "type_not_allowed", Compiler, Refused;
    /// The statement uses a form SQL mode does not accept (see the SQL mode rules).
    UnsupportedSyntax = "unsupported_syntax", Compiler, Refused;
    /// SQL mode was asked of an index answered by Spark (SQL mode is DuckDB's alone), or of one
    /// whose queries run in the calling process (the proof that DuckDB reads the caller's text
    /// as the compiler did runs only in a query worker).
    SqlModeUnavailable = "sql_mode_unavailable", CompilerAndHost, Refused;

    // ---- The compiler's sandbox (the host, around the compiler component).
    /// The compiler ran past its deadline and was stopped.
    GuestTimeout = "guest_timeout", Host, Limit;
    /// The compiler used its whole fuel (instruction) budget and was stopped.
    GuestFuelExhausted = "guest_fuel_exhausted", Host, Limit;
    /// The compiler needed more than its memory limit and was stopped.
    GuestMemory = "guest_memory", Host, Limit;
    /// Every sandbox slot is in use by other calls; the call was not started.
    GuestBusy = "guest_busy", Host, Limit;
    /// The compiler trapped or failed: a bug in the compiler component; nothing ran.
    GuestFault = "guest_fault", Host, Internal;
    /// The compiler refused with a code that is not one of the compiler's: a bug in the compiler component.
    GuestCodeUnknown = "guest_code_unknown", Host, Internal;
    /// The compiler component cannot be loaded: not a component, or built against another contract version.
    GuestLoadFailed = "guest_load_failed", Host, Internal;
    /// The compiler's answer (a statement or its parameters) is larger than the host accepts.
    GuestOutputTooLarge = "guest_output_too_large", Host, Internal;
    /// What the compiler promised about its statement (columns, kinds, counts) is not what DuckDB returned.
    GuestOutputMismatch = "guest_output_mismatch", Host, Internal;
    /// The sandbox cannot be set up: internal when the engine cannot be built, refused when the
    /// embedder's compiler memory limit is larger than the engine's pool slots (a setting to fix).
    SandboxConfigInvalid = "sandbox_config_invalid", Host, Internal or Refused;

    // ---- The host's checks of a compiled statement.
    /// The compiled statement fails the host's own check (shape, functions, relations, parameters); nothing ran.
    StatementRefused = "statement_refused", Host, Internal;
    /// DuckDB's parser refuses the compiled statement (in SQL mode the caller gets `sql_syntax` instead).
    StatementUnparsable = "statement_unparsable", Host, Internal;
    /// The compiled statement breaks the deployment's policy; nothing ran.
    PolicyViolation = "policy_violation", Host, Internal;
    /// The parser the host checks statements with could not run (it ran out of memory).
    ParserUnavailable = "parser_unavailable", Host, Internal;
    /// SQL mode: DuckDB reads the caller's text as another statement than the one the compiler
    /// validated (a word one reads as an operator, the other as a name); nothing ran.
    ReadingDiffers = "reading_differs", Host, Refused;

    // ---- Running a query.
    /// DuckDB cannot bind the statement: a compiler bug for a plan (internal), the caller's SQL in SQL mode (refused).
    QueryInvalid = "query_invalid", Host, Internal or Refused;
    /// DuckDB (or Spark) failed running the statement: internal for a plan, the caller's SQL in SQL mode (refused).
    QueryFailed = "query_failed", Host, Internal or Refused;
    /// The query ran past its time limit and was stopped.
    QueryTimeout = "query_timeout", Host, Limit;
    /// The query needed more than its memory limit.
    QueryMemory = "query_memory", Host, Limit;
    /// The query needed more temporary disk space than its budget (spill past `query_disk_bytes`).
    QueryDisk = "query_disk", Host, Limit;
    /// A number in the answer is past what its type holds (a sum beyond `DECIMAL(38,s)`'s 38 digits or `HUGEINT`): an error, never a rounded number.
    NumericOverflow = "numeric_overflow", Host, Limit;
    /// The result is larger than the result size limit; the query was stopped.
    ResultTooLarge = "result_too_large", Host, Limit;
    /// The answer's rows are too large for a query worker to send back.
    AnswerTooLarge = "answer_too_large", Host, Limit;
    /// A result column is an untyped `NULL`, which cannot be read back; cast it to a type.
    UntypedNullColumn = "untyped_null_column", Host, Refused;
    /// A result column is of a type the host does not read back (lists, structs, maps and the like).
    UnsupportedResultType = "unsupported_result_type", Host, Refused;
    /// The query cannot be run: its deadline thread or engine client cannot start.
    ExecutorUnavailable = "executor_unavailable", Host, Internal;
    /// The deployment's policy cannot be put in force on the query connection, so no query runs.
    PolicyUnenforceable = "policy_unenforceable", Host, Internal;
    /// SQL was sent to a deployment that has not enabled SQL mode.
    SqlModeDisabled = "sql_mode_disabled", Host, Refused;
    /// Every query slot (or query worker) is busy; the request was not started or charged.
    Busy = "busy", Host, Limit;
    /// The caller has used up today's budget.
    BudgetExhausted = "budget_exhausted", Host, Limit;
    /// The budget state file cannot be read or written.
    BudgetStateUnusable = "budget_state_unusable", Host, Internal;
    /// The policy needs trusted context values (`--context`) that the deployment did not give.
    MissingContext = "missing_context", Host, Refused;
    /// The audit trace cannot be written, so the request is not answered.
    TraceUnwritable = "trace_unwritable", Host, Internal;

    // ---- Query workers.
    /// A query worker cannot be started.
    WorkerUnavailable = "worker_unavailable", Host, Internal;
    /// A query worker cannot be given its setup (data file, settings).
    WorkerSetup = "worker_setup", Host, Internal;
    /// A query worker cannot confine itself, so it does not answer.
    WorkerUnconfined = "worker_unconfined", Host, Internal;
    /// A query worker ended, or broke the protocol, before it answered.
    QueryWorkerFailed = "query_worker_failed", Host, Internal;

    // ---- Spark.
    /// The Spark Connect URL is not one querycell can use.
    SparkUrlInvalid = "spark_url_invalid", Host, Refused;
    /// The Spark Connect server cannot be reached.
    SparkUnavailable = "spark_unavailable", Host, Internal;
    /// The Spark Connect server refused the credentials.
    SparkUnauthorized = "spark_unauthorized", Host, Refused;
    /// Spark's description of a table, or a catalog query's answer, cannot be read.
    SparkCatalogUnreadable = "spark_catalog_unreadable", Host, Internal;
    /// Spark's result batches cannot be read.
    SparkResultUnreadable = "spark_result_unreadable", Host, Internal;
    /// A Spark table name is not `[catalog.]database.table` of letters, digits and `_`.
    InvalidTableName = "invalid_table_name", Host, Refused;
    /// Two tables would have the same name in the catalog.
    DuplicateTable = "duplicate_table", Host, Refused;

    // ---- The index.
    /// The path is not a querycell index.
    IndexNotFound = "index_not_found", Host, Refused;
    /// The index's catalog cannot be read.
    IndexCorrupt = "index_corrupt", Host, Internal;
    /// The index was written in a catalog format this querycell does not read; ingest again.
    IndexVersion = "index_version", Host, Internal;
    /// The index's data file cannot be opened.
    IndexUnreadable = "index_unreadable", Host, Internal;
    /// The index path exists and is not a querycell index (or not a folder); it is not replaced.
    IndexPathInUse = "index_path_in_use", Host, Refused;
    /// An I/O operation failed.
    IoError = "io_error", Host, Internal;

    // ---- Ingest.
    /// Ingest was given nothing to load, or found no loadable file or column.
    NoInputs = "no_inputs", Host, Refused;
    /// An input path cannot be read.
    InputNotFound = "input_not_found", Host, Refused;
    /// An input path is not a file name querycell can use.
    InvalidInput = "invalid_input", Host, Refused;
    /// An input path contains `..`.
    PathEscapesRoot = "path_escapes_root", Host, Refused;
    /// An input is a symbolic link; ingest reads only real files under its roots.
    SymlinkRefused = "symlink_refused", Host, Refused;
    /// An input is not a loadable file (its format is unknown, or it is not a regular file).
    UnsupportedFormat = "unsupported_format", Host, Refused;
    /// A file cannot be loaded: refused when the file is at fault (DuckDB cannot read it), internal
    /// when staging, profiling or writing the index fails.
    IngestFailed = "ingest_failed", Host, Refused or Internal;
    /// A CSV line is not UTF-8 text.
    CsvNotUtf8 = "csv_not_utf8", Host, Refused;
    /// A CSV file's bytes contradict the encoding `querycell.toml` names for it (or its
    /// byte-order mark contradicts the setting).
    CsvEncodingMismatch = "csv_encoding_mismatch", Host, Refused;
    /// A CSV double quote that opens a value is never closed.
    CsvQuoteUnclosed = "csv_quote_unclosed", Host, Refused;
    /// A CSV double quote stands inside a value, or text follows a quoted value.
    CsvQuoteMisplaced = "csv_quote_misplaced", Host, Refused;
    /// A CSV line has more or fewer fields than the header.
    CsvRaggedLine = "csv_ragged_line", Host, Refused;
    /// A totals row stands above other rows; `footer_rows` says what to drop.
    TotalsRowNotLast = "totals_row_not_last", Host, Refused;
    /// A column has a value outside its `allowed_values`.
    ValueNotAllowed = "value_not_allowed", Host, Refused;
    /// `querycell.toml` is not valid, or a key does not apply to the table it is set on.
    SidecarInvalid = "sidecar_invalid", Host, Refused;
    /// `querycell.toml` configures a table that was not loaded.
    SidecarUnknownTable = "sidecar_unknown_table", Host, Refused;
    /// `querycell.toml` configures a column that does not exist.
    SidecarUnknownColumn = "sidecar_unknown_column", Host, Refused;
    /// A `querycell.toml` layout setting points past the file's data.
    LayoutOutOfRange = "layout_out_of_range", Host, Refused;
    /// A declared relationship's `to` column has a value in two or more rows, or a missing
    /// value, so following it could reach more than one row (or none that says which).
    RelationshipNotUnique = "relationship_not_unique", Host, Refused;
    /// A declared relationship names a table or column that was not loaded, joins columns of
    /// different kinds, or cannot be told apart by a path: two from one table to another
    /// without a `name` each, or a name shared, a table's or another relationship's key column.
    RelationshipInvalid = "relationship_invalid", Host, Refused;
    /// A `[metrics.<name>]` definition does not compile against its table.
    MetricInvalid = "metric_invalid", Host, Refused;

    // ---- The operator's files and the deployment.
    /// The configuration file cannot be read.
    ConfigUnreadable = "config_unreadable", Host, Refused;
    /// The configuration file is not valid.
    ConfigInvalid = "config_invalid", Host, Refused;
    /// The configuration file holds a key that looks like a credential; credentials belong in the environment.
    ConfigCredential = "config_credential", Host, Refused;
    /// The policy file cannot be read.
    PolicyUnreadable = "policy_unreadable", Host, Refused;
    /// The policy file is not valid, or names tables and columns this index does not have.
    PolicyInvalid = "policy_invalid", Host, Refused;
    /// The query worker policy is not valid (it needs at least one worker).
    InvalidPolicy = "invalid_policy", Host, Refused;

    // ---- The CLI and the MCP server.
    /// The request file (or standard input) cannot be read.
    RequestUnreadable = "request_unreadable", Host, Refused;
    /// The request is not UTF-8 text.
    InvalidEncoding = "invalid_encoding", Host, Refused;
    /// An MCP tool call lacks an argument it needs.
    MissingArgument = "missing_argument", Host, Refused;
    /// The MCP server was asked to listen on an address that is not loopback.
    HttpNotLoopback = "http_not_loopback", Host, Refused;
    /// The MCP session failed to start or ended in an error.
    McpFailed = "mcp_failed", Host, Internal;

    // ---- The HTTP MCP server as an OAuth resource server (`[identity]` in the config file).
    /// The HTTP request carries no usable access token: none, or one that is malformed, too large, expired, not yet valid, from another issuer, for another resource, signed with a key or algorithm the issuer does not publish, or sent in the URL.
    InvalidToken = "invalid_token", Host, Refused;
    /// The access token is valid but its scopes do not allow the tool asked for.
    InsufficientScope = "insufficient_scope", Host, Refused;
    /// The authorization server's metadata or keys (JWKS) cannot be fetched or read, so no token can be checked.
    IssuerUnreachable = "issuer_unreachable", Host, Internal;

    // ---- Receipts read back: verifying one (`verify`, `verify_receipt`), checking a summary
    // of one (`check-summary`, `check_summary`).
    /// The receipt file (or standard input) cannot be read, or is not UTF-8 text.
    ReceiptUnreadable = "receipt_unreadable", Host, Refused;
    /// What was given as a receipt is not one: not JSON, not an object, nested too deep, a refusal rather than an answer, over the size bound, without `columns` and `rows`, or a field of the wrong type.
    ReceiptInvalid = "receipt_invalid", Host, Refused;
    /// The summary to check, or its receipt, is over the checker's limits (bytes, numbers, sentences, cells).
    SummaryTooLarge = "summary_too_large", Host, Refused;
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::{Class, Code};

    /// The codes are distinct snake_case words: two variants spelled alike would be one code
    /// to every caller.
    #[test]
    fn codes_are_distinct_snake_case_words() {
        let mut seen = std::collections::BTreeSet::new();
        for code in Code::ALL {
            let text = code.as_str();
            let snake = text.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
            assert!(snake && text.starts_with(|c: char| c.is_ascii_lowercase()) && !text.ends_with('_'), "{text}");
            assert!(seen.insert(text), "{text} twice");
        }
    }

    #[test]
    fn every_code_reads_back_from_its_text_and_nothing_else_does() {
        for code in Code::ALL {
            assert_eq!(Code::from_text(code.as_str()), Some(*code));
        }
        for stranger in
            ["", "hostile_ok", "Invalid_Json", "invalid_json ", " invalid_json", "invalid_json\0", "INVALID_JSON"]
        {
            assert_eq!(Code::from_text(stranger), None, "{stranger:?}");
        }
    }

    /// The host passes a compiler refusal on with its code's class. A compiler code of
    /// another class than refused would let an untrusted component choose the caller's exit
    /// status, or claim a limit stopped it.
    #[test]
    fn compiler_codes_are_refusals_only() {
        for code in Code::ALL.iter().filter(|code| code.raised_by_compiler()) {
            assert_eq!(code.classes(), [Class::Refused], "{code}");
        }
    }

    #[test]
    fn a_second_class_differs_from_the_first() {
        for code in Code::ALL {
            if let [first, second] = code.classes() {
                assert_ne!(first, second, "{code}");
            }
        }
    }

    /// Each meaning is one sentence on one line that fits a Markdown table cell.
    #[test]
    fn every_code_has_a_one_line_meaning() {
        for code in Code::ALL {
            let meaning = code.meaning();
            assert!(meaning.len() > 10 && meaning.ends_with('.'), "{code}: {meaning:?}");
            assert!(!meaning.contains(['\n', '|']) && !meaning.contains("  "), "{code}: {meaning:?}");
        }
    }

    #[test]
    fn exit_statuses_are_distinct_and_never_success() {
        let statuses: std::collections::BTreeSet<i32> = Class::ALL.iter().map(|class| class.exit_status()).collect();
        assert_eq!(statuses.len(), Class::ALL.len());
        assert!(!statuses.contains(&0), "0 is an answer");
    }

    /// `docs/errors.md`: every code with its class (and so exit status), who raises it and
    /// what it means, in the order declared here.
    fn reference_page() -> String {
        let mut page = String::from(
            "# Error codes\n\n\
             <!-- Generated from contract/src/codes.rs; do not edit. After changing a code there, write this\n     \
             file again with: QUERYCELL_BLESS=1 cargo test --release --locked -p querycell-contract -->\n\n\
             Every error querycell returns carries one of these codes: `error.code` in JSON (the CLI's\n\
             `--format json`, the MCP server's tool results), `error` in the audit trace, and `error[code]` in\n\
             the CLI's message on standard error. Branch on the code; the message is for people and may change.\n\n\
             An error's class sets the CLI's exit status (an answer exits with `0`):\n\n\
             | Class | Exit status | Meaning |\n|---|---|---|\n",
        );
        for class in Class::ALL {
            page.push_str(&format!("| {} | `{}` | {} |\n", class.as_str(), class.exit_status(), class.meaning()));
        }
        page.push_str(
            "\nRaised by `compiler`: the sandboxed compiler refused the plan or SQL statement. The host passes on\n\
             only these codes from a compiler component; any other is `guest_code_unknown`. Raised by `host`: the\n\
             host itself, before or after the compiler runs. A code with two classes has each for the reason its\n\
             meaning gives.\n\n\
             | Code | Class (exit status) | Raised by | Meaning |\n|---|---|---|---|\n",
        );
        for code in Code::ALL {
            let classes: Vec<String> =
                code.classes().iter().map(|class| format!("{} (`{}`)", class.as_str(), class.exit_status())).collect();
            page.push_str(&format!(
                "| `{code}` | {} | {} | {} |\n",
                classes.join(" or "),
                code.raised_by().as_str(),
                code.meaning()
            ));
        }
        page
    }

    /// `docs/errors.md` is [`reference_page`]; `QUERYCELL_BLESS=1` writes it instead.
    #[test]
    fn docs_errors_md_lists_every_code() {
        // Cargo's folder at run time first: a test built from another checkout sharing the
        // target folder keeps that checkout's path compiled in.
        let manifest = std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_else(|| env!("CARGO_MANIFEST_DIR").into());
        let path = std::path::Path::new(&manifest).join("../docs/errors.md");
        let expected = reference_page();
        if std::env::var_os("QUERYCELL_BLESS").is_some_and(|v| v == "1") {
            std::fs::write(&path, &expected).unwrap_or_else(|e| panic!("writing {}: {e}", path.display()));
            return;
        }
        let written = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            written == expected,
            "docs/errors.md does not match the codes in contract/src/codes.rs; write it again with\n  \
             QUERYCELL_BLESS=1 cargo test --release --locked -p querycell-contract\n\
             and commit it (first difference at line {})",
            written.lines().zip(expected.lines()).take_while(|(a, b)| a == b).count() + 1
        );
    }
}
