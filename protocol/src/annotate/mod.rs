//! `dama annotate`: searches every position of the games of a PDN file (of any of the three
//! games, by each game's `GameType`) and writes them back as
//! PDN with the evaluation after each move, the engine's better move and line where a move
//! loses, marks (`?`, `??`, `!`) and a summary per game; optionally an evaluation graph per game
//! as SVG.

mod judge;
mod notes;
mod svg;
mod write;

pub use judge::{judge, one_ply_back, Judgement};
pub use notes::{notes, summarize, MoveNote, SideSummary};
pub use svg::graph;
pub use write::write_game;

use crate::games::{dispatch, GameRules, WithGame};
use clap::Args;
use dama_engine::pdn::{game_variant, read_pdn, split_games, PdnError};
use dama_engine::score::Score;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use dama_engine::variant::Variant;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `dama annotate`.
#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// A PDN file of games (Dama Italiana, English, International, Russian or Brazilian draughts,
    /// by each game's GameType tag; Italian where there is none).
    file: PathBuf,
    /// Seconds of search per position (default 0.3 when no --depth is given).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<f64>,
    /// Search every position to this depth instead.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Write the annotated PDN here (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Write each game's evaluation graph as SVG: FILE for one game, FILE with `-N` before the
    /// extension for game N of several.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// A move that loses at least this many men against the engine's best is marked `?`.
    #[arg(long, default_value_t = 0.4)]
    mistake: f64,
    /// A move that loses at least this many men is marked `??` (a blunder).
    #[arg(long, default_value_t = 1.0)]
    blunder: f64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65536))]
    hash: u32,
}

/// The SVG file of game `number` (1-based) of `games`.
fn svg_path(base: &Path, number: usize, games: usize) -> PathBuf {
    if games == 1 {
        return base.to_path_buf();
    }
    let stem = base.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let name = match base.extension() {
        Some(ext) => format!("{stem}-{number}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{number}"),
    };
    base.with_file_name(name)
}

/// What `dama annotate` does with each game, whatever its rules.
struct Options<'a> {
    args: &'a AnnotateArgs,
    limits: SearchLimits,
    how: String,
    mistake: Score,
    blunder: Score,
}

/// The games of one piece of a PDN file, annotated under their rules: each game's PDN and its
/// SVG graph with its title, or why it could not be read (numbered within the piece).
struct Piece<'a> {
    text: &'a str,
    options: &'a Options<'a>,
}

type Annotated = Result<(String, String, String), PdnError>;

impl WithGame for Piece<'_> {
    type Output = Result<Vec<Annotated>, String>;
    fn with<R: GameRules>(self) -> Self::Output {
        let games = match read_pdn::<R>(self.text) {
            Ok(games) => games,
            Err(e) => return Ok(vec![Err(e)]),
        };
        let options = self.options;
        let mut searcher =
            Searcher::<R>::committed(options.args.hash as usize, 1).map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for game in &games {
            let names = format!(
                "{} - {}",
                game.tag("White").unwrap_or("?"),
                game.tag("Black").unwrap_or("?")
            );
            let control = SearchControl::new();
            let (judgement, back) =
                judge(searcher, game.start, &game.moves, &options.limits, &control, |_, _| {});
            searcher = back;
            let game_notes = notes::<R>(
                &judgement.positions,
                &game.moves,
                &judgement.scores,
                &judgement.lines,
                options.mistake,
                options.blunder,
            );
            let summary = summarize::<R>(&judgement.positions, &game_notes);
            let pdn =
                write::write_game(game, &judgement.positions, &game_notes, &summary, &options.how);
            out.push(Ok((pdn, svg::graph(&names, &game_notes), names)));
        }
        Ok(out)
    }
}

/// Runs `dama annotate`.
pub fn run(args: &AnnotateArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("cannot read '{}': {e}", args.file.display()))?;
    let mistake = men(args.mistake, "--mistake")?;
    let blunder = men(args.blunder, "--blunder")?;
    if blunder < mistake {
        return Err("--blunder must be at least --mistake".to_string());
    }
    let (limits, how) = match (args.depth, args.movetime) {
        (Some(d), _) => (SearchLimits::depth(d), format!("depth {d}")),
        (None, t) => {
            let t = t.unwrap_or(0.3);
            if !(t.is_finite() && t > 0.0 && t < 1e6) {
                return Err(format!("--movetime must be a positive number of seconds, got {t}"));
            }
            (SearchLimits::move_time(Duration::from_secs_f64(t)), format!("{t} s a position"))
        }
    };
    let limits = SearchLimits { multipv: 2, ..limits };
    let options = Options { args, limits, how, mistake, blunder };
    let pieces = split_games(&text);
    if pieces.is_empty() {
        return Err(format!("'{}' holds no game", args.file.display()));
    }
    let bar = indicatif::ProgressBar::new(pieces.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} ({eta})")
            .expect("a valid template"),
    );
    let mut games: Vec<Annotated> = Vec::new();
    for piece in pieces {
        let before = games.len();
        let renumber = |e: PdnError| PdnError { game: before + e.game, message: e.message };
        match game_variant(piece) {
            Err(message) => games.push(Err(renumber(PdnError { game: 1, message }))),
            Ok(variant) => {
                let variant = variant.unwrap_or(Variant::Italian);
                let read = dispatch(variant, Piece { text: piece, options: &options })?;
                games.extend(read.into_iter().map(|g| g.map_err(renumber)));
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    let mut output = String::new();
    let mut failed = 0;
    for (index, game) in games.iter().enumerate() {
        match game {
            Ok((pdn, page, _)) => {
                output.push_str(pdn);
                if let Some(base) = &args.svg {
                    let path = svg_path(base, index + 1, games.len());
                    std::fs::write(&path, page)
                        .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
                }
            }
            Err(e) => {
                tell!("error: {}: {e}", args.file.display());
                failed += 1;
            }
        }
    }
    match &args.out {
        Some(path) => std::fs::write(path, &output)
            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?,
        None => crate::terminal::out_text(&output),
    }
    if failed > 0 {
        return Err(format!(
            "{failed} of {} games could not be read (the others were annotated)",
            games.len()
        ));
    }
    Ok(())
}

/// A threshold in men as hundredths.
fn men(value: f64, name: &str) -> Result<Score, String> {
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok((value * 100.0).round() as Score)
    } else {
        Err(format!("{name} must be a number of men from 0 to 100, got {value}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::italian::Italian;
    use dama_engine::pdn::parse_pdn_games;
    use dama_engine::score::{loss_in, win_in};

    #[test]
    fn a_forced_reply_takes_its_value_from_the_position_after_it() {
        // 23-20 is the best move; Black's 15-19 is then the only move. Neither is a mistake.
        let game = parse_pdn_games("[FEN \"W:W23,24:B15\"]\n1. 23-20 15-19 *\n").remove(0).unwrap();
        let searcher = Searcher::<Italian>::new(4, 1).unwrap();
        let limits = SearchLimits { multipv: 2, ..SearchLimits::depth(8) };
        let control = SearchControl::new();
        let (judged, _) = judge(searcher, game.start, &game.moves, &limits, &control, |_, _| {});
        let (positions, scores, lines) = (judged.positions, judged.scores, judged.lines);
        assert_eq!(scores[1], -scores[2], "the forced position is worth the next one");
        let n = notes::<Italian>(&positions, &game.moves, &scores, &lines, 40, 100);
        assert_eq!((n[0].mark, n[1].mark), ("", ""), "{n:?}");
        assert!(n[0].loss < 40 && n[1].loss == 0, "{n:?}");
        assert_eq!(one_ply_back(dama_engine::score::win_in(4)), loss_in(5));
        assert_eq!(one_ply_back(loss_in(2)), win_in(3));
    }

    #[test]
    fn svg_names_number_the_games_only_when_there_are_several() {
        let base = Path::new("/tmp/graph.svg");
        assert_eq!(svg_path(base, 1, 1), PathBuf::from("/tmp/graph.svg"));
        assert_eq!(svg_path(base, 3, 5), PathBuf::from("/tmp/graph-3.svg"));
        assert_eq!(svg_path(Path::new("g"), 2, 2), PathBuf::from("g-2"));
    }
}
