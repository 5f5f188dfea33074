//! Unmoves of flying kings: the positions from which one king move that captures nothing
//! reaches a given position, on the 10x10 board (International draughts) and the 8x8 one
//! (Russian and Brazilian draughts). Inside a group of the retrograde analysis only such moves
//! happen, and a king's slide runs back the way it came, so the builder finds a position's
//! predecessors from the position itself instead of keeping every king move of the group in
//! memory ([`crate::game::TableRules::UNMOVES`]): with flying kings a group of five pieces has
//! some fifty moves a position.

use crate::geometry::{Board, Geometry};

/// No square.
const NONE: u8 = u8::MAX;

/// `NEXT10[s][d]`: on the 10x10 board, the square (bit) next to bit `s` in direction `d`
/// (up-left, up-right, down-left, down-right, "up" toward square 1), or [`NONE`].
const NEXT10: [[u8; 4]; 50] = next_table::<50>(5);

/// The same on the 8x8 board of the games whose square 1 is on the second column (the English
/// geometry, in which Russian and Brazilian positions are kept).
const NEXT8: [[u8; 4]; 32] = next_table::<32>(4);

const fn next_table<const N: usize>(per_row: i32) -> [[u8; 4]; N] {
    let mut table = [[NONE; 4]; N];
    let rows = N as i32 / per_row;
    let directions: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    let mut s = 0;
    while s < N {
        let row = s as i32 / per_row;
        // Square 1 is on the second column of the first row: even rows start one column in.
        let column = 2 * (s as i32 % per_row) + if row % 2 == 0 { 1 } else { 0 };
        let mut d = 0;
        while d < 4 {
            let (r, c) = (row + directions[d].0, column + directions[d].1);
            if r >= 0 && r < rows && c >= 0 && c < 2 * per_row {
                table[s][d] = (r * per_row + (c - if r % 2 == 0 { 1 } else { 0 }) / 2) as u8;
            }
            d += 1;
        }
        s += 1;
    }
    table
}

/// Appends to `out` every board (White to move, seen from the side to move as the tables store
/// it) from which a Black king's slide over empty squares reaches `board` (White to move): the
/// king taken back along each diagonal as far as the squares are empty, kept when the side that
/// moved had no capture there (a capture, when there is one, must be played). `geometry` is
/// the board's ([`Geometry::BOARD10`], or [`Geometry::BOARD8`] with square 1 on the second
/// column); `has_capture` says whether White, to move on a board, has a capture.
pub fn flying_king_unmoves(
    board: &Board,
    geometry: Geometry,
    out: &mut Vec<Board>,
    has_capture: impl Fn(&Board) -> bool,
) {
    let next: &[[u8; 4]] = if geometry == Geometry::BOARD10 { &NEXT10 } else { &NEXT8 };
    let occupied = board.white | board.black;
    let mut kings = board.black & board.kings;
    while kings != 0 {
        let at = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        let here = 1u64 << at;
        for (d, &first) in next[at].iter().enumerate() {
            // The squares behind the king, nearest first: where it may have come from.
            let mut from = first;
            while from != NONE && occupied >> from & 1 == 0 {
                let there = 1u64 << from;
                let before = Board {
                    white: board.white,
                    black: board.black ^ here ^ there,
                    kings: board.kings ^ here ^ there,
                };
                let before = before.turned(geometry);
                if !has_capture(&before) {
                    out.push(before);
                }
                from = next[from as usize][d];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TableRules;
    use dama_engine::color::Color;
    use dama_engine::flying8::{Brazilian, Russian};
    use dama_engine::international::International;
    use dama_engine::rules::Rules;

    /// Every unmove of the game `R` is undone by a legal move, and every quiet king move of a
    /// position is found back from the position it leads to, once.
    fn unmoves_are_the_king_moves_backward<R: TableRules>(fens: &[&str]) {
        let mut checked = 0;
        for fen in fens {
            let before = R::parse_fen(fen).unwrap();
            let [_, _, kings] = R::masks(&before);
            let mut moves = Vec::new();
            for mv in R::legal_moves(&before) {
                let after = R::play(&before, &mv);
                let [_, _, kings_after] = R::masks(&after);
                // A quiet king move: the same number of kings, none captured, a king moved.
                let quiet = !R::is_capture(&mv) && !R::is_irreversible(&before, &mv);
                if quiet && kings.count_ones() == kings_after.count_ones() {
                    moves.push(after);
                }
            }
            checked += moves.len();
            let from = Board::normalize::<R>(&before).1;
            for after in &moves {
                let (_, board) = Board::normalize::<R>(after);
                let mut found = Vec::new();
                R::king_unmoves(&board, &mut found);
                assert_eq!(found.iter().filter(|b| **b == from).count(), 1, "{fen}");
                for b in &found {
                    let p = b.to_position::<R>(Color::White).unwrap();
                    let reaches = R::legal_moves(&p)
                        .iter()
                        .any(|m| Board::normalize::<R>(&R::play(&p, m)).1 == board);
                    assert!(reaches, "{fen}");
                }
            }
        }
        assert!(checked >= 2 * fens.len(), "{checked} king moves in {fens:?}");
    }

    #[test]
    fn unmoves_are_the_king_moves_backward_on_both_boards() {
        unmoves_are_the_king_moves_backward::<International>(&[
            "B:WK46,K5:BK28",
            "W:WK1,K33,K37:BK28",
            "B:W20,K9:B40,K23",
            "B:WK46:BK23,K19",
            "W:W27,28:BK50",
        ]);
        for fens in [
            &["B:WK1,K32:BK14", "W:WK1,K10,K20:BK30", "B:W5,K9:B20,K23", "B:WK4:BK13,K19"][..],
            &["B:W17,20:BK1", "W:WKc1,Kh8:BKa3"][..],
        ] {
            unmoves_are_the_king_moves_backward::<Russian>(fens);
            unmoves_are_the_king_moves_backward::<Brazilian>(fens);
        }
    }

    #[test]
    fn no_unmove_leads_to_a_position_with_a_capture() {
        // A king that could capture had to.
        let normalized = |fen: &str| {
            Board::normalize::<International>(&International::parse_fen(fen).unwrap()).1
        };
        let mut found = Vec::new();
        International::king_unmoves(&normalized("W:WK46:BK28,22"), &mut found);
        assert!(!found.is_empty());
        assert!(found.iter().all(|b| {
            let p = b.to_position::<International>(Color::White).unwrap();
            !International::has_capture(&p)
        }));
        let p = Russian::parse_fen("W:WKa1:BKd4,c5").unwrap();
        let mut found = Vec::new();
        Russian::king_unmoves(&Board::normalize::<Russian>(&p).1, &mut found);
        assert!(!found.is_empty());
        assert!(found.iter().all(|b| {
            let p = b.to_position::<Russian>(Color::White).unwrap();
            !Russian::has_capture(&p)
        }));
    }
}
