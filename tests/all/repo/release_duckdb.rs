//! DuckDB must be a release build in every profile querycell is built, tested and
//! benchmarked with. Cargo passes DEBUG=true to build scripts whenever a package has
//! debuginfo, and libduckdb-sys then compiles DuckDB's debug configuration (assertions and
//! per-chunk verification: a build three times longer and answers several times slower).
//! A debug DuckDB carries its assertions' source paths in the binary; a release one none.

use querycell_tests::querycell_bin;

#[test]
fn duckdb_in_the_querycell_binary_is_a_release_build() {
    let binary = std::fs::read(querycell_bin()).expect("reading the querycell binary");
    {
        let marker = "aggregate_hashtable.cpp";
        let found = binary.windows(marker.len()).any(|w| w == marker.as_bytes());
        assert!(
            !found,
            "the querycell binary contains '{marker}': DuckDB was compiled with DEBUG. Keep `debug = false` for libduckdb-sys \
             in every profile (see Cargo.toml)"
        );
    }
}
