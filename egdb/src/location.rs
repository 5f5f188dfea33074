//! Where the tables live unless a front end is told otherwise: `$DAMA_EGDB_DIR`, else
//! `$XDG_CACHE_HOME/dama/egdb`, else (on Windows) `%LOCALAPPDATA%\dama\egdb`, else
//! `$HOME/.cache/dama/egdb`, else `dama-egdb` in the current directory. Every front end looks
//! there, and builds the small tables there on first use ([`crate::first_use`]).

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
    #[cfg(windows)]
    if let Some(local) = var("LOCALAPPDATA") {
        return local.join("dama").join("egdb");
    }
    if let Some(home) = var("HOME") {
        return home.join(".cache").join("dama").join("egdb");
    }
    PathBuf::from("dama-egdb")
}
