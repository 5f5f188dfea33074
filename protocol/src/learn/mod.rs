//! `dama selfplay` and `dama tune`: the learned evaluation's pipeline (docs/learning.md).

pub mod selfplay;
pub mod tune;

/// Runs `work` on a rayon pool of `threads` threads (0: one per core).
fn with_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> Result<T, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    Ok(pool.install(work))
}
