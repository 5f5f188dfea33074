//! `--eval` and `--eval-file`: the choice of evaluation, shared by the commands that search.

use crate::games::weights::load_weights;
use crate::games::{EvalAsk, GameRules};
use clap::Args;
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
    /// The evaluation of the game `R` the arguments choose, or why the game has none such (a
    /// weights file of another game, `--eval classic` with a weights file).
    pub fn eval<R: GameRules>(&self) -> Result<R::Eval, String> {
        if self.eval.as_deref() == Some("classic") && self.eval_file.is_some() {
            return Err("--eval-file is for the learned evaluation, not --eval classic".into());
        }
        let weights = self.eval_file.as_deref().map(load_weights::<R>).transpose()?;
        R::eval(EvalAsk { name: self.eval.as_deref(), weights, italian: None })
    }
}
