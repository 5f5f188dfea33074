//! `dama moves`: the legal moves of a position, or of many positions read from a file.

use super::position_from_fen;
use clap::Args;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::english::English;
use dama_engine::flying8::{legal_routes, Brazilian, Ruleset, Russian};
use dama_engine::italian::notation::path_notation;
use dama_engine::rules::Rules;
use dama_engine::variant::Variant;
use dama_frontend::files::without_bom;
use dama_frontend::variant_arg::variant_parser;
use std::io::{BufRead, BufWriter, Write};

/// Arguments of `dama moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The position (PDN FEN); default the variant's start position.
    #[arg(long, conflicts_with = "fen_file")]
    fen: Option<String>,
    /// A file with one FEN per line; prints `FEN<TAB>move move ...` for each line.
    #[arg(long, value_name = "FILE")]
    fen_file: Option<std::path::PathBuf>,
    /// The rules: italian (default), english, international, russian or brazilian.
    #[arg(long, value_parser = variant_parser(), default_value = "italian")]
    variant: Variant,
}

/// The legal moves of the position `fen` under `variant`'s rules, one per distinct (from, to,
/// captured set), in full-path notation, sorted.
fn moves_of(fen: &str, variant: Variant) -> Result<Vec<String>, String> {
    Ok(match variant {
        Variant::Italian => sorted_moves(&position_from_fen(fen)?),
        Variant::English => {
            // One move per (from, to, captured set), written with one of its routes.
            let mut moves = English::paths(&position_from_fen(fen)?);
            moves.sort_by(|a, b| (a.from, a.to(), &a.landings).cmp(&(b.from, b.to(), &b.landings)));
            moves.iter().map(|m| m.path()).collect()
        }
        Variant::International => {
            // The search's generator, each move written with its path from the path generator.
            use dama_engine::international::{generate, parse_fen};
            let position = parse_fen(fen)
                .map_err(|e| format!("bad FEN '{}': {e}", dama_engine::excerpt::excerpt(fen)))?;
            let mut list = dama_engine::movelist::List::new();
            generate(&position, &mut list);
            let paths = position.legal_moves();
            let mut moves = list
                .iter()
                .map(|mv| {
                    paths.iter().find(|p| p.compact() == *mv).ok_or_else(|| {
                        format!("{fen}: the generator's move {}-{} has no path", mv.from, mv.to)
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            moves.sort_by(|a, b| (a.from, &a.landings).cmp(&(b.from, &b.landings)));
            moves.iter().map(|m| m.path_notation()).collect()
        }
        Variant::Russian => flying8_moves::<Russian>(fen)?,
        Variant::Brazilian => flying8_moves::<Brazilian>(fen)?,
    })
}

/// The moves of Russian or Brazilian draughts (`G`): the search's generator, each move written
/// algebraically with a route from the path generator (`c3-d4`, `c3:e5:g7`), sorted by the
/// game's square numbers.
fn flying8_moves<G>(fen: &str) -> Result<Vec<String>, String>
where
    G: Ruleset + Rules<Position = Position, Move = Move>,
{
    let position = G::parse_fen(fen)?;
    let mut list = dama_engine::movelist::List::new();
    G::generate(&position, &mut list);
    let routes = legal_routes::<G>(&position);
    let mut moves = list
        .iter()
        .map(|mv| {
            routes.iter().find(|r| r.mv() == *mv).ok_or_else(|| {
                format!("{fen}: the generator's move {} has no route", G::hub_text(&position, mv))
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    moves.sort_by_key(|r| {
        let numbers = r.path_move();
        (numbers.from, numbers.landings)
    });
    Ok(moves.iter().map(|r| r.algebraic_text()).collect())
}

/// The legal moves of `position` in full-path notation, sorted by squares.
pub fn sorted_moves(position: &Position) -> Vec<String> {
    let mut moves: Vec<Move> = position.legal_moves().to_vec();
    moves.sort_by_key(|m| (m.from(), m.to(), m.landing_squares()));
    moves.iter().map(path_notation).collect()
}

/// Runs `dama moves`.
pub fn run(args: &MovesArgs) -> Result<(), String> {
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let write_error = |e: std::io::Error| -> String { crate::terminal::output_failed(&e) };
    match &args.fen_file {
        None => {
            let fen = args.fen.as_deref().unwrap_or(args.variant.start_fen());
            for mv in moves_of(fen, args.variant)? {
                writeln!(out, "{mv}").map_err(write_error)?;
            }
        }
        Some(path) => {
            let file = std::fs::File::open(path)
                .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
            for (number, line) in std::io::BufReader::new(file).lines().enumerate() {
                let line =
                    line.map_err(|e| format!("{}: line {}: {e}", path.display(), number + 1))?;
                let fen = if number == 0 { without_bom(&line) } else { &line }.trim();
                if fen.is_empty() {
                    continue;
                }
                let moves = moves_of(fen, args.variant)
                    .map_err(|e| format!("{}: line {}: {e}", path.display(), number + 1))?;
                writeln!(out, "{fen}\t{}", moves.join(" ")).map_err(write_error)?;
            }
        }
    }
    out.flush().map_err(write_error)
}
