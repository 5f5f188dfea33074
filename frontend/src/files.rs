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

/// Writes `bytes` to `path` all at once or not at all: into a temporary file beside it, then
/// renamed over it, so that a file with the name is always complete (a job that is stopped or
/// killed leaves the name absent, never a part of its file).
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let written = (|| {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_atomic_write_leaves_the_whole_file_and_no_temporary() {
        let dir = std::env::temp_dir().join(format!("dama-atomic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("result.txt");
        write_atomically(&path, b"first").unwrap();
        write_atomically(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "no temporary file left");
        assert!(write_atomically(&dir.join("no/such/dir/x"), b"x").is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
