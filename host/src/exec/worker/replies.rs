//! The host's side of a worker's replies: frames read from its stdout by the caller that is
//! waiting for them, with a deadline on every wait.
//!
//! The pipe is non-blocking and the wait is `poll(2)`, so the waiting caller reads the reply
//! itself: no reader thread per worker, and no hand-off from such a thread to the caller on
//! every answer (a wake-up on the critical path, which costs most when the process has been
//! idle between questions). A wait ends at its timeout with [`Next::Nothing`], so the pool
//! keeps watching the deadline and the worker's memory between polls; a frame that arrives in
//! pieces is kept until it is whole, and a frame longer than the protocol allows is refused
//! from its header, before its body is read.

use std::fs::File;
use std::io::{self, Read};
use std::os::fd::{AsRawFd, BorrowedFd};
use std::time::Duration;

use super::protocol::frame_length;

/// What one wait for a reply found.
#[derive(Debug)]
pub enum Next {
    /// One whole frame's bytes (without its length header).
    Frame(Vec<u8>),
    /// Nothing whole arrived within the wait.
    Nothing,
    /// The worker closed its end: it exited or was killed.
    Closed,
}

/// A worker's stdout, read without blocking.
pub struct Replies {
    pipe: File,
    /// Bytes read and not yet handed out: at most one frame's header and body, plus what
    /// one read brought beyond it.
    pending: Vec<u8>,
    /// Where each read lands, zeroed once for the worker's life rather than at every read.
    chunk: Box<[u8]>,
}

/// Bytes asked of the pipe per read: a small answer's whole frame.
const READ_CHUNK: usize = 64 << 10;

impl Replies {
    /// Read `pipe` from now on without blocking.
    pub fn new(pipe: File) -> io::Result<Replies> {
        set_nonblocking(pipe.as_raw_fd())?;
        Ok(Replies { pipe, pending: Vec::new(), chunk: vec![0; READ_CHUNK].into_boxed_slice() })
    }

    /// The next frame, waiting at most `wait` for it to become whole.
    pub fn next(&mut self, wait: Duration) -> io::Result<Next> {
        let mut waited = false;
        loop {
            if let Some(frame) = self.take_frame()? {
                return Ok(Next::Frame(frame));
            }
            match self.pipe.read(&mut self.chunk) {
                Ok(0) => return Ok(Next::Closed),
                Ok(read) => self.pending.extend_from_slice(&self.chunk[..read]),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    // One poll per call: a reply that keeps trickling in is read on the
                    // next call, after the caller has checked its deadline.
                    if waited || !poll_readable(&self.pipe, wait)? {
                        return Ok(Next::Nothing);
                    }
                    waited = true;
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// A whole frame from the front of `pending`, if there is one.
    fn take_frame(&mut self) -> io::Result<Option<Vec<u8>>> {
        let Some(header) = self.pending.first_chunk::<4>() else { return Ok(None) };
        let length = frame_length(*header)?;
        if self.pending.len() < 4 + length {
            return Ok(None);
        }
        let frame = self.pending[4..4 + length].to_vec();
        self.pending.drain(..4 + length);
        Ok(Some(frame))
    }
}

fn set_nonblocking(fd: i32) -> io::Result<()> {
    // SAFETY: `fd` is the open pipe the caller owns (the worker's stdout); F_GETFL and F_SETFL
    // read and change only its status flags.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags == -1 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: as above.
    if unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) } == -1 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// Whether `pipe` became readable (or closed) within `wait`.
fn poll_readable(pipe: &File, wait: Duration) -> io::Result<bool> {
    let fd: BorrowedFd<'_> = std::os::fd::AsFd::as_fd(pipe);
    let mut poll = libc::pollfd { fd: fd.as_raw_fd(), events: libc::POLLIN, revents: 0 };
    // Rounded up, so a short wait is not a busy loop of zero-millisecond polls.
    let millis = i32::try_from(wait.as_micros().div_ceil(1000)).unwrap_or(i32::MAX);
    loop {
        // SAFETY: `poll` is one valid pollfd for the pipe `fd` borrows, alive for the call.
        match unsafe { libc::poll(&mut poll, 1, millis) } {
            -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => continue,
            -1 => return Err(io::Error::last_os_error()),
            ready => return Ok(ready > 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::process::{Command, Stdio};

    /// A child that writes `script`'s output to the pipe the replies come from.
    fn child(script: &str) -> (std::process::Child, Replies) {
        let mut child =
            Command::new("sh").args(["-c", script]).stdout(Stdio::piped()).stdin(Stdio::piped()).spawn().unwrap();
        let replies = Replies::new(File::from(std::os::fd::OwnedFd::from(child.stdout.take().unwrap()))).unwrap();
        (child, replies)
    }

    fn frame(body: &[u8]) -> Vec<u8> {
        let mut bytes = (body.len() as u32).to_le_bytes().to_vec();
        bytes.extend_from_slice(body);
        bytes
    }

    fn next_frame(replies: &mut Replies) -> Vec<u8> {
        for _ in 0..500 {
            match replies.next(Duration::from_millis(10)).unwrap() {
                Next::Frame(bytes) => return bytes,
                Next::Nothing => continue,
                Next::Closed => panic!("closed before a frame"),
            }
        }
        panic!("no frame within 5 s")
    }

    #[test]
    fn a_frame_in_pieces_is_handed_out_whole_and_two_in_one_read_one_at_a_time() {
        // The header and the body's halves written apart, then two frames at once.
        let (mut child, mut replies) = child("cat");
        let mut input = child.stdin.take().unwrap();
        let first = frame(b"{\"a\":1}");
        input.write_all(&first[..2]).unwrap();
        input.flush().unwrap();
        assert!(matches!(replies.next(Duration::from_millis(20)).unwrap(), Next::Nothing), "half a header");
        input.write_all(&first[2..7]).unwrap();
        input.flush().unwrap();
        assert!(matches!(replies.next(Duration::from_millis(20)).unwrap(), Next::Nothing), "half a body");
        input.write_all(&first[7..]).unwrap();
        input.flush().unwrap();
        assert_eq!(next_frame(&mut replies), b"{\"a\":1}");
        input.write_all(&[frame(b"two"), frame(b""), frame(b"three")].concat()).unwrap();
        input.flush().unwrap();
        assert_eq!(next_frame(&mut replies), b"two");
        assert_eq!(next_frame(&mut replies), b"");
        assert_eq!(next_frame(&mut replies), b"three");
        drop(input);
        let closed = (0..500).find_map(|_| match replies.next(Duration::from_millis(10)).unwrap() {
            Next::Closed => Some(()),
            _ => None,
        });
        assert!(closed.is_some(), "the end of the pipe is seen");
        child.wait().unwrap();
    }

    #[test]
    fn a_wait_ends_at_its_timeout_when_nothing_comes() {
        let (mut child, mut replies) = child("sleep 5");
        let started = std::time::Instant::now();
        assert!(matches!(replies.next(Duration::from_millis(50)).unwrap(), Next::Nothing));
        let waited = started.elapsed();
        assert!(waited >= Duration::from_millis(45) && waited < Duration::from_secs(3), "{waited:?}");
        child.kill().unwrap();
        child.wait().unwrap();
    }

    #[test]
    fn an_oversized_header_is_refused_before_its_body_is_read() {
        let (mut child, mut replies) = child("printf '\\377\\377\\377\\177'; sleep 5");
        let refused = (0..500).find_map(|_| replies.next(Duration::from_millis(10)).err());
        let error = refused.expect("refused");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData, "{error}");
        child.kill().unwrap();
        child.wait().unwrap();
    }
}
