//! What the binary's own start costs, as far as its linking decides it: a CLI answer is a
//! process start, and the C++ runtime is linked in (`link_cxx_runtime_statically` in
//! host/build.rs) rather than loaded and bound at every start. Asked of the dynamic loader
//! itself, which lists what it would load without running the program.

use std::process::Command;

use querycell_tests::querycell_bin;

#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn the_querycell_binary_does_not_load_the_cpp_runtime_at_start() {
    let mut command = Command::new(querycell_bin());
    command.env("LD_TRACE_LOADED_OBJECTS", "1");
    let output = command.output().expect("asking the dynamic loader");
    let listed = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success() && listed.contains("libc.so"),
        "the dynamic loader did not list the binary's libraries: {command:?}\nstdout:\n{listed}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !listed.contains("libstdc++"),
        "the querycell binary loads libstdc++ at every start; the build found no libstdc++.a to link \
         (see link_cxx_runtime_statically in host/build.rs):\n{listed}"
    );
}
