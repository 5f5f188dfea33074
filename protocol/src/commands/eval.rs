//! `--eval` and `--eval-file`: the choice of evaluation, shared by the commands that search.

use clap::Args;
use dama_engine::search::{LearnedEval, SearchOptions};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The evaluation options of a command that searches.
#[derive(Args, Debug, Clone, Default)]
pub struct EvalArgs {
    /// The evaluation: classic (hand weights) or learned (trained weights; the built-in ones
    /// unless --eval-file is given). Default: the engine's default.
    #[arg(long, value_parser = ["classic", "learned"])]
    pub eval: Option<String>,
    /// A weights file written by `dama tune`, for the learned evaluation (implies --eval learned).
    #[arg(long, value_name = "FILE")]
    pub eval_file: Option<PathBuf>,
}

impl EvalArgs {
    /// The search options with the chosen evaluation.
    pub fn options(&self) -> Result<SearchOptions, String> {
        let mut options = SearchOptions::default();
        if let Some(name) = &self.eval {
            options.set_eval(name);
        }
        if let Some(path) = &self.eval_file {
            if self.eval.as_deref() == Some("classic") {
                return Err("--eval-file is for the learned evaluation, not --eval classic".into());
            }
            options.learned = Some(load_weights(path)?);
        }
        Ok(options)
    }
}

/// Reads and checks a weights file.
pub fn load_weights(path: &Path) -> Result<Arc<LearnedEval>, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read weights '{}': {e}", path.display()))?;
    LearnedEval::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("weights '{}': {e}", path.display()))
}
