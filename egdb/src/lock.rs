//! One build at a time in a table directory, across processes: the builder holds an exclusive
//! lock on the directory's `.build.lock` file while it writes tables. The operating system lets
//! the lock go when the process ends, however it ends, so a killed build never blocks the next.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

/// The lock file of the table directory `root`.
pub fn lock_path(root: &Path) -> PathBuf {
    root.join(".build.lock")
}

/// The lock on a table directory, held until dropped.
#[derive(Debug)]
pub struct BuildLock {
    _file: File,
}

/// Takes the build lock of `root` (creating the directory) if no other process holds it:
/// `Ok(None)` when one does.
pub fn try_lock(root: &Path) -> io::Result<Option<BuildLock>> {
    std::fs::create_dir_all(root)?;
    let file = OpenOptions::new().create(true).truncate(false).write(true).open(lock_path(root))?;
    match file.try_lock() {
        Ok(()) => Ok(Some(BuildLock { _file: file })),
        Err(TryLockError::WouldBlock) => Ok(None),
        Err(TryLockError::Error(e)) => Err(e),
    }
}

/// Whether a process is building tables in `root` now (holds its lock).
pub fn is_locked(root: &Path) -> bool {
    let Ok(file) = File::open(lock_path(root)) else { return false };
    matches!(file.try_lock_shared(), Err(TryLockError::WouldBlock))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_and_the_lock_goes_with_its_holder() {
        let root = std::env::temp_dir().join(format!("dama-egdb-lock-{}", std::process::id()));
        assert!(!is_locked(&root));
        let held = try_lock(&root).unwrap().expect("a free directory locks");
        assert!(is_locked(&root));
        // A second taker (another open file description, as another process would have) waits.
        assert!(try_lock(&root).unwrap().is_none());
        drop(held);
        assert!(!is_locked(&root));
        assert!(try_lock(&root).unwrap().is_some());
        std::fs::remove_dir_all(&root).unwrap();
    }
}
