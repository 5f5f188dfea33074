//! Reading a weights file of a learned evaluation (written by `dama tune`), for the Hub's
//! `eval-file` param and the commands' `--eval-file` and `--init`.

use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::learned::{Features, LearnedEval};
use std::any::Any;
use std::path::Path;
use std::sync::Arc;

/// Reads and checks a weights file of the game `R`.
pub fn load_weights<R: Features>(path: &Path) -> Result<Arc<LearnedEval<R>>, String> {
    let bytes = read(path)?;
    parse::<R>(path, &bytes)
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read weights '{}': {e}", path.display()))
}

fn parse<R: Features>(path: &Path, bytes: &[u8]) -> Result<Arc<LearnedEval<R>>, String> {
    LearnedEval::<R>::from_bytes(bytes)
        .map(Arc::new)
        .map_err(|e| format!("weights '{}': {e}", path.display()))
}

/// Weights of any game, read and checked for the game their file is marked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyWeights {
    /// Dama Italiana's.
    Italian(Arc<LearnedEval<Italian>>),
    /// English draughts'.
    English(Arc<LearnedEval<English>>),
    /// International draughts'.
    International(Arc<LearnedEval<International>>),
    /// Russian draughts'.
    Russian(Arc<LearnedEval<Russian>>),
    /// Brazilian draughts'.
    Brazilian(Arc<LearnedEval<Brazilian>>),
}

impl AnyWeights {
    /// Reads a weights file of any game.
    pub fn load(path: &Path) -> Result<AnyWeights, String> {
        let bytes = read(path)?;
        // The game's mark is the header's fifth word (see `dama_engine::learned`); a file too
        // short to hold it is refused by the Italian reader with its reason.
        let mark = bytes.get(20..24).map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")));
        Ok(match mark {
            Some(mark) if mark == English::WEIGHTS_GAME => {
                AnyWeights::English(parse::<English>(path, &bytes)?)
            }
            Some(mark) if mark == International::WEIGHTS_GAME => {
                AnyWeights::International(parse::<International>(path, &bytes)?)
            }
            Some(mark) if mark == Russian::WEIGHTS_GAME => {
                AnyWeights::Russian(parse::<Russian>(path, &bytes)?)
            }
            Some(mark) if mark == Brazilian::WEIGHTS_GAME => {
                AnyWeights::Brazilian(parse::<Brazilian>(path, &bytes)?)
            }
            _ => AnyWeights::Italian(parse::<Italian>(path, &bytes)?),
        })
    }

    /// The weights, when they are the game `R`'s.
    pub fn for_game<R: Features>(&self) -> Option<Arc<LearnedEval<R>>> {
        let weights: &dyn Any = match self {
            AnyWeights::Italian(weights) => weights,
            AnyWeights::English(weights) => weights,
            AnyWeights::International(weights) => weights,
            AnyWeights::Russian(weights) => weights,
            AnyWeights::Brazilian(weights) => weights,
        };
        weights.downcast_ref::<Arc<LearnedEval<R>>>().cloned()
    }

    /// The game the weights are for, by its name.
    pub fn game(&self) -> &'static str {
        match self {
            AnyWeights::Italian(_) => "italian",
            AnyWeights::English(_) => "english",
            AnyWeights::International(_) => "international",
            AnyWeights::Russian(_) => "russian",
            AnyWeights::Brazilian(_) => "brazilian",
        }
    }
}
