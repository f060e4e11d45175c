//! The `querycell` command line: ingest files into an index, show its schema, answer plans
//! and (where enabled) SQL, verify receipts, check a model's summary of a receipt. Exit
//! status: 0 answered, 2 input refused, 3 a limit stopped it, 1 anything else; `verify` adds
//! 4 data changed, 5 cannot verify, 6 tampered; `check-summary` exits 4 when it flags
//! something.

use std::io::{IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand, ValueEnum};
use querycell::answer::trace::Trace;
use querycell::error::Code;
use querycell::policy::Policy;
use querycell::{
    catalog::Catalog, ingest, sandbox::Sandbox, serve::config::Config, Answer, Date, Error, ForkedAtStart,
    ForkedWorker, Limits, QueryCell, QueryIsolation, WorkerPolicy,
};

#[derive(Parser)]
#[command(
    name = "querycell",
    version,
    about = "Answer aggregate questions over your tables without running untrusted code."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SchemaFormat {
    Json,
    Markdown,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CheckFormat {
    Table,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    Table,
    Json,
    Csv,
}

/// Options shared by the commands that answer questions.
#[derive(Args)]
struct AnswerOptions {
    #[arg(long)]
    index: PathBuf,
    #[arg(long, value_enum, default_value = "table")]
    format: Format,
    /// Deployment configuration (TOML: allow_sql, max_rows, timeout_ms, query_memory_mb,
    /// trace, trace_max_bytes, trace_keep, policy, and an http table for `mcp --http`); also
    /// read from $QUERYCELL_CONFIG.
    #[arg(long, env = "QUERYCELL_CONFIG")]
    config: Option<PathBuf>,
    /// Most rows an answer may carry (plan limits are clamped to it).
    #[arg(long)]
    max_rows: Option<u32>,
    /// Wall-clock limit for running the query, in milliseconds.
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// Answer as of this day instead of today (UTC): relative dates in plans ("the last 30
    /// days") and current_date in SQL resolve against it.
    #[arg(long, value_name = "YYYY-MM-DD")]
    today: Option<Date>,
    /// Append one JSON line per request to FILE, the audit trace (request hash and size,
    /// executed SQL, rows, error code, time; never the request text or parameter values).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// The deployment's policy (TOML): hidden tables and columns, row filters. Also
    /// `policy` in the configuration file.
    #[arg(long, value_name = "FILE")]
    policy: Option<PathBuf>,
    /// A trusted context value the policy's row filters compare with, e.g. tenant=acme
    /// (repeatable). Only the deployment sets these, never a request.
    #[arg(long = "context", value_name = "KEY=VALUE", value_parser = querycell::policy::parse_context_pair)]
    context: Vec<(String, String)>,
}

#[derive(Subcommand)]
enum Command {
    /// Load CSV, TSV, Parquet, JSON, NDJSON and Excel files (or every such file under
    /// folders) into a new index, replacing the previous one only when the new one is complete.
    ///
    /// With --spark, build an index whose tables stay on a Spark cluster: its catalog is read
    /// from Spark's own metadata and answers run there (the token, if the server wants one,
    /// comes from QUERYCELL_SPARK_TOKEN).
    Ingest {
        #[arg(long)]
        index: PathBuf,
        #[arg(required_unless_present = "spark", conflicts_with = "spark", value_name = "PATH")]
        paths: Vec<PathBuf>,
        /// A Spark Connect server, e.g. sc://127.0.0.1:15002.
        #[arg(long, value_name = "URL", requires = "tables")]
        spark: Option<String>,
        /// The Spark tables to index, comma-separated: lake.incidents,lake.teams.
        #[arg(long, value_name = "DB.TABLE,...", value_delimiter = ',', requires = "spark")]
        tables: Vec<String>,
        /// With --spark: a querycell.toml whose [[relationships]] and [metrics.<name>] the
        /// catalog declares (verified on the server).
        #[arg(long, value_name = "FILE", requires = "spark")]
        settings: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "table")]
        format: Format,
    },
    /// Print the index's catalog (`--format json`), a prompt-ready description of it
    /// (`--format markdown`), or the plan language's JSON Schema (`--plan-json-schema`).
    Schema {
        #[arg(long, required_unless_present = "plan_json_schema")]
        index: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "json")]
        format: SchemaFormat,
        /// Print the JSON Schema of plan language v2 (for function calling) and exit.
        #[arg(long)]
        plan_json_schema: bool,
        /// Show the catalog as this policy lets a caller see it (hidden tables and columns
        /// left out; no statistics for row-filtered tables).
        #[arg(long, value_name = "FILE")]
        policy: Option<PathBuf>,
    },
    /// Answer a plan (JSON, plan language v2) read from FILE, or from standard input with `-`.
    Query {
        #[command(flatten)]
        options: AnswerOptions,
        #[arg(long, value_name = "FILE|-")]
        plan: String,
    },
    /// Answer one SQL statement (refused unless SQL mode is enabled by the config file or
    /// --allow-sql). `-` reads it from standard input.
    Sql {
        #[command(flatten)]
        options: AnswerOptions,
        /// Enable SQL mode for this call.
        #[arg(long)]
        allow_sql: bool,
        #[arg(value_name = "SQL|-")]
        sql: String,
    },
    /// Serve the index to agents over the Model Context Protocol, on stdin and stdout or
    /// (`--http`) on a loopback HTTP address: tools list_tables, describe_table, query, and
    /// sql where SQL mode is enabled. Logs go to stderr; stdout carries protocol messages only.
    Mcp {
        #[command(flatten)]
        options: AnswerOptions,
        /// Offer the `sql` tool (SQL mode) in this session.
        #[arg(long)]
        allow_sql: bool,
        /// Serve MCP's streamable HTTP transport at http://ADDR/mcp instead of stdio. ADDR
        /// must be a loopback address, e.g. 127.0.0.1:8765 (port 0 picks a free port; the
        /// address is printed on stderr).
        #[arg(long, value_name = "ADDR")]
        http: Option<std::net::SocketAddr>,
    },
    /// Check a model's summary of a receipt, sentence by sentence: every number against the
    /// receipt's cells (exact, a stated rounding, another group's value, derived, or none),
    /// and claims the receipt cannot support. Exit status: 0 nothing flagged, 4 something
    /// flagged, 2 input refused. Runs nothing; needs no index.
    CheckSummary {
        /// The receipt, as `query --format json` printed it (`-`: standard input).
        #[arg(long, value_name = "FILE|-")]
        receipt: String,
        /// The summary to check, UTF-8 text (`-`: standard input).
        #[arg(long, value_name = "FILE|-")]
        text: String,
        #[arg(long, value_enum, default_value = "table")]
        format: CheckFormat,
    },
    /// Check whether a receipt (what `query` or `sql --format json` printed) still holds:
    /// its digest, then its own request asked again as of its day, under this deployment's
    /// policy context and limits; the receipt's SQL is compared, never run. Exit status 0
    /// same, 4 data changed, 5 cannot verify, 6 tampered. `-` reads it from standard input.
    Verify {
        #[command(flatten)]
        options: AnswerOptions,
        /// Enable SQL mode, to ask a receipt's SQL again.
        #[arg(long)]
        allow_sql: bool,
        #[arg(value_name = "RECEIPT|-")]
        receipt: String,
    },
    /// A query worker: started by querycell itself, speaking its frame protocol on stdin
    /// and stdout with the index's data file on fd 3. Not for people.
    #[command(hide = true)]
    Worker,
}

fn main() -> ExitCode {
    let started = Instant::now();
    // First, before this process reads anything or starts a thread: see `answers_questions`.
    let forked_worker =
        ForkedAtStart::new(if answers_questions() { ForkedWorker::fork_at_start().ok().flatten() } else { None });
    let cli = Cli::parse();
    if let Command::Worker = cli.command {
        return querycell::serve::query_worker();
    }
    if let Command::CheckSummary { receipt, text, format } = &cli.command {
        return check_summary(receipt, text, *format);
    }
    let format = match &cli.command {
        Command::Ingest { format, .. } => *format,
        Command::Schema { format, .. } => {
            if *format == SchemaFormat::Json {
                Format::Json
            } else {
                Format::Table
            }
        }
        Command::Query { options, .. } | Command::Sql { options, .. } | Command::Verify { options, .. } => {
            options.format
        }
        Command::Mcp { .. } => Format::Table,
        Command::Worker | Command::CheckSummary { .. } => unreachable!("served above"),
    };
    if let Command::Verify { options, .. } = &cli.command {
        refuse_verify_options(options);
    }
    let outcome = match cli.command {
        Command::Verify { options, allow_sql, receipt } => run_verify(&options, allow_sql, &receipt, forked_worker),
        command => run(command, started, forked_worker).map(|(output, cell)| (output, 0, cell)),
    };
    match outcome {
        Ok((output, status, cell)) => {
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            // After the answer is out: the caller reads it while the worker is ended.
            if let Some(cell) = cell {
                cell.end_before_exit();
            }
            ExitCode::from(status)
        }
        Err(error) => {
            if format == Format::Json {
                println!("{}", serde_json::to_string_pretty(&error.to_json()).expect("errors serialise"));
            } else {
                eprintln!("{error}");
            }
            ExitCode::from(error.class.exit_code() as u8)
        }
    }
}

/// The Spark Connect token, from the environment: the one place it is read (the library
/// takes it as an argument).
fn spark_token() -> Option<String> {
    std::env::var(querycell::SPARK_TOKEN_VARIABLE).ok().filter(|t| !t.is_empty())
}

/// Whether this run answers a question from an index in a query worker (`query`, `sql`,
/// `verify`): such a run forks its worker as it starts (`WorkerPolicy::forked_at_start`),
/// which spares the worker the binary's own process start. Only the first argument is
/// looked at, since the fork must come before anything else.
fn answers_questions() -> bool {
    std::env::args_os().nth(1).is_some_and(|command| command == "query" || command == "sql" || command == "verify")
}

/// The command's output, and the cell that answered it (to end once the output is written).
fn run(command: Command, started: Instant, forked_worker: ForkedAtStart) -> Result<(String, Option<QueryCell>), Error> {
    let spark_token = spark_token();
    match command {
        Command::Ingest { index, paths, spark, tables, settings, format } => {
            let catalog = match spark {
                Some(url) => {
                    let endpoint = querycell::SparkEndpoint { url, token: spark_token };
                    let catalog = querycell::ingest::spark::build_with(&endpoint, &tables, settings.as_deref())?;
                    ingest::publish_catalog(&index, catalog)?
                }
                None => ingest::ingest(&index, &paths)?,
            };
            let output = match format {
                Format::Json => format!("{}\n", serde_json::to_string_pretty(&catalog).expect("catalogs serialise")),
                _ => ingest_report(&index, &catalog),
            };
            Ok((output, None))
        }
        Command::Schema { plan_json_schema: true, .. } => Ok((
            format!(
                "{}\n",
                serde_json::to_string_pretty(&querycell::catalog::plan_schema::plan_json_schema())
                    .expect("schemas serialise")
            ),
            None,
        )),
        Command::Schema { index, format, policy, .. } => {
            let mut catalog = Catalog::load(&index.expect("clap requires --index here"))?;
            if let Some(path) = policy {
                // Context values only choose rows; what is visible does not depend on them.
                catalog = Policy::load(&path)?.bind(&catalog, &Default::default())?.visible_catalog(&catalog);
            }
            let output = match format {
                SchemaFormat::Json => {
                    format!("{}\n", serde_json::to_string_pretty(&catalog).expect("catalogs serialise"))
                }
                SchemaFormat::Markdown => querycell::catalog::schema::markdown(&catalog),
            };
            Ok((output, None))
        }
        Command::Query { options, plan } => {
            let (cell, limits, mut process) = open(&options, false, one_worker(forked_worker)?, spark_token)?;
            let text = read_request(&plan, "--plan", limits.max_request_bytes)?;
            let answering = Instant::now();
            let answer = cell.query_plan(&text)?;
            process.answered(&cell, answering, started);
            Ok((render(&answer, options.format, &process), Some(cell)))
        }
        Command::Sql { options, allow_sql, sql } => {
            let (cell, limits, mut process) = open(&options, allow_sql, one_worker(forked_worker)?, spark_token)?;
            let text = if sql == "-" { read_request("-", "SQL", limits.max_request_bytes)? } else { sql };
            let answering = Instant::now();
            let answer = cell.query_sql(&text)?;
            process.answered(&cell, answering, started);
            Ok((render(&answer, options.format, &process), Some(cell)))
        }
        Command::Mcp { options, allow_sql, http } => {
            serve_mcp(&options, allow_sql, http, spark_token).map(|o| (o, None))
        }
        Command::Worker | Command::CheckSummary { .. } => unreachable!("served in main"),
        Command::Verify { .. } => unreachable!("run_verify answers it"),
    }
}

/// `verify` answers as of the receipt's own day and prints a verdict, not rows: `--today`
/// and `--format csv` have no meaning there, and are refused rather than ignored.
fn refuse_verify_options(options: &AnswerOptions) {
    use clap::CommandFactory;
    let refused = match (options.today.is_some(), options.format == Format::Csv) {
        (true, _) => "verify asks the receipt's request as of the receipt's own day; --today does not apply",
        (_, true) => "verify prints a verdict, not rows: --format table or json",
        _ => return,
    };
    Cli::command().error(clap::error::ErrorKind::ArgumentConflict, refused).exit();
}

/// `querycell verify`: the verdict on the receipt in the file `source` (or stdin), the exit
/// status that says it, and the cell that checked it (to end once the verdict is written).
fn run_verify(
    options: &AnswerOptions,
    allow_sql: bool,
    source: &str,
    forked_worker: ForkedAtStart,
) -> Result<(String, u8, Option<QueryCell>), Error> {
    let text = read_input(source, "RECEIPT", querycell::verify::MAX_RECEIPT_BYTES as u64, Input::Receipt)?;
    let receipt = querycell::verify::parse_receipt(&text)?;
    let (cell, _, _) = open(options, allow_sql, one_worker(forked_worker)?, spark_token())?;
    let verification = querycell::verify::verify(&cell, &receipt)?;
    let output = match options.format {
        Format::Json => {
            format!("{}\n", serde_json::to_string_pretty(&verification.to_json()).expect("verifications serialise"))
        }
        _ => verification.render_table(),
    };
    Ok((output, verification.outcome.exit_status(), Some(cell)))
}

/// What `ingest` says in words: each table with what was decided about it, then what was
/// not loaded, so a person reading it sees every way the index differs from the files.
fn ingest_report(index: &std::path::Path, catalog: &Catalog) -> String {
    let mut out = String::new();
    for table in &catalog.tables {
        out.push_str(&format!(
            "loaded {} ({} rows, {} columns) from {}\n",
            table.name,
            table.row_count,
            table.columns.len(),
            table.source
        ));
        for decision in &table.decisions {
            out.push_str(&format!("  {decision}\n"));
        }
    }
    for skipped in &catalog.skipped {
        out.push_str(&format!("skipped {}: {}\n", skipped.path, skipped.reason));
    }
    out.push_str(&format!("index {} snapshot {}\n", index.display(), catalog.snapshot));
    out
}

/// `querycell mcp`: serve the index over MCP, on stdio, or at the address `http` when given.
fn serve_mcp(
    options: &AnswerOptions,
    allow_sql: bool,
    http: Option<std::net::SocketAddr>,
    spark_token: Option<String>,
) -> Result<String, Error> {
    // Many answers over the session's life, some at once: the default pool.
    let spark_token_for_contexts = spark_token.clone();
    let (cell, _, _) = open(options, allow_sql, WorkerPolicy::current_exe()?, spark_token)?;
    let what = format!("{} ({} tables)", options.index.display(), cell.catalog().tables.len());
    let config = match (&options.config, http) {
        (Some(path), Some(_)) => Config::load(path)?,
        _ => Config::default(),
    };
    let mut server = querycell::serve::mcp::McpServer::new(cell);
    if let Some(identity) = config.identity.clone() {
        let auth = resource_server(options, identity, &config, &server, spark_token_for_contexts)?;
        server = server.with_auth(auth);
    }
    match http {
        None => {
            eprintln!("querycell mcp: serving {what} on stdio");
            server.serve_stdio()?;
        }
        Some(addr) => {
            let scheme = server.scheme();
            server.serve_http(addr, &config.http, |bound| {
                eprintln!("querycell mcp: serving {what} at {scheme}://{bound}{}", querycell::serve::mcp::HTTP_PATH);
            })?
        }
    }
    Ok(String::new())
}

/// The OAuth resource server for `mcp --http` with `[identity]`: with a policy, one cell
/// per token context, opened like the server's own cell but under that context.
fn resource_server(
    options: &AnswerOptions,
    identity: querycell::serve::auth::IdentitySettings,
    config: &Config,
    server: &querycell::serve::mcp::McpServer,
    spark_token: Option<String>,
) -> Result<querycell::serve::auth::Auth, Error> {
    use querycell::serve::auth::{pool::CellPool, Auth};
    if !options.context.is_empty() {
        return Err(Error::new(
            Code::ConfigInvalid,
            "--context cannot be given with [identity]: each request's context comes from its access token",
        )
        .at("--context"));
    }
    let base = server.cell();
    let trace = base.trace().cloned();
    let pool = match options.policy.as_ref().or(config.policy.as_ref()) {
        None => None,
        Some(path) => {
            let policy = Policy::load(path)?;
            let (index, limits, sql, today) =
                (options.index.clone(), base.limits().clone(), base.sql_enabled(), options.today);
            let trace = trace.clone();
            let open = move |context: &std::collections::BTreeMap<String, String>| {
                let mut cell = QueryCell::builder(&index)
                    .limits(limits.clone())
                    .isolation(QueryIsolation::Workers(WorkerPolicy::current_exe()?))
                    .spark_token(spark_token.clone())
                    .policy(policy.clone(), context.clone())
                    .open()?
                    .with_sql_enabled(sql);
                if let Some(today) = today {
                    cell = cell.with_today(today);
                }
                if let Some(trace) = &trace {
                    cell = cell.with_trace(trace.clone());
                }
                Ok(cell)
            };
            let idle = Duration::from_secs(identity.context_idle_s.unwrap_or(600));
            Some(CellPool::new(Box::new(open), identity.max_contexts.unwrap_or(16), idle))
        }
    };
    Auth::new(identity, pool, trace)
}

/// One answer per run: one query worker, the one forked as the process started when there
/// is one, opening the data while the compiler loads and runs.
fn one_worker(forked_at_start: ForkedAtStart) -> Result<WorkerPolicy, Error> {
    Ok(WorkerPolicy { max_workers: 1, forked_at_start, ..WorkerPolicy::current_exe()? })
}

/// The limits this machine gives a deployment running `workers` (before the configuration
/// file): its cores and half its memory shared by the answers that may run at once, and a
/// disk budget from the free space where the workers spill (`Limits::for_machine`).
fn deployment_limits(workers: &WorkerPolicy) -> Limits {
    let root = workers.spill_root.clone().unwrap_or_else(querycell::SpillRoot::default_path);
    // The root is made when the first worker starts; until then, its parent's file system.
    let free = querycell::machine::free_disk_bytes(&root)
        .or_else(|| root.parent().and_then(querycell::machine::free_disk_bytes));
    Limits::for_machine(querycell::machine::Machine::this(), workers.max_workers, free)
}

/// Where one run's time went, for `cost.process` in `--format json`.
#[derive(Default)]
struct ProcessCost {
    /// Loading the compiler component (on its own thread, while the index opens).
    component_load: Duration,
    /// Opening: the index under its policy, the query worker's start and the component load
    /// at once, then the trace.
    open: Duration,
    /// The library's answer call: compile, waiting for the worker, the queries, the receipt.
    answer: Duration,
    /// From `main` to the answer being ready to print.
    total: Duration,
    worker: Option<querycell::WorkerStartup>,
}

impl ProcessCost {
    fn answered(&mut self, cell: &QueryCell, answering: Instant, started: Instant) {
        self.answer = answering.elapsed();
        self.worker = cell.worker_startup();
        self.total = started.elapsed();
    }

    /// The phases in milliseconds. The worker's steps run in its own process, at the same
    /// time as the component load and the compile, so they do not add up to `total_ms`.
    fn to_json(&self) -> serde_json::Value {
        let ms = |d: Duration| (d.as_secs_f64() * 1e5).round() / 100.0;
        let mut json = serde_json::json!({
            "total_ms": ms(self.total),
            "open_ms": ms(self.open),
            "component_load_ms": ms(self.component_load),
            "answer_ms": ms(self.answer),
        });
        if let Some(worker) = &self.worker {
            json["worker"] = serde_json::json!({
                "started_by": if worker.forked { "fork" } else { "exec" },
                "spawn_ms": ms(worker.spawn),
                "ready_ms": ms(worker.ready),
                "setup_ms": ms(worker.setup),
                "confine_ms": ms(worker.confine),
                "open_ms": ms(worker.open),
                "waited_ms": ms(worker.waited),
            });
        }
        json
    }
}

/// Open the index with the configuration file's and the flags' limits applied, flags last;
/// queries run in `workers`, the first of which starts while the compiler component loads.
fn open(
    options: &AnswerOptions,
    allow_sql_flag: bool,
    workers: WorkerPolicy,
    spark_token: Option<String>,
) -> Result<(QueryCell, Limits, ProcessCost), Error> {
    let config = match &options.config {
        Some(path) => Config::load(path)?,
        None => Config::default(),
    };
    let mut workers = workers;
    workers.spill_root = config.spill_dir.clone().or(workers.spill_root);
    let mut limits = config.apply(deployment_limits(&workers));
    if let Some(max_rows) = options.max_rows {
        limits.max_rows = max_rows.max(1);
    }
    if let Some(ms) = options.timeout_ms {
        limits.query_timeout = Duration::from_millis(ms.max(1));
    }
    let opening = Instant::now();
    let load_micros = AtomicU64::new(0);
    let load = |limits: Limits| {
        let loading = Instant::now();
        let sandbox = Sandbox::bundled(limits);
        load_micros.store(loading.elapsed().as_micros() as u64, Ordering::Relaxed);
        sandbox
    };
    let isolation = QueryIsolation::Workers(workers);
    // Opened under its policy at once: its worker opens the policy's views from the start.
    let mut choices = QueryCell::builder(&options.index)
        .load_sandbox(limits.clone(), load)
        .isolation(isolation)
        .spark_token(spark_token);
    if let Some(path) = options.policy.as_ref().or(config.policy.as_ref()) {
        choices = choices.policy(Policy::load(path)?, options.context.iter().cloned().collect());
    }
    let mut cell = choices.open()?.with_sql_enabled(config.allow_sql || allow_sql_flag);
    if let Some(today) = options.today {
        cell = cell.with_today(today);
    }
    if let Some(policy) = config.trace_policy(options.trace.as_deref()) {
        cell = cell.with_trace(std::sync::Arc::new(Trace::open(policy)?));
    }
    let process = ProcessCost {
        component_load: Duration::from_micros(load_micros.load(Ordering::Relaxed)),
        open: opening.elapsed(),
        ..ProcessCost::default()
    };
    Ok((cell, limits, process))
}

fn render(answer: &Answer, format: Format, process: &ProcessCost) -> String {
    match format {
        Format::Json => {
            // The receipt, with this run's own phases beside the answer's in `cost`, sealed
            // again: the digest covers every field, these included.
            let mut json = answer.to_json();
            json["cost"]["process"] = process.to_json();
            querycell::answer::seal::seal(&mut json);
            format!("{}\n", serde_json::to_string_pretty(&json).expect("answers serialise"))
        }
        Format::Csv => {
            // CSV has no room for the receipt: what a reader of the rows must know goes to
            // stderr, so a cut answer is never mistaken for the whole one.
            eprint!("{}", answer.csv_notes());
            answer.render_csv()
        }
        Format::Table => answer.render_table(),
    }
}

/// The request bytes from a file or stdin, bounded and required to be UTF-8. Nothing here
/// looks inside them: parsing happens in the guest.
fn read_request(source: &str, argument: &str, max_bytes: u32) -> Result<String, Error> {
    read_input(source, argument, u64::from(max_bytes), Input::Request)
}

/// What a command reads from a file or stdin, for its error codes and words.
#[derive(Clone, Copy)]
enum Input {
    Request,
    Receipt,
    /// A receipt or a summary for `check-summary`, bounded by its own limits.
    Checked,
}

impl Input {
    fn word(self) -> &'static str {
        match self {
            Input::Request => "request",
            Input::Receipt => "receipt",
            Input::Checked => "input",
        }
    }

    /// The codes of a file that cannot be read, one too large, one that is not UTF-8.
    fn codes(self) -> [Code; 3] {
        match self {
            Input::Request => [Code::RequestUnreadable, Code::RequestTooLarge, Code::InvalidEncoding],
            Input::Receipt => [Code::ReceiptUnreadable, Code::ReceiptInvalid, Code::ReceiptUnreadable],
            Input::Checked => [Code::RequestUnreadable, Code::SummaryTooLarge, Code::InvalidEncoding],
        }
    }
}

/// The text of a file or stdin, at most `max_bytes` and UTF-8.
fn read_input(source: &str, argument: &str, max_bytes: u64, input: Input) -> Result<String, Error> {
    let [unreadable, too_large, not_text] = input.codes();
    let mut bytes = Vec::new();
    let read = if source == "-" {
        if std::io::stdin().is_terminal() {
            eprintln!("reading the {} from standard input (end with Ctrl-D)", input.word());
        }
        std::io::stdin().lock().take(max_bytes + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(source).and_then(|f| f.take(max_bytes + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| Error::new(unreadable, format!("{source}: {e}")).at(argument))?;
    if bytes.len() as u64 > max_bytes {
        return Err(Error::new(too_large, format!("the {} is over {max_bytes} bytes", input.word())).at(argument));
    }
    String::from_utf8(bytes)
        .map_err(|_| Error::new(not_text, format!("the {} is not UTF-8 text", input.word())).at(argument))
}

/// `check-summary`: the report on stdout, exit 0 when nothing is flagged and
/// [`SUMMARY_FLAGGED`] when something is; an error as every command prints one.
fn check_summary(receipt: &str, text: &str, format: CheckFormat) -> ExitCode {
    let limits = querycell::limits::SummaryLimits::default();
    let checked = (|| {
        if receipt == "-" && text == "-" {
            return Err(Error::new(Code::MissingArgument, "only one of --receipt and --text can be standard input")
                .at("--text"));
        }
        let receipt = read_input(receipt, "--receipt", limits.max_receipt_bytes as u64, Input::Checked)?;
        let text = read_input(text, "--text", limits.max_text_bytes as u64, Input::Checked)?;
        let report = querycell::summary::check(&receipt, &text, &limits)?;
        Ok((report, text))
    })();
    match checked {
        Ok((report, text)) => {
            let output = match format {
                CheckFormat::Json => {
                    format!("{}\n", serde_json::to_string_pretty(&report.to_json()).expect("reports serialise"))
                }
                CheckFormat::Table => report.render_table(&text),
            };
            let _ = std::io::stdout().lock().write_all(output.as_bytes());
            if report.flagged == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(SUMMARY_FLAGGED)
            }
        }
        Err(error) => {
            if format == CheckFormat::Json {
                println!("{}", serde_json::to_string_pretty(&error.to_json()).expect("errors serialise"));
            } else {
                eprintln!("{error}");
            }
            ExitCode::from(error.class.exit_code() as u8)
        }
    }
}

/// `check-summary`'s exit status when the summary has a flagged finding: the check ran and
/// found something, which is neither an answer (0) nor an error (1, 2, 3).
const SUMMARY_FLAGGED: u8 = 4;
