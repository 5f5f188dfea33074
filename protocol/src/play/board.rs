//! The board of `dama play` as text, in each game's own numbering and orientation: White at the
//! bottom (Black's back row, with square 1, at the top) unless flipped; Dama Italiana's single
//! corner at White's right (square 32), English draughts' at White's left (square 29),
//! International draughts on 10x10 with squares 1-50.

use crate::games::board::{square_at, square_chars, square_count};
use crate::games::GameRules;
use dama_engine::color::Color;

/// The board as text: each dark square its piece or, when empty, its number (to type moves
/// by), each row followed by the numbers of its squares in the order shown; Black at the top
/// unless `flipped`.
pub fn board_text<R: GameRules>(position: &R::Position, flipped: bool) -> String {
    let cells: Vec<char> =
        square_chars(&R::to_fen(position), square_count::<R>()).chars().collect();
    let side = R::BOARD_SIDE;
    let order: Vec<u8> = if flipped { (0..side).rev().collect() } else { (0..side).collect() };
    let mut text = String::new();
    for &row in &order {
        text.push_str("   ");
        let mut numbers = Vec::new();
        for &column in &order {
            let cell = match square_at::<R>(row, column) {
                None => "    ".to_string(),
                Some(square) => {
                    numbers.push(square);
                    match cells[square] {
                        'e' => format!("{square:>3} "),
                        piece => format!("  {piece} "),
                    }
                }
            };
            text.push_str(&cell);
        }
        let (first, last) = (numbers[0], numbers[numbers.len() - 1]);
        text.push_str(&format!("   {first}..{last}\n"));
    }
    let side = match R::side_to_move(position) {
        Color::White => "White",
        Color::Black => "Black",
    };
    text.push_str(&format!("   {side} to move   (w b men, W B kings)"));
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::international::International;
    use dama_engine::italian::Italian;
    use dama_engine::rules::Rules;

    /// The board's rows, each cut to its squares (the row's legend dropped).
    fn rows(text: &str) -> Vec<String> {
        let lines: Vec<&str> = text.lines().collect();
        let board = &lines[..lines.len() - 1];
        board.iter().map(|l| l.rsplit_once("   ").unwrap().0.trim().to_string()).collect()
    }

    #[test]
    fn italian_has_its_single_corner_at_white_s_right() {
        let position = Italian::parse_fen("W:W32:B1").unwrap();
        let text = board_text::<Italian>(&position, false);
        let rows = rows(&text);
        assert_eq!(rows.len(), 8);
        assert!(rows[0].starts_with('b') && rows[7].ends_with('w'), "{text}");
        assert!(text.lines().next().unwrap().ends_with("1..4"), "{text}");
        assert!(text.ends_with("White to move   (w b men, W B kings)"), "{text}");
        let flipped = board_text::<Italian>(&position, true);
        let rows = super::tests::rows(&flipped);
        assert!(rows[0].starts_with('w') && rows[7].ends_with('b'), "{flipped}");
        assert!(flipped.lines().next().unwrap().ends_with("32..29"), "{flipped}");
    }

    #[test]
    fn english_numbers_from_black_s_side_with_the_single_corner_at_white_s_left() {
        let position = English::parse_fen("B:W29:B4").unwrap();
        let text = board_text::<English>(&position, false);
        let rows = rows(&text);
        // Square 4 is Black's top-right corner, 29 White's bottom-left: both single corners.
        assert!(rows[0].ends_with('b') && rows[0].starts_with('1'), "{text}");
        assert!(rows[7].starts_with('w') && rows[7].ends_with("32"), "{text}");
        assert!(text.ends_with("Black to move   (w b men, W B kings)"), "{text}");
    }

    #[test]
    fn international_is_ten_by_ten() {
        let text = board_text::<International>(&International::start(), false);
        let rows = rows(&text);
        assert_eq!(rows.len(), 10);
        assert_eq!(rows[0].matches('b').count(), 5);
        assert!(rows[4].starts_with("21") && rows[5].ends_with("30"), "{text}");
        assert_eq!(rows[9].matches('w').count(), 5);
        assert!(text.lines().nth(9).unwrap().ends_with("46..50"), "{text}");
    }
}
