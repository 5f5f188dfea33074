//! The engine's settings as Hub params: their declarations (the `param` lines after `hub`), the
//! parsing of `set-param` values into a typed [`Setting`], and the current [`Settings`].

use crate::games::weights::AnyWeights;
use crate::games::{dispatch, GameRules, WithGame};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::{EvalOptions, Italian};
use dama_engine::learned::LearnedChoice;
use dama_engine::search::skill::MAX_SKILL;
use dama_engine::search::{SearchOptions, DEFAULT_MOVE_OVERHEAD};
use dama_engine::variant::Variant;
use std::path::PathBuf;
use std::time::Duration;

/// The kind of a param, as declared to the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// `type=bool`: `true` or `false`.
    Bool,
    /// `type=int min= max=`.
    Int { min: u64, max: u64 },
    /// `type=enum values="a b c"`.
    Enum { values: Vec<&'static str> },
    /// `type=string`.
    Text,
}

/// One `param` line: a name, its current value and its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamDeclaration {
    /// The param's name.
    pub name: &'static str,
    /// The current value, as text.
    pub value: String,
    /// What values it takes.
    pub kind: ParamKind,
}

/// Largest thread count accepted.
pub const MAX_THREADS: u64 = dama_engine::search::MAX_THREADS as u64;
/// Largest transposition table accepted, in MiB.
pub const MAX_TABLE_MIB: u64 = dama_engine::search::MAX_TABLE_MIB as u64;
/// Most pieces of the endgame tables Dama can build.
pub const MAX_EGDB_PIECES: u32 = 6;
/// Largest 40-move limit accepted, in plies.
pub const MAX_QUIET_PLY_LIMIT: u64 = 1_000;
/// Most lines `multipv` accepts (there are rarely more legal moves).
pub const MAX_MULTIPV: u64 = 64;
/// Largest `move-overhead` accepted, in milliseconds.
pub const MAX_MOVE_OVERHEAD_MS: u64 = 5_000;

/// One accepted `set-param`, with its value checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `variant`: the game (`italian`, `english`, `international`; also `normal` and `standard`
    /// for International, as Scan and pydraughts name it).
    Variant(Variant),
    /// `threads`: search threads.
    Threads(usize),
    /// `tt-size`: transposition table size in MiB.
    TableSize(usize),
    /// `book`: play from the opening book when the position is in it (`go think` only; the
    /// International book only once this is given, `GameRules::BOOK_BY_DEFAULT`).
    Book(bool),
    /// `ponder`: the GUI may send `go ponder` (accepted; `go ponder` works either way).
    Ponder(bool),
    /// `quiet-ply-limit`: the 40-move rule, in plies without a man move or a capture.
    QuietPlyLimit(u32),
    /// `log-file`: append a log to this file; empty turns logging off.
    LogFile(Option<PathBuf>),
    /// `egdb-path`: the endgame table directory (empty: the default directory, where the small
    /// tables are built in the background on first use unless `egdb-build` is false).
    EgdbPath(Option<PathBuf>),
    /// `egdb-build`: build the default directory's missing small tables in the background
    /// (`dama_egdb::first_use`); false uses only what is there.
    EgdbBuild(bool),
    /// `egdb-pieces`: probe the tables only up to this many pieces (0: not at all).
    EgdbPieces(u32),
    /// `eval`: `classic` or `learned`.
    Eval(&'static str),
    /// `eval-file`: trained weights for the learned evaluation, which it selects (read and
    /// checked when set); empty: the built-in weights.
    EvalFile(Option<(PathBuf, AnyWeights)>),
    /// `multipv`: how many best moves an analysis reports, each in its own `info` lines.
    MultiPv(usize),
    /// `skill`: playing strength, 1 (weakest) to 20 (full strength).
    Skill(u8),
    /// `move-overhead`: time kept back from every move and from the clock for the GUI's and the
    /// pipe's latency ([`dama_engine::search::SearchLimits::move_overhead`]).
    MoveOverhead(Duration),
    /// One of the search's feature switches ([`SearchOptions::SWITCHES`]) or the evaluation's
    /// ([`EvalOptions::SWITCHES`]), for measuring each feature in matches.
    Switch { name: &'static str, on: bool },
}

/// The current settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The game played.
    pub variant: Variant,
    /// Search threads.
    pub threads: usize,
    /// Transposition table size in MiB.
    pub table_mib: usize,
    /// Opening book on: `go think` in a book position answers at once with a book move.
    pub book: bool,
    /// Whether `book` was given (the param or `--no-book`): a game whose book is not played by
    /// default (International, `GameRules::BOOK_BY_DEFAULT`) plays it only then.
    pub book_given: bool,
    /// The GUI may ponder.
    pub ponder: bool,
    /// The move-count limit in plies.
    pub quiet_ply_limit: u32,
    /// Where the log goes, if anywhere.
    pub log_file: Option<PathBuf>,
    /// The endgame table directory (`None`: the default one).
    pub egdb_path: Option<PathBuf>,
    /// Build the default directory's small tables on first use.
    pub egdb_build: bool,
    /// The most pieces probed in the endgame tables (0: none).
    pub egdb_pieces: u32,
    /// The search's feature switches: the game's defaults ([`SearchOptions::for_game`]) with
    /// the switches set by `set-param` over them.
    pub search: SearchOptions,
    /// The search switches set by `set-param`, kept over a new variant's defaults.
    pub switches_given: Vec<(&'static str, bool)>,
    /// The Italian evaluation and its switches.
    pub eval: EvalOptions,
    /// The weights file of the learned evaluation, if not the built-in weights.
    pub eval_file: Option<(PathBuf, AnyWeights)>,
    /// The evaluation asked for in the games other than Dama Italiana (`classic` or
    /// `learned`; `None`: the game's default; Italian's is in `eval`).
    pub choice: Option<&'static str>,
    /// Lines reported by a search (1: the best only).
    pub multipv: usize,
    /// Playing strength, 1-20 (20: full strength).
    pub skill: u8,
    /// Time kept back from every move and from the clock for the GUI and the pipe.
    pub move_overhead: Duration,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            variant: Variant::Italian,
            threads: 1,
            table_mib: 64,
            book: true,
            book_given: false,
            ponder: false,
            quiet_ply_limit: Variant::Italian.quiet_ply_limit(),
            log_file: None,
            egdb_path: None,
            egdb_build: true,
            egdb_pieces: MAX_EGDB_PIECES,
            search: SearchOptions::for_game::<Italian>(),
            switches_given: Vec::new(),
            eval: EvalOptions::default(),
            eval_file: None,
            choice: None,
            multipv: 1,
            skill: MAX_SKILL,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
        }
    }
}

impl Settings {
    /// The `param` declarations, in the order they are sent, with the current values.
    pub fn declarations(&self) -> Vec<ParamDeclaration> {
        let int = |min, max| ParamKind::Int { min, max };
        let log_file = self.log_file.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        let egdb_path =
            self.egdb_path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        let mut list = vec![
            declare(
                "variant",
                self.variant.name(),
                ParamKind::Enum { values: Variant::ALL.iter().map(|v| v.name()).collect() },
            ),
            declare("threads", self.threads, int(1, MAX_THREADS)),
            declare("tt-size", self.table_mib, int(1, MAX_TABLE_MIB)),
            declare("book", self.book, ParamKind::Bool),
            declare("ponder", self.ponder, ParamKind::Bool),
            declare("quiet-ply-limit", self.quiet_ply_limit, int(1, MAX_QUIET_PLY_LIMIT)),
            declare("log-file", log_file, ParamKind::Text),
            declare("egdb-path", egdb_path, ParamKind::Text),
            declare("egdb-build", self.egdb_build, ParamKind::Bool),
            declare("egdb-pieces", self.egdb_pieces, int(0, u64::from(MAX_EGDB_PIECES))),
            declare("multipv", self.multipv, int(1, MAX_MULTIPV)),
            declare("skill", self.skill, int(1, u64::from(MAX_SKILL))),
            declare("move-overhead", self.move_overhead.as_millis(), int(0, MAX_MOVE_OVERHEAD_MS)),
        ];
        let eval_file =
            self.eval_file.as_ref().map(|(p, _)| p.display().to_string()).unwrap_or_default();
        let eval = match (self.variant, self.choice) {
            (Variant::Italian, _) => self.eval.eval_name(),
            (_, Some(choice)) => choice,
            (Variant::English, None) => LearnedChoice::<English>::default().name(),
            (Variant::International, None) => LearnedChoice::<International>::default().name(),
            (Variant::Russian, None) => LearnedChoice::<Russian>::default().name(),
            (Variant::Brazilian, None) => LearnedChoice::<Brazilian>::default().name(),
        };
        list.push(declare("eval", eval, ParamKind::Enum { values: EvalOptions::EVALS.to_vec() }));
        list.push(declare("eval-file", eval_file, ParamKind::Text));
        for name in SearchOptions::SWITCHES {
            let on = self.search.get(name).unwrap_or(true);
            list.push(declare(name, on, ParamKind::Bool));
        }
        for name in EvalOptions::SWITCHES {
            let on = self.eval.get(name).unwrap_or(true);
            list.push(declare(name, on, ParamKind::Bool));
        }
        list
    }

    /// Records a setting (the caller applies it to the searcher or the logger first).
    pub fn record(&mut self, setting: &Setting) {
        match setting {
            Setting::Variant(variant) => {
                // Each game has its own move count: a new game brings its default.
                self.variant = *variant;
                self.quiet_ply_limit = variant.quiet_ply_limit();
                self.search = dispatch(*variant, GameSearchOptions);
                for (name, on) in &self.switches_given {
                    self.search.set(name, *on);
                }
            }
            Setting::Threads(n) => self.threads = *n,
            Setting::TableSize(mib) => self.table_mib = *mib,
            Setting::Book(on) => (self.book, self.book_given) = (*on, true),
            Setting::Ponder(on) => self.ponder = *on,
            Setting::QuietPlyLimit(plies) => self.quiet_ply_limit = *plies,
            Setting::LogFile(path) => self.log_file = path.clone(),
            Setting::EgdbPath(path) => self.egdb_path = path.clone(),
            Setting::EgdbBuild(on) => self.egdb_build = *on,
            Setting::EgdbPieces(pieces) => self.egdb_pieces = *pieces,
            Setting::MultiPv(lines) => self.multipv = *lines,
            Setting::Skill(skill) => self.skill = *skill,
            Setting::MoveOverhead(overhead) => self.move_overhead = *overhead,
            Setting::Switch { name, on } => {
                if self.search.set(name, *on) {
                    self.switches_given.retain(|(given, _)| given != name);
                    self.switches_given.push((name, *on));
                } else {
                    self.eval.set(name, *on);
                }
            }
            Setting::Eval(name) => {
                self.choice = Some(name);
                self.eval.set_eval(name);
                if let (Some((_, AnyWeights::Italian(weights))), true) =
                    (&self.eval_file, self.eval.learned.is_some())
                {
                    self.eval.learned = Some(weights.clone());
                }
            }
            Setting::EvalFile(file) => {
                // A weights file selects the learned evaluation of its game; an empty one goes
                // back to the built-in weights, leaving the choice of evaluation as it was.
                self.eval_file = file.clone();
                match file {
                    Some((_, AnyWeights::Italian(weights))) => {
                        self.eval.learned = Some(weights.clone())
                    }
                    Some(_) => self.choice = Some("learned"),
                    None if self.eval.learned.is_some() => {
                        self.eval.set_eval("learned");
                    }
                    None => {}
                }
            }
        }
    }
}

fn declare(name: &'static str, value: impl ToString, kind: ParamKind) -> ParamDeclaration {
    ParamDeclaration { name, value: value.to_string(), kind }
}

/// Checks a `set-param name=... value=...` against the declarations.
pub fn parse_setting(name: &str, value: &str) -> Result<Setting, String> {
    if value.chars().any(char::is_control) {
        return Err(format!("the value of {name} contains a control character"));
    }
    let setting = match name {
        "variant" => match Variant::from_name(value) {
            Some(variant) => Setting::Variant(variant),
            None => {
                return Err(format!(
                    "unknown variant '{value}': Dama plays italian, english, international (also \
                     named normal or standard), russian and brazilian"
                ))
            }
        },
        "threads" => Setting::Threads(integer(name, value, 1, MAX_THREADS)? as usize),
        "tt-size" => Setting::TableSize(integer(name, value, 1, MAX_TABLE_MIB)? as usize),
        "book" => Setting::Book(boolean(name, value)?),
        "ponder" => Setting::Ponder(boolean(name, value)?),
        "quiet-ply-limit" => {
            Setting::QuietPlyLimit(integer(name, value, 1, MAX_QUIET_PLY_LIMIT)? as u32)
        }
        "log-file" if value.is_empty() => Setting::LogFile(None),
        "log-file" => Setting::LogFile(Some(PathBuf::from(value))),
        "egdb-path" if value.is_empty() => Setting::EgdbPath(None),
        "egdb-path" => Setting::EgdbPath(Some(PathBuf::from(value))),
        "egdb-build" => Setting::EgdbBuild(boolean(name, value)?),
        "egdb-pieces" => {
            Setting::EgdbPieces(integer(name, value, 0, u64::from(MAX_EGDB_PIECES))? as u32)
        }
        "multipv" => Setting::MultiPv(integer(name, value, 1, MAX_MULTIPV)? as usize),
        "skill" => Setting::Skill(integer(name, value, 1, u64::from(MAX_SKILL))? as u8),
        "move-overhead" => Setting::MoveOverhead(Duration::from_millis(integer(
            name,
            value,
            0,
            MAX_MOVE_OVERHEAD_MS,
        )?)),
        "eval" => match EvalOptions::EVALS.iter().find(|e| **e == value) {
            Some(eval) => Setting::Eval(eval),
            None => return Err(format!("eval must be classic or learned, got '{value}'")),
        },
        "eval-file" if value.is_empty() => Setting::EvalFile(None),
        "eval-file" => {
            let path = PathBuf::from(value);
            let weights = AnyWeights::load(&path)?;
            Setting::EvalFile(Some((path, weights)))
        }
        _ => {
            match SearchOptions::SWITCHES.iter().chain(EvalOptions::SWITCHES).find(|s| **s == name)
            {
                Some(switch) => Setting::Switch { name: switch, on: boolean(name, value)? },
                None => return Err(format!("unknown param '{name}'")),
            }
        }
    };
    Ok(setting)
}

fn integer(name: &str, value: &str, min: u64, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!("{name} must be an integer from {min} to {max}, got '{value}'")),
    }
}

fn boolean(name: &str, value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("{name} must be true or false, got '{value}'")),
    }
}

/// A game's default search switches.
struct GameSearchOptions;

impl WithGame for GameSearchOptions {
    type Output = SearchOptions;
    fn with<R: GameRules>(self) -> SearchOptions {
        SearchOptions::for_game::<R>()
    }
}

#[cfg(test)]
#[path = "params_tests.rs"]
mod tests;
