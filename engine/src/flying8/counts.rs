//! The draw counts of the two games that depend on the material (the game's history and the
//! search follow them, [`crate::history`]): each gives the plies after which the game is drawn,
//! counted from the capture or crowning that made the material, and the rule's name. Where
//! several apply, the first to run out draws. The texts followed and the decisions taken where
//! they are silent are in docs/russian.md.

use super::squares;
use crate::board8::bitboard::Bitboard;
use crate::board8::position::Position;
use crate::color::Color;

/// (men, kings) of one side.
fn material(position: &Position, color: Color) -> (u32, u32) {
    (position.men(color).count(), position.kings_of(color).count())
}

/// The main road (большак): the long diagonal a1-h8, game squares 1, 5, 10, 14, 19, 23, 28, 32.
fn main_road() -> Bitboard {
    [1, 5, 10, 14, 19, 23, 28, 32].iter().filter_map(|&n| squares::from_number(n)).collect()
}

/// The Russian counts (FShR rules, the FMJD rules of Russian draughts 7.2):
/// - three kings or more against a lone king: drawn unless the lone king is taken within 15
///   moves (30 plies);
/// - three pieces, at least one a king, against a lone king that holds the main road alone:
///   drawn after 5 moves (10 plies) (the rule gives the stronger side 5 moves to reach a won
///   position; the count does not judge positions, so it draws at the 5th move unless a capture or
///   crowning changed the material first, and it runs only while the lone king is on the road);
/// - two pieces, at least one a king, against a lone king: 5 moves (10 plies) (pydraughts'
///   reading of the 2- and 3-piece endings);
/// - both sides with kings and the material unchanged: 30 moves (60 plies) with 4 or 5 pieces on
///   the board, 60 moves (120 plies) with 6 or 7.
pub fn russian_count(position: &Position) -> Option<(u32, &'static str)> {
    let (white, black) = (material(position, Color::White), material(position, Color::Black));
    let mut best: Option<(u32, &'static str)> = None;
    let mut consider = |limit: u32, rule: &'static str| {
        if best.is_none_or(|(plies, _)| limit < plies) {
            best = Some((limit, rule));
        }
    };
    for (strong, weak, weak_color) in [(white, black, Color::Black), (black, white, Color::White)] {
        if weak != (0, 1) {
            continue;
        }
        let (men, kings) = strong;
        if men == 0 && kings >= 3 {
            consider(30, "15-move rule (three kings against one)");
        }
        if men + kings == 3 && kings >= 1 {
            let road = main_road();
            let lone = position.kings_of(weak_color);
            if lone.intersects(road) && (position.occupied() & road).count() == 1 {
                consider(10, "5-move rule (a lone king on the main road)");
            }
        }
        if men + kings == 2 && kings >= 1 {
            consider(10, "5-move rule (two pieces against a king)");
        }
    }
    if white.1 > 0 && black.1 > 0 {
        match position.occupied().count() {
            4 | 5 => consider(60, "30-move rule (4- and 5-piece endings)"),
            6 | 7 => consider(120, "60-move rule (6- and 7-piece endings)"),
            _ => {}
        }
    }
    best
}

/// The Brazilian counts, FMJD's as in International draughts: against a lone king, three
/// pieces with a king among them are drawn after 16 moves each (32 plies), two pieces with a king
/// after 5 (10 plies).
pub fn brazilian_count(position: &Position) -> Option<(u32, &'static str)> {
    let (white, black) = (material(position, Color::White), material(position, Color::Black));
    let strong = match (white, black) {
        ((0, 1), other) | (other, (0, 1)) => other,
        _ => return None,
    };
    match strong {
        (0, 3) | (1, 2) | (2, 1) => Some((32, "16-move rule")),
        (0, 2) | (1, 1) => Some((10, "5-move rule")),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flying8::fen::parse_fen;
    use crate::flying8::{Brazilian, Russian};
    use crate::history::GameHistory;
    use crate::rules::Rules;

    fn russian(fen: &str) -> Option<u32> {
        russian_count(&parse_fen(fen).unwrap()).map(|(plies, _)| plies)
    }

    fn brazilian(fen: &str) -> Option<u32> {
        brazilian_count(&parse_fen(fen).unwrap()).map(|(plies, _)| plies)
    }

    #[test]
    fn russian_counts() {
        // Three kings against one, off the main road: 15 moves.
        assert_eq!(russian("W:WK2,K3,K4:BK17"), Some(30));
        assert_eq!(russian("B:WK17:BK2,K3,K4,K8"), Some(30), "four kings too");
        // The lone king alone on the main road (c3 = 10) against three pieces: 5 moves.
        assert_eq!(russian("W:WK2,K3,K4:BK10"), Some(10));
        assert_eq!(russian("W:WK2,K3,6:BK10"), Some(10));
        // A white piece on the road too: the lone king does not hold it alone.
        assert_eq!(russian("W:WK1,K3,K4:BK10"), Some(30));
        // Two pieces with a king against a king: 5 moves.
        assert_eq!(russian("W:WK2,6:BK17"), Some(10));
        assert_eq!(russian("W:WK2,K6:BK17"), Some(10));
        // Both sides with kings: 4-5 pieces 30 moves, 6-7 pieces 60 moves.
        assert_eq!(russian("W:WK2,6:BK17,25"), Some(60));
        assert_eq!(russian("W:WK2,6,7:BK17,25,26"), Some(120));
        assert_eq!(russian("W:WK2,6,7,8:BK17,25,26,27"), None, "8 pieces");
        // No king on one side, or a lone man: no count.
        assert_eq!(russian("W:W2,6:BK17,25"), None);
        assert_eq!(russian("W:WK2,K3,K4:B17"), None);
        assert_eq!(russian("W:WK2:BK17"), None, "king against king: the 15-move rule only");
    }

    /// Plays `plies` quiet plies from `fen` (each time the first move that captures nothing and
    /// leaves the other side no capture), recording them in the game's history; the history.
    fn quiet_game<R: Rules<Position = Position>>(fen: &str, plies: usize) -> GameHistory {
        let mut p = R::parse_fen(fen).unwrap();
        let mut h = GameHistory::new::<R>(&p);
        for ply in 0..plies {
            let moves = R::legal_moves(&p);
            let quiet = |m: &&R::Move| !R::is_capture(m) && !R::has_capture(&R::play(&p, m));
            let mv = *moves.iter().find(quiet).unwrap_or_else(|| {
                panic!("{fen}: no quiet move at ply {ply}");
            });
            let next = R::play(&p, &mv);
            h.push_move::<R>(&p, &mv, &next);
            p = next;
        }
        h
    }

    #[test]
    fn a_russian_count_runs_out_in_the_game_s_history() {
        // Three kings against one (off the main road): drawn after 15 moves each.
        let fen = "W:WK2,K3,K4:BK17";
        let before = quiet_game::<Russian>(fen, 29).endgame_count().unwrap();
        assert_eq!((before.plies, before.limit, before.reached()), (29, 30, false));
        assert!(quiet_game::<Russian>(fen, 30).endgame_count().unwrap().reached());
    }

    #[test]
    fn a_russian_crowning_starts_the_count_again_a_brazilian_one_does_not() {
        // Two kings and a man on e7 against a king: a king move each, then e7 is crowned.
        let play = |h: &mut GameHistory, p: Position, text: &str, russian: bool| -> Position {
            let (mv, next) = if russian {
                let mv = Russian::parse_move(&p, text).unwrap();
                (mv, Russian::play(&p, &mv))
            } else {
                let mv = Brazilian::parse_move(&p, text).unwrap();
                (mv, Brazilian::play(&p, &mv))
            };
            if russian {
                h.push_move::<Russian>(&p, &mv, &next);
            } else {
                h.push_move::<Brazilian>(&p, &mv, &next);
            }
            next
        };
        for russian in [true, false] {
            let mut p = parse_fen("W:WK2,K3,27:BK17").unwrap();
            let mut h = if russian {
                GameHistory::new::<Russian>(&p)
            } else {
                GameHistory::new::<Brazilian>(&p)
            };
            for text in ["c1-b2", "a5-b6", "e7-d8"] {
                p = play(&mut h, p, text, russian);
            }
            let count = h.endgame_count().unwrap();
            if russian {
                // Both sides with kings, 4 pieces (60 plies) became three kings against one (30),
                // counted from the crowning.
                assert_eq!((count.plies, count.limit), (0, 30));
            } else {
                // The FMJD 16-move count ran on from the start.
                assert_eq!((count.plies, count.limit), (3, 32));
            }
        }
    }

    #[test]
    fn brazilian_counts() {
        for fen in ["W:WK2,K3,K4:BK17", "W:WK2,K3,6:BK17", "B:WK2,6,7:BK17", "W:WK17:BK2,K3,K4"] {
            assert_eq!(brazilian(fen), Some(32), "{fen}");
        }
        for fen in ["W:WK2,K3:BK17", "W:WK2,6:BK17"] {
            assert_eq!(brazilian(fen), Some(10), "{fen}");
        }
        for fen in ["W:WK2:BK17", "W:W2,6:BK17", "W:WK2,K3,K4,K5:BK17", "W:WK2,K3:BK17,25"] {
            assert_eq!(brazilian(fen), None, "{fen}");
        }
    }
}
