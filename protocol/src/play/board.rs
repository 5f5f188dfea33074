//! The board of `dama play` as text.

use dama_engine::board8::piece::Piece;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;

/// The board as text, each dark square its piece or, when empty, its number (to type moves by),
/// Black at the top unless `flipped`.
pub fn board_text(position: &Position, flipped: bool) -> String {
    let mut text = String::new();
    let order: Vec<u8> = if flipped { (0..8).rev().collect() } else { (0..8).collect() };
    for &row in &order {
        text.push_str("   ");
        for &column in &order {
            let cell = match Square::from_row_column(row, column) {
                None => "    ".to_string(),
                Some(s) => match position.piece_at(s) {
                    None => format!("{:>3} ", s.number()),
                    Some(Piece::WhiteMan) => "  w ".to_string(),
                    Some(Piece::WhiteKing) => "  W ".to_string(),
                    Some(Piece::BlackMan) => "  b ".to_string(),
                    Some(Piece::BlackKing) => "  B ".to_string(),
                },
            };
            text.push_str(&cell);
        }
        text.push('\n');
    }
    let side = match position.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    text.push_str(&format!("   {side} to move   (w b men, W B kings)"));
    text
}
