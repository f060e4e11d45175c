//! A query worker forked from this process as it starts, for a process whose first answer is
//! what it waits for (the CLI).
//!
//! Executing querycell's 110 MB binary costs a worker its own process start before it can
//! open DuckDB: mapping and relocating the image, binding libstdc++'s symbols, faulting in
//! the pages startup touches; about 3.5 ms that a one-answer process waits for. A fork
//! shares the parent's already-started image instead.
//!
//! The fork is taken at the very start of `main` ([`ForkedWorker::fork_at_start`]), and
//! only while the process has a single thread: a fork copies the calling thread alone, so a
//! lock another thread held (in the allocator, stdio, wasmtime) would stay held forever in
//! the child. At that point the parent has read nothing but its command line and
//! environment, and the child erases both (their strings, as `/proc/<pid>/cmdline` and
//! `environ` show them, and the C library's view of the environment): what the process
//! inherited from whoever started it (an agent's API keys, a Spark token) is not left in a
//! process that runs DuckDB. What the child still shares with its parent is the
//! address-space layout, which an attacker who took over DuckDB in the worker would learn
//! about a parent that only reads length-bounded frames from it.
//!
//! The child then waits: for the data file, sent over its stdin (a Unix socket) as an
//! `SCM_RIGHTS` message when the pool takes the worker ([`ForkedWorker::hand_over`]), and
//! then for its setup frame, exactly as an executed worker does (`super::serve`); it closes
//! every descriptor but its stdin, stdout, stderr and the data file first. When the parent
//! ends without taking it, its stdin ends and it exits.

use std::fs::File;
use std::io::{self, BufReader};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

use super::confine::single_threaded;
use super::process::WorkerProcess;
use super::protocol::DATA_FD;

/// A copy of this process forked at its start, waiting for the data file that makes it a
/// query worker. Dropped untaken, it is killed and reaped.
#[derive(Debug)]
pub struct ForkedWorker {
    pid: libc::pid_t,
    /// Its stdin (the data file is sent here, then the requests) and its stdout (the
    /// replies); `None` once the pool has taken them.
    channels: Option<(File, File)>,
}

impl ForkedWorker {
    /// Fork now, if this process has a single thread; `None` when it has more (its workers
    /// are then executed as usual). Call it first thing in `main`: whatever the process
    /// holds in memory by then, a query worker holds too.
    pub fn fork_at_start() -> io::Result<Option<ForkedWorker>> {
        if !single_threaded()? {
            return Ok(None);
        }
        let (requests_read, requests_write) = socket_pair()?;
        let (replies_read, replies_write) = pipe()?;
        let (child_input, child_output) = (requests_read.as_raw_fd(), replies_write.as_raw_fd());
        // SAFETY: this process has one thread (checked above, and no other can start one
        // while this one is here), so the child is a full copy in which every lock is free:
        // it may allocate and run the worker as any program would. It never returns into
        // the caller's code: `wait_then_serve` ends with `_exit`.
        match unsafe { libc::fork() } {
            -1 => Err(io::Error::last_os_error()),
            0 => wait_then_serve(child_input, child_output),
            pid => {
                // The child's ends, closed here so each side sees the other's end.
                drop((requests_read, replies_write));
                let channels = (File::from(requests_write), File::from(replies_read));
                Ok(Some(ForkedWorker { pid, channels: Some(channels) }))
            }
        }
    }

    /// Give the worker the data file (it holds its own copy from now on): its process, its
    /// stdin and its stdout, to send its setup on as to an executed worker.
    /// Dropped on failure: the child is killed and reaped.
    pub(super) fn hand_over(mut self, data: &File) -> io::Result<(WorkerProcess, File, File)> {
        let (requests, _) = self.channels.as_ref().expect("untaken until now");
        send_descriptor(requests, data.as_raw_fd())?;
        let (requests, replies) = self.channels.take().expect("untaken until now");
        Ok((WorkerProcess::forked(self.pid), requests, replies))
    }
}

impl Drop for ForkedWorker {
    /// Untaken, it is this object's to end: killed and reaped. Taken, the pool's.
    fn drop(&mut self) {
        if self.channels.is_some() {
            let mut process = WorkerProcess::forked(self.pid);
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// The child's side: erase the inherited command line and environment, put its stdin and
/// stdout in place and close every other descriptor of the parent, wait for the data file,
/// serve; `_exit` with the worker's status.
fn wait_then_serve(input: RawFd, output: RawFd) -> ! {
    let prepared =
        erase_inherited_strings().and_then(|()| place_pipes(input, output)).and_then(|()| receive_data_file());
    let status = match prepared {
        Ok(true) => {
            // SAFETY: fds 0 and 1 are this worker's channels now, owned by nothing else in
            // this process (the parent's stdin and stdout objects are never used here).
            let (input, output) = unsafe { (File::from_raw_fd(0), File::from_raw_fd(1)) };
            super::serve::serve_on(BufReader::new(input), output)
        }
        // The parent ended, or dropped this worker, without taking it.
        Ok(false) => 0,
        Err(e) => {
            eprintln!("querycell worker: the forked worker could not prepare itself: {e}");
            1
        }
    };
    // SAFETY: _exit ends the child at once: no destructor or atexit handler of the parent's
    // state runs here, and nothing the parent buffered (stdout) is written a second time.
    unsafe { libc::_exit(status) }
}

/// Overwrite the strings of the command line and the environment this process was started
/// with, and empty the C library's environment.
fn erase_inherited_strings() -> io::Result<()> {
    // SAFETY: clearenv only resets the C library's environment; this process has one thread,
    // so nothing reads the environment meanwhile.
    if unsafe { libc::clearenv() } != 0 {
        return Err(io::Error::other("clearenv failed"));
    }
    // Fields 48 to 51 of /proc/self/stat (arg_start, arg_end, env_start, env_end), counted
    // after the parenthesised command name, which may itself hold spaces.
    let stat = std::fs::read_to_string("/proc/self/stat")?;
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let field = |n: usize| -> io::Result<usize> {
        after_name
            .split_whitespace()
            .nth(n - 3)
            .and_then(|value| value.parse().ok())
            .ok_or_else(|| io::Error::other(format!("field {n} of /proc/self/stat is unreadable")))
    };
    let (arguments, environment) = ((field(48)?, field(49)?), (field(50)?, field(51)?));
    for (start, end) in [arguments, environment] {
        if end > start {
            // SAFETY: [start, end) is where the kernel placed this process's argument (or
            // environment) strings on its initial stack: mapped, writable, and ours. Nothing
            // reads them afterwards but through pointers to strings that are now empty.
            unsafe { std::ptr::write_bytes(start as *mut u8, 0, end - start) };
        }
    }
    // What `ps` shows for it, as for an executed worker (`querycell worker`), where the
    // erased command line has room (it held at least the CLI's own subcommand).
    let (start, end) = arguments;
    if end.saturating_sub(start) > FORKED_COMMAND_LINE.len() {
        // SAFETY: the bytes written lie within [start, end), checked above, the argument
        // area erased just before.
        unsafe {
            std::ptr::copy_nonoverlapping(FORKED_COMMAND_LINE.as_ptr(), start as *mut u8, FORKED_COMMAND_LINE.len())
        };
    }
    Ok(())
}

/// The command line a forked worker shows: NUL-separated, as the kernel keeps arguments.
const FORKED_COMMAND_LINE: &[u8] = b"querycell\0worker\0";

/// Put the worker's channels on 0 and 1, whatever numbers they had, then close every other
/// descriptor above stderr.
fn place_pipes(input: RawFd, output: RawFd) -> io::Result<()> {
    // Copied above both targets first, so neither dup2 overwrites a source still needed.
    let high = |fd: RawFd| -> io::Result<RawFd> {
        // SAFETY: F_DUPFD_CLOEXEC only creates a new descriptor for the open `fd`.
        let copy = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 16) };
        if copy == -1 {
            Err(io::Error::last_os_error())
        } else {
            Ok(copy)
        }
    };
    let (input, output) = (high(input)?, high(output)?);
    for (from, to) in [(input, 0), (output, 1)] {
        // SAFETY: dup2 makes `to` a copy of the open `from`, closing what `to` was; the
        // parent's objects that owned `to` are never used in this process.
        if unsafe { libc::dup2(from, to) } == -1 {
            return Err(io::Error::last_os_error());
        }
    }
    close_from(3)
}

/// Close every descriptor from `first` up.
fn close_from(first: RawFd) -> io::Result<()> {
    // SAFETY: close_range only closes descriptors; none from `first` up is used again here.
    if unsafe { libc::syscall(libc::SYS_close_range, first as libc::c_uint, libc::c_uint::MAX, 0) } == 0 {
        return Ok(());
    }
    // Before Linux 5.9: the open ones, as /proc lists them (collected first: closing while
    // listing would close the listing's own descriptor).
    let open: Vec<RawFd> = std::fs::read_dir("/proc/self/fd")?
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok())
        .filter(|&fd| fd >= first)
        .collect();
    for fd in open {
        // SAFETY: as above; a descriptor already gone (the listing's own) gives EBADF.
        unsafe { libc::close(fd) };
    }
    Ok(())
}

/// Wait on stdin for the data file and put it on [`DATA_FD`]; `false` when stdin ended
/// first (the parent will not use this worker).
fn receive_data_file() -> io::Result<bool> {
    let mut byte = 0u8;
    let mut iov = libc::iovec { iov_base: (&mut byte as *mut u8).cast(), iov_len: 1 };
    let mut control = ControlBuffer::new();
    let mut message = one_byte_message(&mut iov, &mut control);
    let received = loop {
        // SAFETY: recvmsg writes at most one byte into `iov` and at most `msg_controllen`
        // bytes into `control`, both valid for writes.
        match unsafe { libc::recvmsg(0, &mut message, libc::MSG_CMSG_CLOEXEC) } {
            -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => continue,
            -1 => return Err(io::Error::last_os_error()),
            n => break n,
        }
    };
    if received == 0 {
        return Ok(false);
    }
    // SAFETY: `message` was filled by recvmsg; CMSG_FIRSTHDR reads its control fields.
    let header = unsafe { libc::CMSG_FIRSTHDR(&message) };
    // SAFETY: a non-null header lies within `control`, as recvmsg wrote it.
    let carries_one_fd = !header.is_null()
        && unsafe {
            (*header).cmsg_level == libc::SOL_SOCKET
                && (*header).cmsg_type == libc::SCM_RIGHTS
                && (*header).cmsg_len as usize == libc::CMSG_LEN(size_of::<RawFd>() as u32) as usize
        };
    if !carries_one_fd || message.msg_flags & libc::MSG_CTRUNC != 0 {
        return Err(io::Error::other("the message on stdin carried no data file"));
    }
    // SAFETY: the header carries exactly one descriptor (checked above), which CMSG_DATA
    // points at, possibly unaligned.
    let data = unsafe { std::ptr::read_unaligned(libc::CMSG_DATA(header).cast::<RawFd>()) };
    if data != DATA_FD {
        // SAFETY: `data` is the descriptor just received, open and ours; dup2 puts it on
        // DATA_FD (free: everything above stderr was closed).
        if unsafe { libc::dup2(data, DATA_FD) } == -1 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: the received copy is no longer needed once it is on DATA_FD.
        unsafe { libc::close(data) };
    }
    Ok(true)
}

/// Send `fd` with one byte over the Unix socket `socket`.
fn send_descriptor(socket: &File, fd: RawFd) -> io::Result<()> {
    let mut byte = 1u8;
    let mut iov = libc::iovec { iov_base: (&mut byte as *mut u8).cast(), iov_len: 1 };
    let mut control = ControlBuffer::new();
    let message = one_byte_message(&mut iov, &mut control);
    // SAFETY: `control` has room for one header carrying one descriptor (its size is
    // CMSG_SPACE of one), so the header CMSG_FIRSTHDR returns and its data lie within it.
    unsafe {
        let header = libc::CMSG_FIRSTHDR(&message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(size_of::<RawFd>() as u32) as _;
        std::ptr::write_unaligned(libc::CMSG_DATA(header).cast::<RawFd>(), fd);
    }
    loop {
        // SAFETY: `message` points at valid buffers for the call; MSG_NOSIGNAL turns a
        // gone child into EPIPE rather than a signal.
        match unsafe { libc::sendmsg(socket.as_raw_fd(), &message, libc::MSG_NOSIGNAL) } {
            -1 if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => continue,
            -1 => return Err(io::Error::last_os_error()),
            _ => return Ok(()),
        }
    }
}

/// A message header for one byte in `iov` and one descriptor's control message in
/// `control`; it points at both, so it is used while they live.
fn one_byte_message(iov: &mut libc::iovec, control: &mut ControlBuffer) -> libc::msghdr {
    // SAFETY: an all-zero msghdr is valid (no name, no buffers); the fields set below point
    // at `iov` and `control`.
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = iov;
    message.msg_iovlen = 1;
    message.msg_control = control.bytes.as_mut_ptr().cast();
    message.msg_controllen = control.bytes.len() as _;
    message
}

/// Room for one control message carrying one descriptor, aligned as headers must be.
#[repr(C, align(8))]
struct ControlBuffer {
    bytes: [u8; 24],
}

impl ControlBuffer {
    fn new() -> Self {
        // CMSG_SPACE(sizeof(int)) on 64-bit Linux: a 16-byte header and the fd, padded to 8.
        const _: () = assert!(std::mem::size_of::<libc::cmsghdr>() + 8 == 24);
        ControlBuffer { bytes: [0; 24] }
    }
}

/// A Unix stream socket pair, both ends closed on exec.
fn socket_pair() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: socketpair writes two new descriptors into `fds`, a valid array of two.
    if unsafe { libc::socketpair(libc::AF_UNIX, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0, fds.as_mut_ptr()) } == -1 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both are new, open, and owned by nothing else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// A pipe whose two ends close on exec.
fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as RawFd; 2];
    // SAFETY: pipe2 writes two new descriptors into `fds`, a valid array of two.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } == -1 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both are new, open, and owned by nothing else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}
