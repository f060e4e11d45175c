//! What the host and a query worker say to each other over the worker's stdin and stdout:
//! length-prefixed JSON frames (a little-endian `u32` byte count, then the JSON). Both
//! sides are querycell's own code from the same binary; the frame bound protects the host
//! from a worker that DuckDB has corrupted, not from a different protocol version.

use std::io::{self, Read, Write};

use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::duck::Rows;
use crate::error::{Error, ErrorClass};
use crate::limits::Limits;
use crate::statement::{CallerReading, Param, TreeCheck};

/// The longest frame either side reads. A reply larger than this is refused by the worker
/// before it is sent (`answer_too_large`), and a longer frame ends the worker.
pub const MAX_FRAME_BYTES: usize = 64 << 20;

/// The file descriptor a worker finds the index's data file on (opened read-only by the
/// host; the worker never opens a path of its own choosing).
pub const DATA_FD: i32 = 3;

/// The first frame a worker reads: everything it needs before it touches the database.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Setup {
    /// The limits the worker's connection is opened with and each statement is held to.
    pub limits: Limits,
    /// What the connection may read: tables, and the policy's views.
    pub readable: crate::statement::Readable,
    /// Bytes of data memory (`RLIMIT_DATA`) the worker may map: DuckDB's own limit plus
    /// room for what DuckDB does not count.
    pub memory_ceiling_bytes: u64,
    /// The worker's own folder for DuckDB's temporary files (`super::spill`), the only
    /// place it may write; none: no spill.
    #[serde(default)]
    pub spill_folder: Option<std::path::PathBuf>,
}

/// One statement to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Request {
    /// The compiled statement, with placeholders.
    pub sql: String,
    /// The values bound to its placeholders, in order.
    pub params: Vec<Param>,
    /// Time left until the answer's deadline when the host sent the request.
    pub timeout_micros: u64,
    /// Whether the parse-tree allowlist runs ([`TreeCheck::Off`] only in tests).
    pub tree_check: TreeCheck,
    /// The most rows to read back, whatever the statement's own LIMIT says.
    pub max_rows: u64,
    /// SQL mode's main statement: the caller's text, which the worker has DuckDB read and
    /// proves is this statement before it runs (`crate::check::ParseTreeCheck::prove_reading`).
    #[serde(default)]
    pub reading: Option<CallerReading>,
}

/// What a worker says back.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum Reply {
    /// The worker has opened the database and will take requests. `confinement` names each
    /// restriction that holds in it (for the operator; see `worker::confine`).
    Ready {
        /// Each restriction that holds, e.g. `rlimit_data:1280MiB`, `landlock:fully_enforced`.
        confinement: Vec<String>,
        /// How long the worker's own steps took before it was ready (absent from a worker
        /// that does not measure them).
        #[serde(default)]
        startup: WorkerSteps,
        /// [`monotonic_micros`] as the worker said it was ready: the host reads the frame
        /// only when an answer needs the worker, maybe much later (0 from a worker that
        /// does not say).
        #[serde(default)]
        ready_clock_micros: u64,
    },
    /// The statement's result: its columns and at most `max_rows` rows.
    Rows(Rows),
    /// The worker could not start, or the statement failed.
    Failed {
        /// The error's class, which [`Error`] does not serialise itself.
        class: ErrorClass,
        /// The error, as the host hands it to its caller.
        error: Error,
    },
}

/// The worker's own startup steps, measured inside it, in microseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkerSteps {
    /// From the worker's `serve` starting to its setup frame read (the host writes it right
    /// after the worker started).
    pub setup_micros: u64,
    /// Applying the rlimits and the Landlock ruleset.
    pub confine_micros: u64,
    /// Opening the data file read-only with the locked settings, and the parse-tree check.
    pub open_micros: u64,
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`, which every process on the machine
/// shares, unlike an [`std::time::Instant`]), in microseconds: how the host learns when a
/// worker became ready.
pub fn monotonic_micros() -> u64 {
    let mut now = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `now` is a valid timespec for the call to fill; CLOCK_MONOTONIC always exists
    // on Linux.
    let read = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    if read != 0 {
        return 0;
    }
    (now.tv_sec as u64).saturating_mul(1_000_000).saturating_add(now.tv_nsec as u64 / 1_000)
}

impl Reply {
    /// The reply for `error`, its class carried beside it.
    pub fn failed(error: Error) -> Reply {
        Reply::Failed { class: error.class, error }
    }
}

/// Write `message` as one frame.
pub fn write_frame<T: Serialize>(out: &mut impl Write, message: &T) -> io::Result<()> {
    let bytes = encode(message)?;
    out.write_all(&bytes)?;
    out.flush()
}

/// `message` as the bytes of one frame, refused when it would be longer than a reader takes.
pub fn encode<T: Serialize>(message: &T) -> io::Result<Vec<u8>> {
    let mut bytes = vec![0u8; 4];
    serde_json::to_writer(&mut bytes, message).map_err(io::Error::other)?;
    let length = bytes.len() - 4;
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes is over the {MAX_FRAME_BYTES}-byte bound"),
        ));
    }
    bytes[..4].copy_from_slice(&(length as u32).to_le_bytes());
    Ok(bytes)
}

/// Read one frame's bytes; `None` at a clean end of input (the other side closed it).
pub fn read_frame_bytes(input: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut header = [0u8; 4];
    match input.read_exact(&mut header) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        Err(e) => return Err(e),
    }
    let length = frame_length(header)?;
    let mut bytes = vec![0u8; length];
    input.read_exact(&mut bytes)?;
    Ok(Some(bytes))
}

/// The body length a frame's header gives, refused when it is over [`MAX_FRAME_BYTES`]:
/// checked before the body is read or room is made for it.
pub fn frame_length(header: [u8; 4]) -> io::Result<usize> {
    let length = u32::from_le_bytes(header) as usize;
    if length > MAX_FRAME_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a frame of {length} bytes is over the {MAX_FRAME_BYTES}-byte bound"),
        ));
    }
    Ok(length)
}

/// Decode a frame's bytes.
pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> io::Result<T> {
    serde_json::from_slice(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// Read and decode one frame; `None` at a clean end of input.
pub fn read_frame<T: DeserializeOwned>(input: &mut impl Read) -> io::Result<Option<T>> {
    read_frame_bytes(input)?.map(|bytes| decode(&bytes)).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duck::{Cell, Column};

    #[test]
    fn values_cross_exactly() {
        let rows = Rows {
            columns: vec![Column { name: "x".into(), type_name: "HUGEINT".into() }],
            rows: vec![
                vec![Cell::Integer(i128::MIN)],
                vec![Cell::Integer(i128::MAX)],
                vec![Cell::Float(f64::NAN)],
                vec![Cell::Float(f64::NEG_INFINITY)],
                vec![Cell::Float(-0.0)],
                vec![Cell::Text("é\u{0}\"".into())],
                vec![Cell::Decimal("-12345678901234567988.8734567892".into())],
                vec![Cell::Null],
                vec![Cell::Boolean(true)],
            ],
        };
        let mut wire = Vec::new();
        write_frame(&mut wire, &Reply::Rows(rows.clone())).unwrap();
        let Some(Reply::Rows(back)) = read_frame(&mut wire.as_slice()).unwrap() else { panic!("not rows") };
        assert_eq!(back.columns, rows.columns);
        for (sent, got) in rows.rows.iter().zip(&back.rows) {
            match (&sent[0], &got[0]) {
                (Cell::Float(a), Cell::Float(b)) => assert_eq!(a.to_bits(), b.to_bits()),
                (a, b) => assert_eq!(a, b),
            }
        }
        let params = vec![Param::Float(f64::INFINITY), Param::Integer(i64::MIN), Param::Text("'; DROP".into())];
        let request = Request {
            sql: "SELECT ?".into(),
            params: params.clone(),
            timeout_micros: 5,
            tree_check: TreeCheck::On,
            max_rows: 2,
            reading: Some(CallerReading { text: "SELECT 'x'".into(), max_rows: 1, today: -3 }),
        };
        let mut wire = Vec::new();
        write_frame(&mut wire, &request).unwrap();
        let back: Request = read_frame(&mut wire.as_slice()).unwrap().unwrap();
        assert_eq!(format!("{:?}", back.params), format!("{params:?}"));
        assert_eq!(back.reading, request.reading);
    }

    #[test]
    fn an_oversized_frame_is_refused_on_both_sides() {
        let header = ((MAX_FRAME_BYTES + 1) as u32).to_le_bytes();
        assert_eq!(read_frame_bytes(&mut header.as_slice()).unwrap_err().kind(), io::ErrorKind::InvalidData);
        let big = "x".repeat(MAX_FRAME_BYTES);
        assert!(encode(&big).is_err());
        assert!(read_frame_bytes(&mut [].as_slice()).unwrap().is_none(), "an empty input is a clean end");
    }
}
