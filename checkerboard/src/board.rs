//! CheckerBoard's board and move structures, and their conversion to and from Dama's positions
//! and moves for the game being played ([`CbGame`]: where each square is on CheckerBoard's
//! `int board[8][8]`, indexed `board[x][y]`, x the column and y the row). A move's path and
//! captured squares are its route ([`crate::route`]).

use crate::game::CbGame;
pub use crate::game::Coor;
use crate::route::{route_of, CbRoute};
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
pub fn position_from_board<G: CbGame>(board: &CbBoard, color: i32) -> Result<Position, String> {
    let side = color_of(color)?;
    let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    for (x, column) in board.iter().enumerate() {
        for (y, &code) in column.iter().enumerate() {
            if code == 0 {
                continue;
            }
            let at = Coor { x: x as i32, y: y as i32 };
            let Some(square) = G::square_at(at) else {
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
pub fn write_board<G: CbGame>(board: &mut CbBoard, position: &Position) {
    *board = [[0; 8]; 8];
    for square in Square::ALL {
        if let Some(piece) = position.piece_at(square) {
            let c = G::coor(square);
            board[c.x as usize][c.y as usize] = piece_code(piece);
        }
    }
}

/// CheckerBoard's description of `mv` played in `position`: the route [`CbGame::routes`] gives
/// it (`path[1..]` the landing squares, `del` the captured squares in the same order).
pub fn cb_move<G: CbGame>(position: &Position, mv: &Move) -> CbMove {
    cb_move_of_route::<G>(position, &route_of::<G>(position, mv))
}

/// CheckerBoard's description of the move `route` in `position`.
pub fn cb_move_of_route<G: CbGame>(position: &Position, route: &CbRoute) -> CbMove {
    let mv = &route.mv;
    let oldpiece = position.piece_at(mv.from()).map_or(0, piece_code);
    let after = G::play(position, mv);
    let newpiece = after.piece_at(mv.to()).map_or(0, piece_code);
    let mut out = CbMove {
        jumps: mv.capture_count() as i32,
        newpiece,
        oldpiece,
        from: G::coor(mv.from()),
        to: G::coor(mv.to()),
        ..CbMove::default()
    };
    out.path[0] = out.from;
    if mv.is_capture() {
        for (i, &landing) in route.landings.iter().enumerate().take(CB_MAX_STEPS - 1) {
            out.path[i + 1] = G::coor(landing);
        }
        for (i, &captured) in route.captured.iter().enumerate().take(CB_MAX_STEPS) {
            out.del[i] = G::coor(captured);
            out.delpiece[i] = position.piece_at(captured).map_or(0, piece_code);
        }
    } else {
        out.path[1] = out.to;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::board8::fen::parse_fen;
    use dama_engine::italian::notation::parse_move;
    use dama_engine::italian::Italian;

    fn board_of(fen: &str) -> CbBoard {
        let mut board = [[0; 8]; 8];
        write_board::<Italian>(&mut board, &parse_fen(fen).unwrap());
        board
    }

    fn coor(square: Square) -> Coor {
        Italian::coor(square)
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
    fn boards_round_trip_and_bad_boards_are_refused() {
        for fen in ["W:W21-32:B1-12", "B:WK4,22:B9,K30", "W:W31:BK2"] {
            let p = parse_fen(fen).unwrap();
            let code = color_code(p.side_to_move());
            assert_eq!(position_from_board::<Italian>(&board_of(fen), code).unwrap(), p, "{fen}");
        }
        let mut light = board_of("W:W21-32:B1-12");
        light[1][0] = CB_WHITE | CB_MAN;
        assert!(position_from_board::<Italian>(&light, CB_WHITE)
            .unwrap_err()
            .contains("light square"));
        let mut odd = board_of("W:W21-32:B1-12");
        odd[0][0] = 3;
        assert!(position_from_board::<Italian>(&odd, CB_WHITE).is_err());
        odd[0][0] = CB_WHITE | CB_MAN; // a white man on its promotion row
        assert!(position_from_board::<Italian>(&odd, CB_WHITE).is_err());
        assert!(position_from_board::<Italian>(&board_of("W:W21:B1"), 3).is_err());
        assert!(position_from_board::<Italian>(&[[0; 8]; 8], CB_WHITE).is_err());
    }

    #[test]
    fn a_capture_lists_its_path_and_captured_pieces() {
        // White man 22 takes 18 landing on 13, then 10 landing on 6.
        let p = parse_fen("W:W22:B18,10").unwrap();
        let mv = parse_move(&p, "22x13x6").unwrap();
        assert_eq!(mv.capture_count(), 2);
        assert_eq!(cb_move::<Italian>(&p, &mv).path[1], coor(Square::from_number(13).unwrap()));
        let m = cb_move::<Italian>(&p, &mv);
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
}
