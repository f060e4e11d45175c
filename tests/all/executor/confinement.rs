//! What a confined query worker may write: its own spill folder, and nothing else: not
//! another worker's folder, not the index, not the temporary folder. Run in `confine-probe`
//! (tests/probe/confine.rs), a single-threaded process that confines itself with the
//! worker's own function and then tries each operation.

use std::process::Command;

use querycell::catalog::Catalog;
use querycell_tests::{incidents_index, snapshot_folder};

/// The kernel's Landlock ABI (0 without Landlock).
fn landlock_abi() -> i64 {
    // SAFETY: landlock_create_ruleset with a null attribute and the VERSION flag only
    // returns the ABI version; it reads and writes no memory.
    unsafe { libc::syscall(libc::SYS_landlock_create_ruleset, std::ptr::null::<u8>(), 0usize, 1u32) }.max(0)
}

#[test]
fn a_worker_writes_only_in_its_own_spill_folder() {
    let abi = landlock_abi();
    if abi < 1 {
        eprintln!("this kernel has no Landlock: nothing confines a worker's files, so nothing to test here");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let index = incidents_index(dir.path());
    let before = snapshot_folder(&index);
    let (spill, other) = (dir.path().join("worker-1"), dir.path().join("worker-2"));
    std::fs::create_dir(&spill).unwrap();
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("block.tmp"), b"another worker's spilled rows").unwrap();
    let data = Catalog::data_path(&index);
    let probe = env!("CARGO_BIN_EXE_confine-probe");
    let output = Command::new(probe).arg(&data).arg(&spill).arg(&other).output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    let context = format!(
        "{probe} {} {} {}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        data.display(),
        spill.display(),
        other.display()
    );
    assert!(output.status.success(), "{context}");
    let outcome = |name: &str| {
        stdout
            .lines()
            .find_map(|line| line.strip_prefix(name).and_then(|rest| rest.strip_prefix(' ')))
            .unwrap_or_else(|| panic!("no line for {name}: {context}"))
            .split(' ')
            .next()
            .unwrap()
            .to_string()
    };
    for allowed in ["spill_write", "spill_read", "spill_truncate", "spill_remove", "data_read"] {
        assert_eq!(outcome(allowed), "ok", "{allowed}: {context}");
    }
    for denied in [
        "spill_make_folder",
        "spill_symlink",
        "data_write",
        "index_folder_create",
        "other_create",
        "other_read",
        "other_remove",
        "tmp_create",
    ] {
        assert_eq!(outcome(denied), "denied", "{denied}: {context}");
    }
    assert_eq!(std::fs::read(other.join("block.tmp")).unwrap(), b"another worker's spilled rows");
    assert_eq!(std::fs::read_dir(&other).unwrap().count(), 1, "nothing planted in another worker's folder");
    assert_eq!(snapshot_folder(&index), before, "the index is untouched");
    assert_eq!(std::fs::read_dir(&spill).unwrap().count(), 0, "the probe removed its own file");
}
