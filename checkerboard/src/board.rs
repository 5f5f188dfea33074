//! CheckerBoard's board and move structures for Italian (game type 22), and their conversion
//! to and from Dama's positions and moves.
//!
//! CheckerBoard passes `int board[8][8]` indexed `board[x][y]`, x the column and y the row.
//! For Italian, square `n` (1-32, the FID numbering Dama uses) is at `y = (n - 1) / 4`,
//! `x = 2 * ((n - 1) % 4) + (y odd)`, which is exactly Dama's own row and column of a square
//! (row 0 holds squares 1-4, Black's back row; column 0 is the left edge seen from White).

use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::moves::Move;
use dama_engine::board8::piece::Piece;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use dama_engine::color::Color;

/// A white piece (colour bit).
pub const CB_WHITE: i32 = 1;
/// A black piece (colour bit).
pub const CB_BLACK: i32 = 2;
/// A man (kind bit).
pub const CB_MAN: i32 = 4;
/// A king (kind bit).
pub const CB_KING: i32 = 8;

/// `getmove` result: the engine thinks the game is a draw.
pub const CB_DRAW: i32 = 0;
/// `getmove` result: the engine thinks it has won.
pub const CB_WIN: i32 = 1;
/// `getmove` result: the engine thinks it has lost.
pub const CB_LOSS: i32 = 2;
/// `getmove` result: no verdict.
pub const CB_UNKNOWN: i32 = 3;

/// CheckerBoard's board: `board[x][y]`.
pub type CbBoard = [[i32; 8]; 8];

/// A square's coordinates on CheckerBoard's board.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coor {
    /// The column, 0-7.
    pub x: i32,
    /// The row, 0-7.
    pub y: i32,
}

/// The most squares `CBmove` can list (its arrays have 12 entries).
pub const CB_MAX_STEPS: usize = 12;

/// CheckerBoard's description of a move, used to animate it and to write it down.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CbMove {
    /// Pieces captured.
    pub jumps: i32,
    /// The moving piece when it lands (a king after a promotion).
    pub newpiece: i32,
    /// The moving piece before the move.
    pub oldpiece: i32,
    /// Where the piece starts.
    pub from: Coor,
    /// Where it ends.
    pub to: Coor,
    /// The landing square after each capture, from `path[1]` (`path[0]` holds the start, which
    /// CheckerBoard does not read).
    pub path: [Coor; CB_MAX_STEPS],
    /// The captured squares, in capture order.
    pub del: [Coor; CB_MAX_STEPS],
    /// The captured pieces, in the same order.
    pub delpiece: [i32; CB_MAX_STEPS],
}

/// The coordinates of `square`.
pub fn coor(square: Square) -> Coor {
    Coor { x: i32::from(square.column()), y: i32::from(square.row()) }
}

/// The square at `coor`, if it is a playing (dark) square of the board.
pub fn square_at(coor: Coor) -> Option<Square> {
    let (x, y) = (u8::try_from(coor.x).ok()?, u8::try_from(coor.y).ok()?);
    Square::from_row_column(y, x)
}

/// CheckerBoard's code of a piece: colour bit OR kind bit.
pub fn piece_code(piece: Piece) -> i32 {
    let colour = match piece.color() {
        Color::White => CB_WHITE,
        Color::Black => CB_BLACK,
    };
    colour | if piece.is_king() { CB_KING } else { CB_MAN }
}

/// The piece of a non-empty square code, or why the code is not a piece.
fn piece_of_code(code: i32) -> Result<Piece, String> {
    let color = match code & (CB_WHITE | CB_BLACK) {
        CB_WHITE => Color::White,
        CB_BLACK => Color::Black,
        _ => return Err(format!("square code {code} is not a piece (colour bit 1 or 2)")),
    };
    match code & !(CB_WHITE | CB_BLACK) {
        CB_MAN => Ok(Piece::new(color, false)),
        CB_KING => Ok(Piece::new(color, true)),
        _ => Err(format!("square code {code} is not a piece (kind bit 4 or 8)")),
    }
}

/// CheckerBoard's side to move as Dama's colour.
pub fn color_of(code: i32) -> Result<Color, String> {
    match code {
        CB_WHITE => Ok(Color::White),
        CB_BLACK => Ok(Color::Black),
        other => Err(format!("colour {other} is neither white (1) nor black (2)")),
    }
}

/// CheckerBoard's code of a side.
pub fn color_code(color: Color) -> i32 {
    match color {
        Color::White => CB_WHITE,
        Color::Black => CB_BLACK,
    }
}

/// The position on `board` with `color` to move, or why it is not one.
pub fn position_from_board(board: &CbBoard, color: i32) -> Result<Position, String> {
    let side = color_of(color)?;
    let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (x, column) in board.iter().enumerate() {
        for (y, &code) in column.iter().enumerate() {
            if code == 0 {
                continue;
            }
            let at = Coor { x: x as i32, y: y as i32 };
            let Some(square) = square_at(at) else {
                return Err(format!("a piece (code {code}) on the light square x={x} y={y}"));
            };
            let piece = piece_of_code(code).map_err(|e| format!("square {square}: {e}"))?;
            match piece.color() {
                Color::White => white.insert(square),
                Color::Black => black.insert(square),
            }
            if piece.is_king() {
                kings.insert(square);
            }
        }
    }
    Position::from_parts(white, black, kings, side).map_err(|e| e.to_string())
}

/// Writes `position` onto `board` (every square, light ones emptied).
pub fn write_board(board: &mut CbBoard, position: &Position) {
    *board = [[0; 8]; 8];
    for square in Square::ALL {
        if let Some(piece) = position.piece_at(square) {
            let c = coor(square);
            board[c.x as usize][c.y as usize] = piece_code(piece);
        }
    }
}

/// CheckerBoard's description of `mv` played in `position`.
pub fn cb_move(position: &Position, mv: &Move) -> CbMove {
    let oldpiece = position.piece_at(mv.from()).map_or(0, piece_code);
    let after = position.play(mv);
    let newpiece = after.piece_at(mv.to()).map_or(0, piece_code);
    let mut out = CbMove {
        jumps: mv.capture_count() as i32,
        newpiece,
        oldpiece,
        from: coor(mv.from()),
        to: coor(mv.to()),
        ..CbMove::default()
    };
    out.path[0] = out.from;
    if mv.is_capture() {
        for (i, landing) in mv.landing_squares().into_iter().enumerate().take(CB_MAX_STEPS - 1) {
            out.path[i + 1] = coor(landing);
        }
        for (i, captured) in mv.captured_in_order().enumerate().take(CB_MAX_STEPS) {
            out.del[i] = coor(captured);
            out.delpiece[i] = position.piece_at(captured).map_or(0, piece_code);
        }
    } else {
        out.path[1] = out.to;
    }
    out
}

/// The `get movelist` entry of a move: `jumps,oldpiece,newpiece,from,to` then
/// `,landing,captured,capturedpiece` for each capture, squares as numbers 1-32.
pub fn movelist_entry(position: &Position, mv: &Move) -> String {
    let m = cb_move(position, mv);
    let mut text = format!(
        "{},{},{},{},{}",
        m.jumps,
        m.oldpiece,
        m.newpiece,
        mv.from().number(),
        mv.to().number()
    );
    if mv.is_capture() {
        let landings = mv.landing_squares();
        for (i, captured) in mv.captured_in_order().enumerate() {
            let piece = position.piece_at(captured).map_or(0, piece_code);
            text.push_str(&format!(",{},{},{piece}", landings[i].number(), captured.number()));
        }
    }
    text
}

/// The reply to `get movelist`: `movelist N,<entry>;<entry>;...` with every entry ending in
/// `;`, or exactly `movelist 0` when there is no legal move.
pub fn movelist_reply(position: &Position) -> String {
    let moves = position.legal_moves();
    let mut reply = format!("movelist {}", moves.len());
    for (i, mv) in moves.iter().enumerate() {
        if i == 0 {
            reply.push(',');
        }
        reply.push_str(&movelist_entry(position, mv));
        reply.push(';');
    }
    reply
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::italian::notation::parse_move;

    fn board_of(fen: &str) -> CbBoard {
        let mut board = [[0; 8]; 8];
        write_board(&mut board, &parse_fen(fen).unwrap());
        board
    }

    #[test]
    fn the_start_has_black_men_on_rows_0_to_2() {
        let board = board_of("W:W21-32:B1-12");
        // Square 1 at x=0 y=0, square 5 at x=1 y=1, square 32 at x=7 y=7.
        assert_eq!(board[0][0], CB_BLACK | CB_MAN);
        assert_eq!(board[1][1], CB_BLACK | CB_MAN);
        assert_eq!(board[7][7], CB_WHITE | CB_MAN);
        assert_eq!(board[1][0], 0, "a light square");
        let count = |code| board.iter().flatten().filter(|&&c| c == code).count();
        assert_eq!(count(CB_BLACK | CB_MAN), 12);
        assert_eq!(count(CB_WHITE | CB_MAN), 12);
        for (x, column) in board.iter().enumerate() {
            for (y, &code) in column.iter().enumerate().take(3) {
                assert_eq!(code != 0, (x + y) % 2 == 0, "x={x} y={y}");
            }
        }
    }

    #[test]
    fn squares_follow_checkerboards_italian_formula() {
        for n in 1..=32u8 {
            let c = coor(Square::from_number(n).unwrap());
            let y = i32::from(n - 1) / 4;
            let x = 2 * (i32::from(n - 1) % 4) + (y % 2);
            assert_eq!(c, Coor { x, y }, "square {n}");
            assert_eq!(1 + 4 * c.y + c.x / 2, i32::from(n));
            assert_eq!(square_at(c), Square::from_number(n));
        }
        assert_eq!(square_at(Coor { x: 1, y: 0 }), None);
        assert_eq!(square_at(Coor { x: -1, y: 0 }), None);
        assert_eq!(square_at(Coor { x: 8, y: 0 }), None);
    }

    #[test]
    fn boards_round_trip_and_bad_boards_are_refused() {
        for fen in ["W:W21-32:B1-12", "B:WK4,22:B9,K30", "W:W31:BK2"] {
            let p = parse_fen(fen).unwrap();
            let code = color_code(p.side_to_move());
            assert_eq!(position_from_board(&board_of(fen), code).unwrap(), p, "{fen}");
        }
        let mut light = board_of("W:W21-32:B1-12");
        light[1][0] = CB_WHITE | CB_MAN;
        assert!(position_from_board(&light, CB_WHITE).unwrap_err().contains("light square"));
        let mut odd = board_of("W:W21-32:B1-12");
        odd[0][0] = 3;
        assert!(position_from_board(&odd, CB_WHITE).is_err());
        odd[0][0] = CB_WHITE | CB_MAN; // a white man on its promotion row
        assert!(position_from_board(&odd, CB_WHITE).is_err());
        assert!(position_from_board(&board_of("W:W21:B1"), 3).is_err());
        assert!(position_from_board(&[[0; 8]; 8], CB_WHITE).is_err());
    }

    #[test]
    fn a_capture_lists_its_path_and_captured_pieces() {
        // White man 22 takes 18 landing on 13, then 10 landing on 6.
        let p = parse_fen("W:W22:B18,10").unwrap();
        let mv = parse_move(&p, "22x13x6").unwrap();
        assert_eq!(mv.capture_count(), 2);
        assert_eq!(cb_move(&p, &mv).path[1], coor(Square::from_number(13).unwrap()));
        let m = cb_move(&p, &mv);
        assert_eq!(m.jumps as usize, mv.capture_count());
        assert_eq!(m.oldpiece, CB_WHITE | CB_MAN);
        assert_eq!(m.from, coor(mv.from()));
        assert_eq!(m.to, coor(mv.to()));
        assert_eq!(m.path[m.jumps as usize], m.to);
        for (i, captured) in mv.captured_in_order().enumerate() {
            assert_eq!(m.del[i], coor(captured));
            assert_eq!(m.delpiece[i], piece_code(p.piece_at(captured).unwrap()));
        }
    }

    #[test]
    fn promotion_shows_in_newpiece_and_the_movelist() {
        let p = parse_fen("W:W5:B25").unwrap();
        let mv = parse_move(&p, "5-1").unwrap();
        let m = cb_move(&p, &mv);
        assert_eq!((m.oldpiece, m.newpiece), (CB_WHITE | CB_MAN, CB_WHITE | CB_KING));
        assert_eq!(movelist_entry(&p, &mv), "0,5,9,5,1");
    }

    #[test]
    fn movelist_replies_have_the_documented_shape() {
        let start = Position::start();
        let reply = movelist_reply(&start);
        assert!(reply.starts_with("movelist 7,"), "{reply}");
        assert_eq!(reply.matches(';').count(), 7);
        assert!(reply.ends_with(';'));
        // No legal move: exactly "movelist 0".
        let stuck = parse_fen("W:W29:B25,26,22").unwrap();
        assert_eq!(movelist_reply(&stuck), "movelist 0");
        let p = parse_fen("W:W22:B18").unwrap();
        assert_eq!(movelist_reply(&p), "movelist 1,1,5,5,22,13,13,18,6;");
    }
}
