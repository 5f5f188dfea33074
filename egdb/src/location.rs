//! Where the tables live unless a front end is told otherwise: `$DAMA_EGDB_DIR`, else
//! `$XDG_CACHE_HOME/dama/egdb`, else `$HOME/.cache/dama/egdb`, else `dama-egdb` in the current
//! directory. The command line and the Hub look there.

use std::path::PathBuf;

/// The default table directory.
pub fn default_dir() -> PathBuf {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = var("DAMA_EGDB_DIR") {
        return dir;
    }
    if let Some(cache) = var("XDG_CACHE_HOME") {
        return cache.join("dama").join("egdb");
    }
    if let Some(home) = var("HOME") {
        return home.join(".cache").join("dama").join("egdb");
    }
    PathBuf::from("dama-egdb")
}

/// Whether the small tables may be built on first use: yes unless `DAMA_EGDB_BUILD` is `off`,
/// `0`, `no` or `false` (for matches that must not share their core, tests and benchmarks).
pub fn first_use_builds() -> bool {
    let setting = std::env::var("DAMA_EGDB_BUILD").unwrap_or_default();
    !matches!(setting.trim().to_ascii_lowercase().as_str(), "off" | "0" | "no" | "false")
}
