//! The board of each game as a front end draws it: where each numbered square stands (the
//! game's numbering, [`GameRules::BOARD_SIDE`] and [`GameRules::FIRST_SQUARE_COLUMN`]) and
//! what stands on each square, read from the position's FEN.

use super::GameRules;

/// The number of the playing square at `row` (0: Black's back row, at the top when White is at
/// the bottom) and `column` (0: White's left), if that square is a playing square.
pub fn square_at<R: GameRules>(row: u8, column: u8) -> Option<usize> {
    let side = R::BOARD_SIDE;
    if row >= side || column >= side {
        return None;
    }
    // Rows counted from square 1's row (Black's back row, or White's in the games numbered from
    // White's side); square 1's row starts at FIRST_SQUARE_COLUMN, the next at the other column.
    let row = if R::NUMBERED_FROM_WHITE { side - 1 - row } else { row };
    let offset =
        if row.is_multiple_of(2) { R::FIRST_SQUARE_COLUMN } else { 1 - R::FIRST_SQUARE_COLUMN };
    let k = column.checked_sub(offset).filter(|k| k.is_multiple_of(2))? / 2;
    Some(usize::from(row) * usize::from(side / 2) + usize::from(k) + 1)
}

/// The number of playing squares: 32, or 50 in International draughts.
pub fn square_count<R: GameRules>() -> usize {
    usize::from(R::BOARD_SIDE) * usize::from(R::BOARD_SIDE) / 2
}

/// The side to move and one character per square in the game's own numbering (`w` `b` men,
/// `W` `B` kings, `e` empty), read from the position's FEN (the Hub's string of English draughts
/// is turned round as pydraughts keeps it, so it cannot serve).
pub fn square_chars(fen: &str, squares: usize) -> String {
    let mut cells = vec!['e'; squares + 1];
    let mut sections = fen.trim_end_matches('.').split(':');
    cells[0] = sections.next().and_then(|s| s.chars().next()).unwrap_or('W');
    for section in sections {
        let mut chars = section.chars();
        let white = chars.next() == Some('W');
        for item in chars.as_str().split(',').filter(|i| !i.is_empty()) {
            let king = item.starts_with('K');
            let item = item.trim_start_matches('K');
            let (a, b) = item.split_once('-').unwrap_or((item, item));
            let (Ok(a), Ok(b)) = (a.parse::<usize>(), b.parse::<usize>()) else { continue };
            let piece = match (white, king) {
                (true, false) => 'w',
                (true, true) => 'W',
                (false, false) => 'b',
                (false, true) => 'B',
            };
            for cell in cells.iter_mut().take(b.min(squares) + 1).skip(a) {
                *cell = piece;
            }
        }
    }
    cells.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::english::English;
    use dama_engine::flying8::{Brazilian, Russian};
    use dama_engine::international::International;
    use dama_engine::italian::Italian;

    #[test]
    fn the_board_text_follows_the_game_s_numbering() {
        assert_eq!(
            square_chars("B:W21-32:B1-12", 32),
            format!("B{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12))
        );
        assert_eq!(square_chars("W:WK3,5:B1", 5), "WbeWew");
    }

    #[test]
    fn each_game_numbers_its_squares_from_black_s_side() {
        // Italian: square 1 in Black's left corner seen from White, 32 the single corner at
        // White's right.
        assert_eq!((square_at::<Italian>(0, 0), square_at::<Italian>(0, 1)), (Some(1), None));
        assert_eq!(square_at::<Italian>(7, 7), Some(32));
        assert_eq!(square_at::<Italian>(7, 0), None);
        // English: square 1 on the second column, 29 the single corner at White's left.
        assert_eq!((square_at::<English>(0, 0), square_at::<English>(0, 1)), (None, Some(1)));
        assert_eq!((square_at::<English>(7, 0), square_at::<English>(7, 7)), (Some(29), None));
        assert_eq!(square_at::<English>(6, 7), Some(28));
        // International: 10x10, 1 on the second column, 46 in White's left corner.
        assert_eq!(square_at::<International>(0, 1), Some(1));
        assert_eq!(square_at::<International>(0, 9), Some(5));
        assert_eq!(square_at::<International>(9, 0), Some(46));
        assert_eq!(square_at::<International>(9, 9), None);
        assert_eq!(square_at::<International>(10, 0), None);
        assert_eq!(square_count::<International>(), 50);
        // Russian and Brazilian: numbered from White's side, 1 = a1, 5 = b2, 32 = h8.
        assert_eq!((square_at::<Russian>(7, 0), square_at::<Russian>(7, 1)), (Some(1), None));
        assert_eq!((square_at::<Russian>(6, 1), square_at::<Brazilian>(0, 7)), (Some(5), Some(32)));
        assert_eq!(square_at::<Russian>(0, 0), None);
        let mut seen: Vec<usize> =
            (0..8).flat_map(|r| (0..8).filter_map(move |c| square_at::<English>(r, c))).collect();
        seen.sort_unstable();
        assert_eq!(seen, (1..=32).collect::<Vec<_>>());
    }
}
