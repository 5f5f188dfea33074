//! `--eval` and `--eval-file`: the choice of evaluation, shared by the commands that search.

use crate::weights::load_weights;
use clap::Args;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::rules::Rules;
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
            options.learned = Some(load_weights::<Italian>(path)?);
        }
        Ok(options)
    }
}

/// The evaluation `--eval` and `--eval-file` choose, for each game.
pub trait CliEval: Rules {
    /// The evaluation of the arguments, or why the game has none such.
    fn eval(args: &EvalArgs) -> Result<Self::Eval, String>;

    /// The name of an evaluation, for reports.
    fn eval_name(_eval: &Self::Eval) -> &'static str {
        "basic"
    }
}

impl CliEval for Italian {
    fn eval(args: &EvalArgs) -> Result<EvalOptions, String> {
        args.eval()
    }

    fn eval_name(eval: &EvalOptions) -> &'static str {
        eval.eval_name()
    }
}

/// A game with one evaluation refuses the choice.
fn one_evaluation(args: &EvalArgs) -> Result<(), String> {
    if args.eval.is_some() || args.eval_file.is_some() {
        return Err("--eval and --eval-file are for Italian; the other games have one evaluation"
            .to_string());
    }
    Ok(())
}

impl CliEval for English {
    fn eval(args: &EvalArgs) -> Result<(), String> {
        one_evaluation(args)
    }
}

impl CliEval for International {
    fn eval(args: &EvalArgs) -> Result<(), String> {
        one_evaluation(args)
    }
}
