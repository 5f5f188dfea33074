//! `--eval` and `--eval-file`: the choice of evaluation, shared by the commands that search.

use crate::weights::load_weights;
use clap::Args;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::learned::{Features, LearnedChoice};
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
    fn eval_name(eval: &Self::Eval) -> &'static str;
}

impl CliEval for Italian {
    fn eval(args: &EvalArgs) -> Result<EvalOptions, String> {
        args.eval()
    }

    fn eval_name(eval: &EvalOptions) -> &'static str {
        eval.eval_name()
    }
}

/// The choice of a game whose other evaluation is its hand-set one: `--eval classic|learned`
/// and `--eval-file` (weights of that game, which select the learned evaluation).
fn learned_choice<R: Features>(args: &EvalArgs) -> Result<LearnedChoice<R>, String> {
    if args.eval.as_deref() == Some("classic") && args.eval_file.is_some() {
        return Err("--eval-file is for the learned evaluation, not --eval classic".into());
    }
    let file = args.eval_file.as_deref().map(load_weights::<R>).transpose()?;
    let name = if file.is_some() { "learned" } else { args.eval.as_deref().unwrap_or("") };
    match name {
        "" => Ok(LearnedChoice::default()),
        name => LearnedChoice::named(name, file),
    }
}

impl CliEval for English {
    fn eval(args: &EvalArgs) -> Result<LearnedChoice<English>, String> {
        learned_choice(args)
    }

    fn eval_name(eval: &LearnedChoice<English>) -> &'static str {
        eval.name()
    }
}

impl CliEval for International {
    fn eval(args: &EvalArgs) -> Result<LearnedChoice<International>, String> {
        learned_choice(args)
    }

    fn eval_name(eval: &LearnedChoice<International>) -> &'static str {
        eval.name()
    }
}
