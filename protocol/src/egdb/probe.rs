//! `dama egdb probe`: the value of positions within the tables.

use super::location;
use clap::Args;
use dama_egdb::{TableGame, TableRules, Tablebase};
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::variant::Variant;
use dama_frontend::variant_arg::variant_parser;
use std::path::PathBuf;

/// Arguments of `dama egdb probe`.
#[derive(Args, Debug)]
pub struct ProbeArgs {
    /// The game: italian, english, international, russian or brazilian.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
    /// A position (PDN FEN).
    #[arg(long, conflicts_with = "fen_file", required_unless_present = "fen_file")]
    fen: Option<String>,
    /// A file with one FEN per line (blank lines and lines starting with `#` are skipped).
    #[arg(long)]
    fen_file: Option<PathBuf>,
    /// The table directory (default: the cache directory, where the game's tables up to 4
    /// pieces are built on first use).
    #[arg(long)]
    dir: Option<PathBuf>,
}

/// One output line: `FEN<TAB>value[<TAB>plies]`, or the reason the position has no value.
fn probe_line(tables: &Tablebase, fen: &str) -> Result<String, String> {
    match tables.game() {
        TableGame::Italian => probe_line_of::<Italian>(tables, fen),
        TableGame::English => probe_line_of::<English>(tables, fen),
        TableGame::International => probe_line_of::<International>(tables, fen),
        TableGame::Russian => probe_line_of::<Russian>(tables, fen),
        TableGame::Brazilian => probe_line_of::<Brazilian>(tables, fen),
    }
}

/// [`probe_line`] for a position of the game `R` (the FEN read by the game's rules).
fn probe_line_of<R: TableRules>(tables: &Tablebase, fen: &str) -> Result<String, String> {
    let position = R::parse_fen(fen)?;
    let probe = tables.probe_game::<R>(&position).map_err(|e| format!("{fen}: {e}"))?;
    Ok(match probe.plies {
        Some(plies) => format!("{fen}\t{}\t{plies}", probe.value),
        None => format!("{fen}\t{}", probe.value),
    })
}

/// Runs `dama egdb probe`. Every position is answered or reported; any failure makes the exit
/// status nonzero.
pub fn run(args: &ProbeArgs) -> Result<(), String> {
    let game = args.variant.table_game();
    let lines: Vec<(usize, String)> = match (&args.fen, &args.fen_file) {
        (Some(fen), _) => vec![(0, fen.trim().to_string())],
        (None, Some(file)) => std::fs::read_to_string(file)
            .map_err(|e| format!("{}: {e}", file.display()))?
            .trim_start_matches('\u{feff}')
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim().to_string()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
            .collect(),
        (None, None) => return Err("give --fen FEN or --fen-file FILE".into()),
    };
    let tables = location::open(args.dir.as_ref(), game)?;
    let mut failures = 0;
    for (number, fen) in &lines {
        match probe_line(&tables, fen) {
            Ok(line) => say!("{line}"),
            Err(message) => {
                failures += 1;
                match args.fen_file.as_ref() {
                    Some(file) => tell!("error: {}:{number}: {message}", file.display()),
                    None => tell!("error: {message}"),
                }
            }
        }
    }
    match failures {
        0 => Ok(()),
        1 if lines.len() == 1 => Err("the position could not be probed".into()),
        n => Err(format!("{n} of {} positions could not be probed", lines.len())),
    }
}
