//! Reading a weights file of a learned evaluation (written by `dama tune`), for the Hub's
//! `eval-file` param and the commands' `--eval-file` and `--init`.

use dama_engine::learned::{Features, LearnedEval};
use std::path::Path;
use std::sync::Arc;

/// Reads and checks a weights file of the game `R`.
pub fn load_weights<R: Features>(path: &Path) -> Result<Arc<LearnedEval<R>>, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read weights '{}': {e}", path.display()))?;
    LearnedEval::<R>::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("weights '{}': {e}", path.display()))
}
