//! The Spark servers the tests answer from, and the trusted setup querycell itself cannot do.
//!
//! `tests/spark/with-spark.sh` starts a Spark Connect server in `local[2]` mode and another on
//! a standalone master with one worker, then runs the tests with their URLs in
//! `QUERYCELL_SPARK_URL` and `QUERYCELL_SPARK_STANDALONE_URL` and the token in
//! `QUERYCELL_SPARK_TOKEN`. Without them a Spark test fails and says how to run it; it
//! passes without running only when the script could not install Java
//! (`QUERYCELL_SPARK_SKIP` holds why), and then it says so on stderr.
//!
//! Registering tables is DDL, which querycell's Spark session cannot send by design: the
//! tests do it here, through the Spark Connect client directly, as an operator would.

use std::time::Duration;

use futures_util::StreamExt;
use spark_connect_core::channel::ChannelBuilder;
use spark_connect_core::client::SparkConnectClient;
use spark_connect_proto as proto;

/// A Spark Connect server the tests may use.
pub struct SparkServer {
    /// `sc://127.0.0.1:port`.
    pub url: String,
    /// Its authentication token.
    pub token: String,
}

/// The server named by `variable`, or `None` (having said so loudly) when the test setup
/// could not install Java. Panics, saying how to run Spark tests, when neither is set.
pub fn server(variable: &str) -> Option<SparkServer> {
    if let Ok(url) = std::env::var(variable) {
        let token = std::env::var("QUERYCELL_SPARK_TOKEN").unwrap_or_default();
        return Some(SparkServer { url, token });
    }
    if std::env::var_os("QUERYCELL_SPARK_SKIP").is_some() {
        not_run();
        return None;
    }
    panic!("{variable} is not set: run the tests through tests/spark/with-spark.sh (`just test` does), which starts the Spark servers");
}

/// Say loudly that the calling test did not run its Spark part, and, where
/// `QUERYCELL_SKIPPED_TESTS` names a file (`.ci/run` sets it), add the test's name to it, so
/// that the run's last line counts it as skipped rather than passed.
pub fn not_run() {
    let why = std::env::var("QUERYCELL_SPARK_SKIP").unwrap_or_default();
    let test = std::thread::current().name().unwrap_or("a Spark test").to_string();
    eprintln!("\n!!!!!!!! SPARK TEST NOT RUN ({test}): {why} !!!!!!!!\n");
    if let Some(path) = std::env::var_os("QUERYCELL_SKIPPED_TESTS") {
        use std::io::Write;
        let mut file =
            std::fs::OpenOptions::new().create(true).append(true).open(path).expect("the skipped-tests file opens");
        writeln!(file, "{test}").expect("the skipped-tests file takes a line");
    }
}

/// Run `statements` (DDL: databases, tables over Parquet files) on `server`, in order.
pub fn run_ddl(server: &SparkServer, statements: &[String]) {
    for sql in statements {
        if let Err(message) = try_statement(server, sql) {
            panic!("Spark refused the setup statement {sql}: {message}");
        }
    }
}

/// Run one statement on `server` as an operator would (DDL, DML), and say how it ended.
pub fn try_statement(server: &SparkServer, sql: &str) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let mut builder = ChannelBuilder::parse(&server.url).expect("a Spark URL");
        if !server.token.is_empty() {
            builder.set("token", &server.token);
        }
        let client = SparkConnectClient::connect(&builder).await.expect("connecting to Spark");
        let outcome = {
            let request = proto::ExecutePlanRequest {
                session_id: client.session_id().to_string(),
                user_context: Some(proto::UserContext { user_id: "querycell-tests".into(), ..Default::default() }),
                plan: Some(proto::Plan {
                    op_type: Some(proto::plan::OpType::Command(proto::Command {
                        command_type: Some(proto::command::CommandType::SqlCommand(proto::SqlCommand {
                            input: Some(proto::Relation {
                                common: None,
                                rel_type: Some(proto::relation::RelType::Sql(proto::Sql {
                                    query: sql.to_string(),
                                    ..Default::default()
                                })),
                            }),
                            ..Default::default()
                        })),
                    })),
                }),
                ..Default::default()
            };
            let outcome = tokio::time::timeout(Duration::from_secs(300), async {
                let mut stream = client.execute_plan(request).await?;
                while let Some(message) = stream.next().await {
                    message.map_err(spark_connect_core::error::SparkError::from_grpc_status)?;
                }
                Ok::<(), spark_connect_core::error::SparkError>(())
            })
            .await;
            match outcome {
                Ok(Ok(())) => Ok(()),
                Ok(Err(error)) => Err(error.message()),
                Err(_) => Err("not finished in 300 s".to_string()),
            }
        };
        let _ = client.release_session().await;
        outcome
    })
}
