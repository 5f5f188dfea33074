//! Reading a weights file of the learned evaluation (written by `dama tune`), for the Hub's
//! `eval-file` param and the commands' `--eval-file`.

use dama_engine::italian::eval::learned::LearnedEval;
use std::path::Path;
use std::sync::Arc;

/// Reads and checks a weights file.
pub fn load_weights(path: &Path) -> Result<Arc<LearnedEval>, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read weights '{}': {e}", path.display()))?;
    LearnedEval::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("weights '{}': {e}", path.display()))
}
