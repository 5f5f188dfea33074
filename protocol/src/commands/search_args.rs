//! The arguments every command that searches a given position takes (`dama analyze`,
//! `dama solve`): the limit, threads, table size, endgame tables and evaluation.

use crate::games::{GameRules, Session};
use clap::Args;
use dama_engine::search::{SearchLimits, SearchOptions, Searcher, MAX_TABLE_MIB, MAX_THREADS};
use std::path::PathBuf;
use std::time::Duration;

/// How to search: the limit (one of depth, time, nodes), threads, table, tables, evaluation.
#[derive(Args, Debug)]
pub struct SearchArgs {
    /// Search to this depth.
    #[arg(long, conflicts_with_all = ["movetime", "nodes"], value_parser = clap::value_parser!(u32).range(1..=100))]
    pub depth: Option<u32>,
    /// Search for this many seconds (default when no limit is given: 3 for analyze, 10 a
    /// position for solve).
    #[arg(long, conflicts_with = "nodes")]
    pub movetime: Option<f64>,
    /// Search about this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_THREADS)))]
    pub threads: u32,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_TABLE_MIB)))]
    pub hash: u32,
    /// Endgame table directory (default: the cache directory of `dama egdb`); English and
    /// International tables are in its `english` and `international` subdirectories.
    #[arg(long, conflicts_with = "no_egdb")]
    pub egdb_dir: Option<PathBuf>,
    /// Search without the endgame tables.
    #[arg(long)]
    pub no_egdb: bool,
    /// Turn one of the search's feature switches on or off, e.g. `threat-quiescence=true`
    /// (repeatable; the names are the Hub params of docs/strength.md).
    #[arg(long = "switch", value_name = "NAME=true|false")]
    pub switches: Vec<String>,
    #[command(flatten)]
    pub eval: super::eval::EvalArgs,
}

/// Sets the search switches `NAME=true|false` of `switches` on `searcher`, over the game's own
/// defaults; an unknown name or a value other than true/false is an error that names it.
pub fn apply_switches<R: GameRules>(
    searcher: &mut Searcher<R>,
    switches: &[String],
) -> Result<(), String> {
    let mut options = searcher.options().clone();
    for switch in switches {
        let (name, value) = switch
            .split_once('=')
            .ok_or_else(|| format!("--switch takes NAME=true|false, got '{switch}'"))?;
        let on = match value {
            "true" | "on" => true,
            "false" | "off" => false,
            _ => {
                return Err(format!(
                    "--switch {name}: the value must be true or false, got '{value}'"
                ))
            }
        };
        if !options.set(name, on) {
            return Err(format!(
                "--switch: unknown search switch '{name}' (known: {})",
                SearchOptions::SWITCHES.join(", ")
            ));
        }
    }
    searcher.set_options(options);
    Ok(())
}

impl SearchArgs {
    /// The search limits the arguments ask for: `default_seconds` a search when none is given.
    pub fn limits(&self, default_seconds: u64) -> Result<SearchLimits, String> {
        Ok(match (self.depth, self.movetime, self.nodes) {
            (Some(d), _, _) => SearchLimits::depth(d),
            (_, Some(t), _) => {
                if !(t.is_finite() && t > 0.0 && t < 1e7) {
                    return Err(format!(
                        "--movetime must be a positive number of seconds, got {t}"
                    ));
                }
                SearchLimits::move_time(Duration::from_secs_f64(t))
            }
            (_, _, Some(n)) => SearchLimits::nodes(n),
            _ => SearchLimits::move_time(Duration::from_secs(default_seconds)),
        })
    }

    /// A searcher of the game `R` with the arguments' table, threads and evaluation.
    pub fn searcher<R: GameRules>(&self) -> Result<Searcher<R>, String> {
        let eval = self.eval.eval::<R>()?;
        let mut searcher = Searcher::<R>::committed(self.hash as usize, self.threads as usize)
            .map_err(|e| e.to_string())?;
        searcher.set_eval(eval);
        apply_switches(&mut searcher, &self.switches)?;
        Ok(searcher)
    }

    /// Gives the session the game's endgame tables for its position (unless `--no-egdb`): those
    /// of `--egdb-dir`, else of the default directory, where the smallest are built now when
    /// the position needs them and the first-use tables in the background. Whether it now has
    /// tables.
    pub fn attach_tables<R: GameRules>(&self, session: &mut Session<R>) -> Result<bool, String> {
        if self.no_egdb {
            return Ok(false);
        }
        let pieces = R::piece_count(&session.game.position);
        let dir = self.egdb_dir.as_ref();
        let found = crate::egdb::location::for_search(dir, pieces, R::GAME)?.is_some();
        // Every table there is: the position's pieces cap nothing (a search reaches fewer).
        session.open_tables(dir.map(|d| d.as_path()), dama_egdb::MAX_BUILD_PIECES, true)?;
        Ok(found)
    }
}
