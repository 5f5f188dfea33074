//! An annotated game written back as PDN: the summary, then each move with its mark and a
//! comment (its evaluation from White's side, and where it lost, the loss and the better line).

use super::{MoveNote, SideSummary};
use dama_engine::color::Color;
use dama_engine::pdn::{move_number, numbering, wrap_movetext, PdnGame};
use dama_engine::rules::{line_text, Rules};
use dama_engine::score::score_text;
use std::fmt::Write as _;

/// Writes one annotated game as PDN.
pub fn write_game<R: Rules>(
    game: &PdnGame<R>,
    positions: &[R::Position],
    notes: &[MoveNote<R::Move>],
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
        let _ = writeln!(out, "[GameType \"{}\"]", R::PDN_GAME_TYPE);
    }
    out.push('\n');
    let mut tokens: Vec<String> = vec![format!(
        "{{Dama, {how}: {}; {}}}",
        summary[0].text("White"),
        summary[1].text("Black")
    )];
    for (i, (mv, note)) in game.moves.iter().zip(notes).enumerate() {
        let position = &positions[i];
        let white_to_move = R::side_to_move(position) == Color::White;
        tokens.extend(move_number(numbering::<R>(&game.start), i));
        tokens.push(format!("{}{}", R::pdn_text(position, mv, false), note.mark));
        let mut comment = score_text(note.white_score);
        if let Some(better) = &note.better {
            let pv = &better.pv[..better.pv.len().min(8)];
            let line = line_text::<R>(position, pv, R::path_text);
            let sign = if white_to_move { 1 } else { -1 };
            let _ = write!(
                comment,
                "; loses {:.2}; better {} ({}): {}",
                f64::from(note.loss.min(9_999)) / 100.0,
                line[0],
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
