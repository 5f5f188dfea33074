//! `dama annotate`: searches every position of the games of a PDN file and writes them back as
//! PDN with the evaluation after each move, the engine's better move and line where a move
//! loses, marks (`?`, `??`, `!`) and a summary per game; optionally an evaluation graph per game
//! as SVG.

mod notes;
mod svg;

pub use notes::{notes, summarize, MoveNote, SideSummary};

use clap::Args;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use dama_engine::history::GameHistory;
use dama_engine::italian::notation::{path_notation, short_notation};
use dama_engine::italian::Italian;
use dama_engine::pdn::{move_number, parse_pdn_games, wrap_movetext, PdnGame};
use dama_engine::score::{loss_in, plies_to_end, score_text, win_in, Score, WIN};
use dama_engine::search::{Line, SearchControl, SearchLimits, Searcher};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `dama annotate`.
#[derive(Args, Debug)]
pub struct AnnotateArgs {
    /// A PDN file of Italian games.
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

/// The value for the side to move of a position whose only move leads to a position worth
/// `next` to the other side.
fn one_ply_back(next: Score) -> Score {
    match plies_to_end(next) {
        Some(n) if n >= 0 => loss_in(n as u32 + 1),
        Some(n) => win_in((-n) as u32 + 1),
        None => -next,
    }
}

/// Searches every position of `game` and returns the positions and their judgement.
fn judge(
    searcher: &mut Searcher<Italian>,
    game: &PdnGame,
    limits: &SearchLimits,
) -> (Vec<Position>, Vec<Score>, Vec<Vec<Line<Move>>>) {
    let mut positions = vec![game.start];
    for mv in &game.moves {
        let before = *positions.last().expect("the start");
        positions.push(before.play(mv));
    }
    let mut scores = Vec::with_capacity(positions.len());
    let mut lines = Vec::with_capacity(positions.len());
    let mut replay = GameHistory::new::<Italian>(&game.start);
    for (i, position) in positions.iter().enumerate() {
        if i > 0 {
            replay.push_move::<Italian>(&positions[i - 1], &game.moves[i - 1], position);
        }
        if position.legal_moves().is_empty() {
            scores.push(-WIN);
            lines.push(Vec::new());
            continue;
        }
        let result = searcher.search(position, &replay, limits, &SearchControl::new(), |_| {});
        scores.push(result.score);
        lines.push(result.lines);
    }
    // A position with one legal move is not searched (the search answers at once, score 0): its
    // value is that of the position after the move, one ply further.
    for i in (0..positions.len()).rev() {
        let legal = positions[i].legal_moves();
        if legal.len() != 1 {
            continue;
        }
        let next = match scores.get(i + 1) {
            Some(&next) => next,
            None => {
                let after = positions[i].play(&legal[0]);
                if after.legal_moves().is_empty() {
                    -WIN
                } else {
                    let mut history = replay.clone();
                    history.push_move::<Italian>(&positions[i], &legal[0], &after);
                    searcher.search(&after, &history, limits, &SearchControl::new(), |_| {}).score
                }
            }
        };
        scores[i] = one_ply_back(next);
        lines[i] = vec![Line { score: scores[i], pv: vec![legal[0]] }];
    }
    (positions, scores, lines)
}

/// Writes one annotated game as PDN.
fn write_game(
    game: &PdnGame,
    positions: &[Position],
    notes: &[MoveNote],
    summary: &[SideSummary; 2],
    how: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in &game.tags {
        let _ = writeln!(out, "[{name} \"{}\"]", value.replace('\\', "\\\\").replace('"', "\\\""));
    }
    if game.tag("Annotator").is_none() {
        let _ = writeln!(out, "[Annotator \"Dama {}\"]", env!("CARGO_PKG_VERSION"));
    }
    if game.tag("GameType").is_none() {
        out.push_str("[GameType \"22\"]\n");
    }
    out.push('\n');
    let mut tokens: Vec<String> = vec![format!(
        "{{Dama, {how}: {}; {}}}",
        summary[0].text("White"),
        summary[1].text("Black")
    )];
    for (i, (mv, note)) in game.moves.iter().zip(notes).enumerate() {
        let position = &positions[i];
        let white_to_move = position.side_to_move() == Color::White;
        tokens.extend(move_number(game.start.side_to_move(), i));
        tokens.push(format!("{}{}", short_notation(position, mv), note.mark));
        let mut comment = score_text(note.white_score);
        if let Some(better) = &note.better {
            let line: Vec<String> = better.pv.iter().take(8).map(path_notation).collect();
            let sign = if white_to_move { 1 } else { -1 };
            let _ = write!(
                comment,
                "; loses {:.2}; better {} ({}): {}",
                f64::from(note.loss.min(9_999)) / 100.0,
                path_notation(&better.pv[0]),
                score_text(sign * better.score),
                line.join(" ")
            );
        }
        tokens.push(format!("{{{comment}}}"));
    }
    tokens.push(game.result.clone().unwrap_or_else(|| "*".to_string()));
    // Lines of at most 90 characters; a long comment stands on a line of its own.
    out.push_str(&wrap_movetext(&tokens, 90));
    out
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
    let games = parse_pdn_games(&text);
    if games.is_empty() {
        return Err(format!("'{}' holds no game", args.file.display()));
    }
    let mut searcher =
        Searcher::<Italian>::committed(args.hash as usize, 1).map_err(|e| e.to_string())?;
    let bar = indicatif::ProgressBar::new(games.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} ({eta})")
            .expect("a valid template"),
    );
    let mut output = String::new();
    let mut failed = 0;
    for (index, game) in games.iter().enumerate() {
        let number = index + 1;
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                bar.suspend(|| tell!("error: {}: {e}", args.file.display()));
                failed += 1;
                bar.inc(1);
                continue;
            }
        };
        let names =
            format!("{} - {}", game.tag("White").unwrap_or("?"), game.tag("Black").unwrap_or("?"));
        bar.set_message(names.clone());
        let (positions, scores, lines) = judge(&mut searcher, game, &limits);
        let game_notes = notes(&positions, &game.moves, &scores, &lines, mistake, blunder);
        let summary = summarize(&positions, &game_notes);
        output.push_str(&write_game(game, &positions, &game_notes, &summary, &how));
        if let Some(base) = &args.svg {
            let path = svg_path(base, number, games.len());
            let page = svg::graph(&names, &game_notes);
            std::fs::write(&path, page)
                .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
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

    #[test]
    fn a_forced_reply_takes_its_value_from_the_position_after_it() {
        // 23-20 is the best move; Black's 15-19 is then the only move. Neither is a mistake.
        let game = parse_pdn_games("[FEN \"W:W23,24:B15\"]\n1. 23-20 15-19 *\n").remove(0).unwrap();
        let mut searcher = Searcher::<Italian>::new(4, 1).unwrap();
        let limits = SearchLimits { multipv: 2, ..SearchLimits::depth(8) };
        let (positions, scores, lines) = judge(&mut searcher, &game, &limits);
        assert_eq!(scores[1], -scores[2], "the forced position is worth the next one");
        let n = notes(&positions, &game.moves, &scores, &lines, 40, 100);
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
