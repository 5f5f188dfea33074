//! Text files as the front ends read and write them: a byte-order mark skipped, an output file
//! checked before any work.

/// A line of a text file without a UTF-8 byte-order mark in front (editors on Windows write
/// one at the start of the file).
pub fn without_bom(line: &str) -> &str {
    line.strip_prefix('\u{feff}').unwrap_or(line)
}

/// Checks, before any work, that the file `probe` can be created or appended to (a new file is
/// removed again) and that `path`, named by the option `option`, is not a directory.
pub fn check_writable(
    option: &str,
    path: &std::path::Path,
    probe: &std::path::Path,
) -> Result<(), String> {
    if path.is_dir() {
        return Err(format!("{option} '{}' is a directory", path.display()));
    }
    let existed = probe.exists();
    std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(probe)
        .map_err(|e| format!("cannot write {option} '{}': {e}", path.display()))?;
    if !existed {
        let _ = std::fs::remove_file(probe);
    }
    Ok(())
}
