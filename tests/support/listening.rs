//! Start a server process and wait until it says where it listens: the harness every test
//! and the bench use for `querycell mcp --http` and the test authorization servers.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

/// Start `command` (stdin and stdout to nothing) and read its stderr until a line names a
/// URL (holds `://`); that line, trimmed, with the child. The rest of stderr is drained in
/// the background so the server never blocks on a full pipe. A child that ends first fails
/// the caller, with everything it said.
pub fn spawn_until_listening(command: &mut Command) -> (Child, String) {
    let mut child = command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    let listening = loop {
        let mut line = String::new();
        if stderr.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("{command:?} ended before it listened; stderr:\n{said}");
        }
        said.push_str(&line);
        if line.contains("://") {
            break line.trim().to_string();
        }
    };
    std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::sink()));
    (child, listening)
}
