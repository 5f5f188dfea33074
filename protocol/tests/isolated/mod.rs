//! Running `dama` from a test with nothing outside the checkout deciding the result.
//!
//! Every `dama` a test starts goes through [`dama`]: its default table directory
//! (`DAMA_EGDB_DIR`) and cache (`XDG_CACHE_HOME`) are places of this test process's own under
//! the temporary directory that nothing creates, so the machine's tables (`~/.cache/dama/egdb`)
//! are never seen, and tables are never built on first use (`DAMA_EGDB_BUILD=off`). A test that
//! needs tables builds them into a directory of its own and names it (`--egdb-dir`, `--dir`,
//! `egdb-path`), or sets these variables itself after calling [`dama`] (the last setting wins).

#![allow(dead_code)] // each test file uses a part

use std::path::PathBuf;
use std::process::Command;

/// The program under test: this build's `dama`, or the one named by `DAMA_BINARY` (to run the
/// same tests against another build, e.g. to show that a regression test fails before its fix).
pub fn binary() -> String {
    std::env::var("DAMA_BINARY").unwrap_or_else(|_| env!("CARGO_BIN_EXE_dama").to_string())
}

/// The place of this test process that stands for the home directory's cache: never created.
pub fn no_cache() -> PathBuf {
    std::env::temp_dir().join(format!("dama-test-{}-no-cache", std::process::id()))
}

/// `dama` with no tables but those a test names and no tables built on first use; the
/// processes it starts (`dama match` runs `dama hub`) inherit the same.
pub fn dama() -> Command {
    let mut command = Command::new(binary());
    isolate(&mut command);
    command
}

/// Gives a command (`dama`, or a script that starts it) the environment of [`dama`].
pub fn isolate(command: &mut Command) -> &mut Command {
    command
        .env("DAMA_EGDB_DIR", no_cache().join("dama").join("egdb"))
        .env("XDG_CACHE_HOME", no_cache())
        .env("DAMA_EGDB_BUILD", "off")
}
