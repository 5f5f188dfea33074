//! Unmoves on the 10x10 board: the positions from which one flying-king move that captures
//! nothing reaches a given position. Inside a group of the retrograde analysis only such moves
//! happen, and a king's slide runs back the way it came, so the builder finds a position's
//! predecessors from the position itself instead of keeping every king move of the group in
//! memory ([`crate::game::TableRules::UNMOVES`]): with flying kings a group of five pieces has
//! some fifty moves a position.

use crate::geometry::{Board, Geometry};

/// No square.
const NONE: u8 = u8::MAX;

/// `NEXT[s][d]`: the square (bit) next to bit `s` in direction `d` (up-left, up-right,
/// down-left, down-right, "up" toward square 1), or [`NONE`].
const NEXT: [[u8; 4]; 50] = next_table();

const fn next_table() -> [[u8; 4]; 50] {
    let mut table = [[NONE; 4]; 50];
    let directions: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    let mut s = 0;
    while s < 50 {
        let row = s as i32 / 5;
        // Square 1 is on the second column of the first row: even rows start one column in.
        let column = 2 * (s as i32 % 5) + if row % 2 == 0 { 1 } else { 0 };
        let mut d = 0;
        while d < 4 {
            let (r, c) = (row + directions[d].0, column + directions[d].1);
            if r >= 0 && r < 10 && c >= 0 && c < 10 {
                table[s][d] = (r * 5 + (c - if r % 2 == 0 { 1 } else { 0 }) / 2) as u8;
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
/// moved had no capture there (a capture, when there is one, must be played). `has_capture`
/// says whether White, to move on a board, has a capture.
pub fn flying_king_unmoves(
    board: &Board,
    out: &mut Vec<Board>,
    has_capture: impl Fn(&Board) -> bool,
) {
    let occupied = board.white | board.black;
    let mut kings = board.black & board.kings;
    while kings != 0 {
        let at = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        let here = 1u64 << at;
        for (d, &first) in NEXT[at].iter().enumerate() {
            // The squares behind the king, nearest first: where it may have come from.
            let mut from = first;
            while from != NONE && occupied >> from & 1 == 0 {
                let there = 1u64 << from;
                let before = Board {
                    white: board.white,
                    black: board.black ^ here ^ there,
                    kings: board.kings ^ here ^ there,
                };
                let before = before.turned(Geometry::BOARD10);
                if !has_capture(&before) {
                    out.push(before);
                }
                from = NEXT[from as usize][d];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TableRules;
    use dama_engine::color::Color;
    use dama_engine::international::{parse_fen, International};
    use dama_engine::rules::Rules;

    fn normalized(fen: &str) -> Board {
        Board::normalize::<International>(&parse_fen(fen).unwrap()).1
    }

    /// Every unmove is undone by a legal move, and every quiet king move of a position is found
    /// back from the position it leads to, once.
    #[test]
    fn unmoves_are_the_king_moves_backward() {
        for fen in [
            "B:WK46,K5:BK28",
            "W:WK1,K33,K37:BK28",
            "B:W20,K9:B40,K23",
            "B:WK46:BK23,K19",
            "W:W27,28:BK50",
        ] {
            let before = parse_fen(fen).unwrap();
            let mut moves = Vec::new();
            for mv in International::legal_moves(&before) {
                let is_king = before.kings >> (mv.from - 1) & 1 == 1;
                if mv.captured == 0 && is_king {
                    moves.push(International::play(&before, &mv));
                }
            }
            let from = Board::normalize::<International>(&before).1;
            for after in &moves {
                let (_, board) = Board::normalize::<International>(after);
                let mut found = Vec::new();
                International::king_unmoves(&board, &mut found);
                assert_eq!(found.iter().filter(|b| **b == from).count(), 1, "{fen}");
                for b in &found {
                    let p = b.to_position::<International>(Color::White).unwrap();
                    let reaches = International::legal_moves(&p)
                        .iter()
                        .any(|m| Board::normalize::<International>(&p.play_move(m)).1 == board);
                    assert!(reaches, "{fen}");
                }
            }
        }
        // A king that could capture had to: no unmove leads to a position with a capture.
        let mut found = Vec::new();
        International::king_unmoves(&normalized("W:WK46:BK28,22"), &mut found);
        assert!(found.iter().all(|b| {
            let p = b.to_position::<International>(Color::White).unwrap();
            !International::has_capture(&p)
        }));
    }
}
