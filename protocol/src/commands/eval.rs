//! `--eval` and `--eval-file`: the choice of evaluation, shared by the commands that search.

use crate::weights::load_weights;
use clap::Args;
use dama_engine::italian::EvalOptions;
use std::path::PathBuf;

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
    /// The chosen evaluation.
    pub fn eval(&self) -> Result<EvalOptions, String> {
        let mut options = EvalOptions::default();
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
