//! Writing finished games as PDN (Portable Draughts Notation), one record per game.
//!
//! The `FEN` tag holds the game's initial position (before the opening moves), and the movetext
//! holds every move from there, the opening's included, in full-path notation (`22-18`,
//! `30x21x14`), which names a capture unambiguously. Engine moves carry a comment
//! `{score/depth seconds}` (score in men from the mover's side, wall time of the move), as match
//! tools for chess do. `[GameType "22"]` is Italian draughts; pydraughts reads these records back
//! (tests/pydraughts/pdn_readback.py).

use super::referee::GameRecord;
use dama_engine::color::Color;
use dama_engine::pdn::{move_number, wrap_movetext};
use dama_engine::rules::{line_text, Rules};
use std::fmt::Write;

/// The longest movetext line.
const LINE_WIDTH: usize = 79;

/// What every record of a match shares.
#[derive(Clone, Debug)]
pub struct PdnContext<'a> {
    /// The `Event` tag.
    pub event: &'a str,
    /// The engines' names, first engine first.
    pub names: [&'a str; 2],
    /// The `TimeControl` tag.
    pub time_control: String,
}

/// Escapes a tag value (PDN follows PGN: backslash and double quote are escaped).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ")
}

/// The PDN record of one game, ending with a blank line.
pub fn game_record<R: Rules>(
    record: &GameRecord<R>,
    opening: &str,
    context: &PdnContext,
) -> String {
    let white = context.names[record.engine_of(Color::White)];
    let black = context.names[record.engine_of(Color::Black)];
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", context.event.to_string()),
        ("Round", record.slot.number.to_string()),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", record.result.pdn().to_string()),
        ("GameType", R::PDN_GAME_TYPE.to_string()),
        ("FEN", R::to_fen(&record.start)),
        ("Opening", opening.to_string()),
        ("TimeControl", context.time_control.clone()),
        ("PlyCount", record.moves.len().to_string()),
        ("Termination", record.termination.text::<R>().to_string()),
    ];
    if !record.detail.is_empty() {
        tags.push(("TerminationDetails", record.detail.clone()));
    }
    let mut out = String::new();
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    out.push('\n');
    let mut tokens: Vec<String> = Vec::new();
    let line: Vec<R::Move> = record.moves.iter().map(|played| played.mv).collect();
    let texts = line_text::<R>(&record.start, &line, |p, m| R::pdn_text(p, m, true));
    for (index, (played, text)) in record.moves.iter().zip(texts).enumerate() {
        // PDN numbers moves from the side that starts the game: Black in English draughts.
        let side = R::side_to_move(&record.start);
        let first = if R::FIRST_TO_MOVE == Color::White { side } else { side.opposite() };
        match move_number(first, index) {
            Some(number) => tokens.push(format!("{number} {text}")),
            None => tokens.push(text),
        }
        // Engine moves carry their score, depth and time (forced moves report none: no comment).
        if let Some(reply) =
            played.reply.as_ref().filter(|r| r.score.is_some() || r.depth.is_some())
        {
            let mut comment = match reply.score {
                Some(score) => format!("{score:+.2}"),
                None => "-".to_string(),
            };
            if let Some(depth) = reply.depth {
                let _ = write!(comment, "/{depth}");
            }
            let _ = write!(comment, " {:.3}s", reply.elapsed.as_secs_f64());
            tokens.push(format!("{{{comment}}}"));
        }
    }
    tokens.push(record.result.pdn().to_string());
    out.push_str(&wrap_movetext(&tokens, LINE_WIDTH));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Reply;
    use crate::openings::GameSlot;
    use crate::referee::{GameResult, PlayedMove, Termination};
    use dama_engine::board8::fen::{parse_fen, to_fen};
    use dama_engine::board8::position::Position;
    use dama_engine::italian::notation::parse_move;
    use std::time::Duration;

    fn record(start: Position, texts: &[&str], first_engine_white: bool) -> GameRecord {
        let mut position = start;
        let mut moves = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            let mv = parse_move(&position, text).unwrap();
            position = position.play(&mv);
            let reply = (i > 0).then(|| Reply {
                move_text: text.to_string(),
                elapsed: Duration::from_millis(12),
                score: Some(-0.5),
                depth: Some(3),
                reported_time: Some(0.01),
            });
            moves.push(PlayedMove { mv, reply });
        }
        GameRecord {
            slot: GameSlot { number: 4, pair: 1, opening: 0, first_engine_white },
            start,
            moves,
            result: GameResult::BlackWins,
            termination: Termination::IllegalMove,
            detail: "White: move '22-17' is \"bad\"".to_string(),
            offender: Some(1),
            wall_time: Duration::ZERO,
            search_time: Duration::ZERO,
            reported_time: 0.0,
            engine_moves: 0,
            engine_time: Default::default(),
        }
    }

    #[test]
    fn a_record_has_tags_numbers_comments_and_the_result() {
        let game = record(Position::start(), &["22-18", "11-14", "18x11"], false);
        let context = PdnContext {
            event: "test",
            names: ["First", "Second"],
            time_control: "nodes 100".to_string(),
        };
        let text = game_record(&game, "ballot 0", &context);
        let expected = format!(
            "[Event \"test\"]\n[Round \"4\"]\n[White \"Second\"]\n[Black \"First\"]\n\
             [Result \"0-1\"]\n[GameType \"22\"]\n[FEN \"{}\"]\n[Opening \"ballot 0\"]\n\
             [TimeControl \"nodes 100\"]\n[PlyCount \"3\"]\n[Termination \"illegal move\"]\n\
             [TerminationDetails \"White: move '22-17' is \\\"bad\\\"\"]\n\n\
             1. 22-18 11-14 {{-0.50/3 0.012s}} 2. 18x11 {{-0.50/3 0.012s}} 0-1\n\n",
            to_fen(&Position::start())
        );
        assert_eq!(text, expected);
    }

    #[test]
    fn black_to_move_starts_with_an_ellipsis_and_long_games_wrap() {
        let start = parse_fen("B:WK29:BK4").unwrap();
        let shuffle = ["4-8", "29-25", "8-4", "25-29"];
        let texts: Vec<&str> = shuffle.iter().cycle().take(40).copied().collect();
        let game = record(start, &texts, true);
        let context = PdnContext { event: "e", names: ["A", "B"], time_control: String::new() };
        let text = game_record(&game, "", &context);
        let movetext = text.split("\n\n").nth(1).unwrap();
        assert!(movetext.starts_with("1... 4-8 2. 29-25 "), "{movetext}");
        assert!(movetext.lines().count() > 1);
        assert!(movetext.lines().all(|l| l.len() <= LINE_WIDTH));
        assert!(movetext.trim_end().ends_with("0-1"));
    }
}
