//! `confine-probe <data file> <spill folder> <another folder>`: confine this process exactly
//! as a query worker confines itself (the data file readable, the spill folder writable),
//! then try each file operation below and print one line per try, `<name> ok` or
//! `<name> denied <error>`. Nothing else runs first: like a worker, it has one thread.
//!
//! tests/all/executor/confinement.rs runs it and says which must succeed.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, data, spill, other] = &args[..] else {
        eprintln!("usage: confine-probe <data file> <spill folder> <another folder>");
        std::process::exit(2);
    };
    let (data_path, spill, other) = (Path::new(data), Path::new(spill), Path::new(other));
    let data_file = File::open(data_path).expect("the data file opens before confinement");
    let confinement = querycell::testing::confine(&data_file, 1 << 30, Some(spill)).expect("confine");
    println!("confinement {}", confinement.words().join(" "));
    let index_folder = data_path.parent().expect("the data file is in a folder");
    let tries: Vec<(&str, std::io::Result<()>)> = vec![
        ("spill_write", write(&spill.join("block.tmp"), b"spilled rows")),
        ("spill_read", read(&spill.join("block.tmp"))),
        ("spill_truncate", OpenOptions::new().write(true).truncate(true).open(spill.join("block.tmp")).map(drop)),
        ("spill_remove", std::fs::remove_file(spill.join("block.tmp"))),
        ("spill_make_folder", std::fs::create_dir(spill.join("nested"))),
        ("spill_symlink", std::os::unix::fs::symlink(data_path, spill.join("link"))),
        ("data_read", read(data_path)),
        ("data_write", OpenOptions::new().append(true).open(data_path).map(drop)),
        ("index_folder_create", write(&index_folder.join("planted"), b"x")),
        ("other_create", write(&other.join("planted"), b"x")),
        ("other_read", read(&other.join("block.tmp"))),
        ("other_remove", std::fs::remove_file(other.join("block.tmp"))),
        ("tmp_create", write(&std::env::temp_dir().join(format!("probe-{}", std::process::id())), b"x")),
    ];
    for (name, outcome) in tries {
        match outcome {
            Ok(()) => println!("{name} ok"),
            Err(e) => println!("{name} denied {e}"),
        }
    }
}

fn write(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    File::create(path)?.write_all(bytes)
}

fn read(path: &Path) -> std::io::Result<()> {
    File::open(path)?.read_to_end(&mut Vec::new()).map(drop)
}
