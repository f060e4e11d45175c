//! The query worker's side: `querycell worker`, started by the host's [`super::WorkerPool`].
//!
//! It reads its [`Setup`], confines itself ([`super::confine`]), opens the data file it
//! was handed on fd [`DATA_FD`] read-only under the same locked settings as an in-process
//! connection, says it is ready, then answers one [`Request`] at a time until its input
//! ends. Nothing but protocol frames is written to stdout.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::fd::FromRawFd;
use std::os::unix::fs::FileTypeExt;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use super::confine::confine;
use super::protocol::{encode, monotonic_micros, read_frame, write_frame, Reply, Request, Setup, WorkerSteps, DATA_FD};
use crate::error::{Code, Error};
use crate::exec::runner::StatementRunner;

/// How often the worker checks that the host that started it is still there.
const PARENT_CHECK_EVERY: Duration = Duration::from_millis(250);

/// Serve requests on stdin and stdout until stdin ends. For the `worker` subcommand of
/// querycell's binary, or of an embedder's binary named in [`super::WorkerPolicy`], which
/// must call it before it starts any thread: a worker with another thread refuses to confine
/// itself, since Landlock would not reach that thread (`worker_unconfined`).
pub fn serve() -> ExitCode {
    name_process();
    match serve_on(io::stdin().lock(), io::stdout().lock()) {
        0 => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// [`serve`] on `input` and `output` (the worker's stdin and stdout, however it was
/// started); the process's exit status: 0 when the input ended, 1 on any failure.
pub(super) fn serve_on(mut input: impl Read, mut output: impl Write) -> i32 {
    const SUCCESS: i32 = 0;
    const FAILURE: i32 = 1;
    let started = Instant::now();
    let setup: Setup = match read_frame(&mut input) {
        Ok(Some(setup)) => setup,
        Ok(None) => return SUCCESS,
        Err(e) => {
            eprintln!("querycell worker: unreadable setup: {e}");
            return FAILURE;
        }
    };
    let setup_micros = micros(started.elapsed());
    let mut runner = match start(&setup) {
        Ok((runner, confinement, steps)) => {
            let startup = WorkerSteps { setup_micros, ..steps };
            let ready = Reply::Ready { confinement, startup, ready_clock_micros: monotonic_micros() };
            if write_frame(&mut output, &ready).is_err() {
                return FAILURE;
            }
            runner
        }
        Err(error) => {
            let _ = write_frame(&mut output, &Reply::failed(error));
            return FAILURE;
        }
    };
    loop {
        let request: Request = match read_frame(&mut input) {
            Ok(Some(request)) => request,
            Ok(None) => return SUCCESS,
            Err(e) => {
                eprintln!("querycell worker: unreadable request: {e}");
                return FAILURE;
            }
        };
        let deadline = Instant::now() + Duration::from_micros(request.timeout_micros);
        let max_rows = usize::try_from(request.max_rows).unwrap_or(usize::MAX);
        let reading = request.reading.as_ref();
        let reply = match runner.execute(&request.sql, &request.params, reading, deadline, request.tree_check, max_rows)
        {
            Ok(rows) => Reply::Rows(rows),
            Err(error) => Reply::failed(error),
        };
        let frame = encode(&reply).or_else(|_| {
            encode(&Reply::failed(
                Error::new(Code::AnswerTooLarge, "the answer's rows are too large to return")
                    .hint("ask for fewer rows, or for shorter values (an aggregate instead of the values themselves)"),
            ))
        });
        if frame.and_then(|bytes| output.write_all(&bytes).and_then(|()| output.flush())).is_err() {
            return FAILURE;
        }
    }
}

/// Take the data file, confine the process, start the parent watch, open the database;
/// with how long confining and opening took.
fn start(setup: &Setup) -> Result<(StatementRunner, Vec<String>, WorkerSteps), Error> {
    let data = data_file()?;
    let confining = Instant::now();
    let spill = setup.spill_folder.as_deref();
    let confinement = confine(&data, setup.memory_ceiling_bytes, spill)
        .map_err(|e| Error::new(Code::WorkerUnconfined, format!("the query worker could not confine itself: {e}")))?;
    let confine_micros = micros(confining.elapsed());
    // Started after confinement, so this thread is confined like every other.
    watch_parent();
    let opening = Instant::now();
    let data_path = format!("/proc/self/fd/{DATA_FD}");
    let runner = StatementRunner::open(Path::new(&data_path), &setup.limits, setup.readable.clone(), spill)?;
    let open_micros = micros(opening.elapsed());
    // `data` stays open for the worker's life: DuckDB opened the file through it.
    std::mem::forget(data);
    Ok((runner, confinement.words(), WorkerSteps { setup_micros: 0, confine_micros, open_micros }))
}

/// The data file the host placed on [`DATA_FD`], required to be a regular file.
fn data_file() -> Result<File, Error> {
    let missing = |what: String| {
        Error::new(Code::WorkerSetup, format!("the query worker has no data file on fd {DATA_FD}: {what}"))
    };
    // SAFETY: fd DATA_FD is not owned by anything else in this process: the host put the
    // data file there for the worker, and nothing in the worker opens files before this.
    // If the process was started some other way, the fstat below refuses whatever it is.
    let file = unsafe { File::from_raw_fd(DATA_FD) };
    match file.metadata() {
        Ok(meta) if meta.is_file() => Ok(file),
        Ok(meta) => {
            let kind = if meta.file_type().is_fifo() { "a pipe" } else { "not a regular file" };
            std::mem::forget(file);
            Err(missing(kind.to_string()))
        }
        Err(e) => {
            // Not ours to close: the descriptor is not open at all.
            std::mem::forget(file);
            Err(missing(e.to_string()))
        }
    }
}

/// End the worker when the host that started it is gone (it was reparented), even in the
/// middle of a query: nobody is left to read the answer.
fn watch_parent() {
    let parent = std::os::unix::process::parent_id();
    let _ = std::thread::Builder::new().name("querycell-parent-watch".into()).spawn(move || loop {
        std::thread::sleep(PARENT_CHECK_EVERY);
        if std::os::unix::process::parent_id() != parent {
            // SAFETY: _exit ends the process at once without running destructors or
            // atexit handlers, which could race a query running on another thread.
            unsafe { libc::_exit(0) };
        }
    });
}

fn micros(elapsed: Duration) -> u64 {
    u64::try_from(elapsed.as_micros()).unwrap_or(u64::MAX)
}

/// Call the process `querycell` when it was started through `/proc/self/exe` (as
/// [`super::WorkerPolicy::current_exe`] starts it), which names it `exe` in `ps` and `top`.
/// A worker started from an embedder's binary by path keeps that binary's name.
fn name_process() {
    let mut name = [0u8; 16];
    // SAFETY: PR_GET_NAME writes at most 16 bytes (NUL included) into the buffer, which is
    // 16 bytes long; PR_SET_NAME reads a NUL-terminated string of at most 16 bytes from a
    // static C string literal.
    unsafe {
        if libc::prctl(libc::PR_GET_NAME, name.as_mut_ptr() as libc::c_ulong, 0, 0, 0) == 0
            && name.starts_with(b"exe\0")
        {
            libc::prctl(libc::PR_SET_NAME, c"querycell".as_ptr() as libc::c_ulong, 0, 0, 0);
        }
    }
}
