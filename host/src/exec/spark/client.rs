//! The only way querycell talks to Spark: a Spark Connect session that can send exactly
//! four things, each built here from typed values.
//!
//! - `ExecutePlan` of one `SQL` relation: the text, which has passed the host's checks
//!   ([`super::SparkChecks`]), and its values as positional literal arguments. Never a
//!   command, an artifact, a DataFrame operation or DDL: the client exposes no method that
//!   builds one, and the Spark Connect client underneath is private to this module.
//! - `Interrupt` by the operation's tag, when the deadline passes or a cap is reached.
//! - `Config` of two fixed settings at the session's start: the session time zone (UTC) and
//!   ANSI mode, so dates, timestamps and overflow mean what they mean in DuckDB.
//! - `AnalyzePlan` for the schema of a named table (ingest only).
//!
//! The connection authenticates with Spark Connect's bearer token when one is given; the
//! token never travels in clear text except to a loopback address (the client's own rule).

use std::time::Instant;

use futures_util::StreamExt;
use spark_connect_core::channel::ChannelBuilder;
use spark_connect_core::client::SparkConnectClient;
use spark_connect_proto as proto;
use spark_connect_proto::expression::literal::LiteralType;

use crate::duck::{Column, Rows};
use crate::error::{Code, Error, ErrorClass, Result};
use crate::statement::Param;

use super::arrow;

/// Where a Spark Connect server is, and the token it wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SparkEndpoint {
    /// `sc://host:port`, optionally with `;use_ssl=true`; never a token (see `token`).
    pub url: String,
    /// Spark Connect's authentication token, sent as `Authorization: Bearer`.
    pub token: Option<String>,
}

/// What ended a statement on Spark early.
#[derive(Debug)]
pub enum Stop {
    /// The deadline passed and the operation was interrupted by its tag.
    Deadline {
        /// Spark named the operation among those it interrupted.
        interrupted: bool,
    },
    /// The result grew past this many bytes of Arrow data; the operation was interrupted.
    TooLarge(u64),
    /// Spark (or the way to it) failed.
    Failed(Error),
}

/// The user every request of a session names; see [`SparkSession::connect`].
const USER: &str = "querycell";

/// One Spark Connect session.
pub struct SparkSession {
    runtime: tokio::runtime::Runtime,
    client: SparkConnectClient,
    url: String,
    configured: std::sync::atomic::AtomicBool,
}

impl SparkSession {
    /// A session on `endpoint`. The connection is made by the first request, so an
    /// unreachable server fails the first answer (`spark_unavailable`), not the opening.
    pub fn connect(endpoint: &SparkEndpoint) -> Result<Self> {
        let invalid = |message: String| {
            Error::new(Code::SparkUrlInvalid, message).at("--spark").hint("write it like sc://host:15002")
        };
        if endpoint.url.contains("token=") {
            return Err(invalid(format!(
                "the Spark URL carries a token; give it in {} instead, so it is never written to the catalog",
                super::TOKEN_VARIABLE
            )));
        }
        let mut builder =
            ChannelBuilder::parse(&endpoint.url).map_err(|e| invalid(format!("{}: {}", endpoint.url, e.message())))?;
        if let Some(token) = &endpoint.token {
            builder.set("token", token);
        }
        builder.set("user_agent", "querycell");
        // Spark Connect keys a session by user and session id together: every request must
        // carry the same user, or an interrupt or a setting lands in another, empty session
        // (the client's own requests use this one; ours take it from the client).
        builder.set("user_id", USER);
        let runtime =
            tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().map_err(|e| {
                Error::new(Code::ExecutorUnavailable, format!("the Spark client's runtime cannot start: {e}"))
            })?;
        let mut client = runtime.block_on(SparkConnectClient::connect(&builder)).map_err(|e| invalid(e.message()))?;
        // No retries behind querycell's back: the client's default backs off for minutes on an
        // unreachable server, past any deadline; an answer fails fast and says why instead.
        client.set_retry_policy(spark_connect_core::retries::RetryPolicy::no_retries());
        Ok(SparkSession { runtime, client, url: endpoint.url.clone(), configured: false.into() })
    }

    fn user_context(&self) -> proto::UserContext {
        proto::UserContext { user_id: self.client.user_id().unwrap_or(USER).to_string(), ..Default::default() }
    }

    fn unavailable(&self, error: spark_connect_core::error::SparkError) -> Error {
        classify(&self.url, error)
    }

    /// Pin the session's time zone and ANSI mode, once per session.
    fn configure(&self) -> Result<()> {
        use std::sync::atomic::Ordering;
        if self.configured.load(Ordering::Acquire) {
            return Ok(());
        }
        self.runtime
            .block_on(async {
                self.client.set_config("spark.sql.session.timeZone", "UTC").await?;
                self.client.set_config("spark.sql.ansi.enabled", "true").await
            })
            .map_err(|e| self.unavailable(e))?;
        self.configured.store(true, Ordering::Release);
        Ok(())
    }

    /// Run `sql` with `params` bound to its `?`s, reading at most `max_rows` rows and
    /// `max_bytes` bytes of Arrow data, interrupted at `deadline`. The caller has checked
    /// `sql`; nothing here looks at it.
    pub fn run_select(
        &self,
        sql: &str,
        params: &[Param],
        deadline: Instant,
        max_rows: usize,
        max_bytes: u64,
    ) -> std::result::Result<Rows, Stop> {
        // The one place every text leaves for Spark: none passes that the gate refuses.
        if let Err(why) = crate::check::spark::duckdb_spelling(sql) {
            return Err(Stop::Failed(Error::new(
                Code::StatementRefused,
                format!("the Spark statement is refused: {why}"),
            )));
        }
        self.configure().map_err(Stop::Failed)?;
        let tag = format!("querycell-{}", uuid::Uuid::new_v4());
        let operation_id = uuid::Uuid::new_v4().to_string();
        let request = self.sql_request(sql, params, &tag, &operation_id);
        let read = self.read_answer(request, max_rows, max_bytes);
        let outcome = self.runtime.block_on(async {
            match tokio::time::timeout_at(deadline.into(), read).await {
                Ok(outcome) => outcome,
                Err(_) => Err(Stop::Deadline { interrupted: false }),
            }
        });
        if matches!(outcome, Ok(ref rows) if rows.rows.len() < max_rows) {
            return outcome;
        }
        // Stopped early, or stopped reading at the cap: end the operation on the server too.
        let interrupted = self.interrupt(&tag, &operation_id);
        match outcome {
            Err(Stop::Deadline { .. }) => Err(Stop::Deadline { interrupted }),
            other => other,
        }
    }

    /// The `ExecutePlan` request of one `SQL` relation, `sql` with `params` as its positional
    /// arguments, tagged with `tag` so that it can be interrupted.
    fn sql_request(&self, sql: &str, params: &[Param], tag: &str, operation_id: &str) -> proto::ExecutePlanRequest {
        proto::ExecutePlanRequest {
            session_id: self.client.session_id().to_string(),
            user_context: Some(self.user_context()),
            operation_id: Some(operation_id.to_string()),
            plan: Some(proto::Plan {
                op_type: Some(proto::plan::OpType::Root(proto::Relation {
                    common: None,
                    rel_type: Some(proto::relation::RelType::Sql(proto::Sql {
                        query: sql.to_string(),
                        pos_arguments: params.iter().map(literal).collect(),
                        ..Default::default()
                    })),
                })),
            }),
            client_type: Some("querycell".into()),
            tags: vec![tag.to_string()],
            ..Default::default()
        }
    }

    /// Send `request` and read its answer, up to `max_rows` rows and `max_bytes` bytes of
    /// Arrow data; past the bytes the answer is refused, at the rows it is cut.
    async fn read_answer(
        &self,
        request: proto::ExecutePlanRequest,
        max_rows: usize,
        max_bytes: u64,
    ) -> std::result::Result<Rows, Stop> {
        let mut stream = self.client.execute_plan(request).await.map_err(|e| Stop::Failed(self.unavailable(e)))?;
        let mut rows = Rows::default();
        let mut bytes = 0u64;
        let mut have_columns = false;
        let mut described = None;
        while let Some(message) = stream.next().await {
            let message = message.map_err(|status| {
                Stop::Failed(self.unavailable(spark_connect_core::error::SparkError::from_grpc_status(status)))
            })?;
            if let Some(schema) = message.schema {
                described = Some(schema);
            }
            let Some(proto::execute_plan_response::ResponseType::ArrowBatch(batch)) = message.response_type else {
                continue;
            };
            bytes += batch.data.len() as u64;
            if bytes > max_bytes {
                return Err(Stop::TooLarge(bytes));
            }
            append_batch(batch, &mut rows, &mut have_columns, max_rows)?;
            if rows.rows.len() >= max_rows {
                // Enough read: the rest of the operation is not wanted.
                break;
            }
        }
        if !have_columns {
            // No batch at all: the columns come from the schema Spark sent instead.
            rows.columns = described_columns(described);
        }
        Ok(rows)
    }

    /// Interrupt the operation tagged `tag`, waiting at most 5 seconds; `true` when Spark
    /// names `operation_id` among those it interrupted. One that is not named had already
    /// ended, or runs on until it ends by itself, and the deadline's error says so.
    fn interrupt(&self, tag: &str, operation_id: &str) -> bool {
        let operation_id = operation_id.to_string();
        self.runtime
            .block_on(async {
                tokio::time::timeout(std::time::Duration::from_secs(5), self.client.interrupt_tag(tag)).await
            })
            .is_ok_and(|ids| ids.is_ok_and(|ids| ids.contains(&operation_id)))
    }

    /// The columns of the table `relation` (`["db", "t"]`) and Spark's type of each
    /// (`bigint`, `decimal(18,3)`, `timestamp_ntz`), from Spark's own catalog.
    pub fn table_schema(&self, relation: &[String]) -> Result<Vec<(String, String)>> {
        self.configure()?;
        let name =
            relation.iter().map(|part| querycell_contract::quote::spark_identifier(part)).collect::<Vec<_>>().join(".");
        let request = proto::AnalyzePlanRequest {
            session_id: self.client.session_id().to_string(),
            user_context: Some(self.user_context()),
            client_type: Some("querycell".into()),
            analyze: Some(proto::analyze_plan_request::Analyze::Schema(proto::analyze_plan_request::Schema {
                plan: Some(proto::Plan {
                    op_type: Some(proto::plan::OpType::Root(proto::Relation {
                        common: None,
                        rel_type: Some(proto::relation::RelType::Read(proto::Read {
                            is_streaming: false,
                            read_type: Some(proto::read::ReadType::NamedTable(proto::read::NamedTable {
                                unparsed_identifier: name,
                                options: Default::default(),
                            })),
                        })),
                    })),
                }),
            })),
            ..Default::default()
        };
        let response = self.runtime.block_on(self.client.analyze_plan(request)).map_err(|e| self.unavailable(e))?;
        let Some(proto::analyze_plan_response::Result::Schema(schema)) = response.result else {
            return Err(Error::new(Code::SparkCatalogUnreadable, "Spark answered the schema request without a schema"));
        };
        let Some(proto::data_type::Kind::Struct(fields)) = schema.schema.and_then(|s| s.kind) else {
            return Err(Error::new(
                Code::SparkCatalogUnreadable,
                "Spark described the table as something other than rows",
            ));
        };
        Ok(fields
            .fields
            .into_iter()
            .map(|f| (f.name, f.data_type.map(|t| type_name(&t)).unwrap_or_else(|| "unknown".into())))
            .collect())
    }

    /// [`SparkSession::run_select`] for the host's own catalog queries at ingest, with the
    /// default caps.
    pub fn catalog_query(&self, sql: &str, deadline: Instant, max_rows: usize) -> Result<Rows> {
        self.run_select(sql, &[], deadline, max_rows, 64 << 20).map_err(|stop| match stop {
            Stop::Deadline { .. } => {
                Error::new(Code::QueryTimeout, "a catalog query on Spark ran past its deadline and was interrupted")
            }
            Stop::TooLarge(bytes) => {
                Error::new(Code::ResultTooLarge, format!("a catalog query on Spark returned more than {bytes} bytes"))
            }
            Stop::Failed(error) => error,
        })
    }
}

impl Drop for SparkSession {
    fn drop(&mut self) {
        // The server would expire the session on its own; releasing it frees its state now.
        let _ = self.runtime.block_on(async {
            tokio::time::timeout(std::time::Duration::from_secs(2), self.client.release_session()).await
        });
    }
}

/// Append the rows of one Arrow IPC `batch` to `rows` (at most `max_rows` in all), taking
/// the columns from the first batch that arrives.
fn append_batch(
    batch: proto::execute_plan_response::ArrowBatch,
    rows: &mut Rows,
    have_columns: &mut bool,
    max_rows: usize,
) -> std::result::Result<(), Stop> {
    let reader = arrow_ipc::reader::StreamReader::try_new(std::io::Cursor::new(batch.data), None).map_err(|e| {
        Stop::Failed(Error::new(Code::SparkResultUnreadable, format!("Spark's result batch is not Arrow IPC: {e}")))
    })?;
    if !*have_columns {
        rows.columns =
            arrow::columns(&reader.schema()).map_err(|m| Stop::Failed(Error::new(Code::UnsupportedResultType, m)))?;
        *have_columns = true;
    }
    for batch in reader {
        let batch = batch.map_err(|e| {
            Stop::Failed(Error::new(Code::SparkResultUnreadable, format!("Spark's result batch cannot be read: {e}")))
        })?;
        arrow::append(&batch, rows, max_rows).map_err(|m| Stop::Failed(Error::new(Code::UnsupportedResultType, m)))?;
    }
    Ok(())
}

/// The columns of an answer without batches, from the schema Spark `described` (none
/// when it sent none), so that an empty answer still names its columns.
fn described_columns(described: Option<proto::DataType>) -> Vec<Column> {
    let fields = match described.and_then(|d| d.kind) {
        Some(proto::data_type::Kind::Struct(s)) => s.fields,
        _ => Vec::new(),
    };
    fields
        .into_iter()
        .map(|f| Column {
            type_name: f.data_type.as_ref().map(duckdb_type_name).unwrap_or_else(|| "NULL".into()),
            name: f.name,
        })
        .collect()
}

/// A bound value as a Spark literal of the same type: INT or BIGINT, DOUBLE, STRING, BOOLEAN,
/// DATE (days) and TIMESTAMP_NTZ (microseconds, no zone, as DuckDB's TIMESTAMP).
fn literal(param: &Param) -> proto::Expression {
    let literal_type = match param {
        Param::Null => {
            LiteralType::Null(proto::DataType { kind: Some(proto::data_type::Kind::Null(Default::default())) })
        }
        Param::Boolean(b) => LiteralType::Boolean(*b),
        // As INT where it fits, as PySpark binds Python ints: Spark's LIMIT takes only an INT,
        // and an INT compares with every integer column as a BIGINT would.
        Param::Integer(i) => match i32::try_from(*i) {
            Ok(small) => LiteralType::Integer(small),
            Err(_) => LiteralType::Long(*i),
        },
        Param::Float(f) => LiteralType::Double(*f),
        Param::Text(t) => LiteralType::String(t.clone()),
        Param::Date(d) => LiteralType::Date(*d),
        Param::Timestamp(t) => LiteralType::TimestampNtz(*t),
    };
    proto::Expression {
        expr_type: Some(proto::expression::ExprType::Literal(proto::expression::Literal {
            literal_type: Some(literal_type),
            ..Default::default()
        })),
        ..Default::default()
    }
}

/// Spark's SQL name for a type of its catalog (`bigint`, `decimal(18,3)`, `string`).
fn type_name(data_type: &proto::DataType) -> String {
    use proto::data_type::Kind;
    match &data_type.kind {
        Some(Kind::Boolean(_)) => "boolean".into(),
        Some(Kind::Byte(_)) => "tinyint".into(),
        Some(Kind::Short(_)) => "smallint".into(),
        Some(Kind::Integer(_)) => "int".into(),
        Some(Kind::Long(_)) => "bigint".into(),
        Some(Kind::Float(_)) => "float".into(),
        Some(Kind::Double(_)) => "double".into(),
        Some(Kind::Decimal(d)) => format!("decimal({},{})", d.precision.unwrap_or(10), d.scale.unwrap_or(0)),
        Some(Kind::String(_)) | Some(Kind::Char(_)) | Some(Kind::VarChar(_)) => "string".into(),
        Some(Kind::Date(_)) => "date".into(),
        Some(Kind::Timestamp(_)) => "timestamp".into(),
        Some(Kind::TimestampNtz(_)) => "timestamp_ntz".into(),
        Some(Kind::Binary(_)) => "binary".into(),
        Some(Kind::Array(_)) => "array".into(),
        Some(Kind::Map(_)) => "map".into(),
        Some(Kind::Struct(_)) => "struct".into(),
        _ => "other".into(),
    }
}

/// A Spark type as DuckDB names it, as [`arrow::columns`] names the types of result batches.
fn duckdb_type_name(data_type: &proto::DataType) -> String {
    match type_name(data_type).as_str() {
        "tinyint" => "TINYINT".into(),
        "smallint" => "SMALLINT".into(),
        "int" => "INTEGER".into(),
        "bigint" => "BIGINT".into(),
        "string" => "VARCHAR".into(),
        "timestamp" | "timestamp_ntz" => "TIMESTAMP".into(),
        other => other.to_ascii_uppercase(),
    }
}

/// A Spark Connect failure as querycell's typed error.
fn classify(url: &str, error: spark_connect_core::error::SparkError) -> Error {
    let message = error.message();
    let code = error.grpc_code();
    // gRPC codes: 14 unavailable, 4 deadline exceeded, 16 unauthenticated, 7 permission denied.
    match code {
        Some(14) | Some(4) => Error::new(
            Code::SparkUnavailable,
            format!("the Spark Connect server at {url} cannot be reached: {message}"),
        )
        .hint("check that the server runs and the URL is right; nothing was answered"),
        Some(16) | Some(7) => Error::new(
            Code::SparkUnauthorized,
            format!("the Spark Connect server at {url} refused the credentials: {message}"),
        )
        .hint(format!("set {} to the server's authentication token", super::TOKEN_VARIABLE)),
        _ => Error::classed(ErrorClass::Internal, Code::QueryFailed, format!("Spark could not answer: {message}")),
    }
}
