//! Every legal move with its path, square by square: the reference the search's set-wise
//! generator ([`super::movegen`]) is tested against, the paths of move text, and a perft of its
//! own. Written for clarity, not speed: the rules of [`super`] one at a time.

use super::squares;
use super::Ruleset;
use crate::board8::moves::Move;
use crate::board8::position::Position;
use crate::board8::square::Square;
use crate::color::Color;
use crate::english::geometry::step;
use crate::movetext::PathMove;

/// One route of a legal move: where the piece starts, where it stops, what it takes in order,
/// and whether it is a king when the move ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The start square.
    pub from: Square,
    /// The squares where the piece stops, in order; the last is the end square.
    pub landings: Vec<Square>,
    /// The captured squares in capture order.
    pub captured: Vec<Square>,
    /// Whether the piece is a king after the move.
    pub king_after: bool,
}

impl Route {
    /// The end square.
    pub fn to(&self) -> Square {
        *self.landings.last().expect("a move ends somewhere")
    }

    /// The move without its route.
    pub fn mv(&self) -> Move {
        if self.captured.is_empty() {
            Move::quiet(self.from, self.to())
        } else {
            Move::capture(self.from, self.to(), &self.captured)
        }
    }

    /// The route in the game's numbers (1 = a1), as move text reads and writes it.
    pub fn path_move(&self) -> PathMove<Move> {
        PathMove {
            mv: self.mv(),
            from: squares::number(self.from),
            landings: self.landings.iter().map(|&s| squares::number(s)).collect(),
            captured: self.captured.iter().map(|&s| squares::number(s)).collect(),
        }
    }

    /// The route in the game's numbers: `10-14`, `10x19x28`.
    pub fn number_text(&self) -> String {
        self.path_move().path()
    }

    /// The route in algebraic notation, as Russian and Brazilian players write it: `c3-d4`,
    /// captures `c3:e5:g7`.
    pub fn algebraic_text(&self) -> String {
        let separator = if self.captured.is_empty() { "-" } else { ":" };
        let mut text = squares::algebraic(self.from);
        for &s in &self.landings {
            text.push_str(separator);
            text.push_str(&squares::algebraic(s));
        }
        text
    }
}

/// The square next to `square` along direction `d` (up-left, up-right, down-left, down-right,
/// as [`crate::english::geometry::DIRECTIONS`]; White's men move up).
fn next(square: Square, d: usize) -> Option<Square> {
    step(square, d, 1)
}

/// Whether a man of `color` moves along direction `d`.
fn forward(color: Color, d: usize) -> bool {
    match color {
        Color::White => d < 2,
        Color::Black => d >= 2,
    }
}

/// The row where `color`'s men are crowned.
fn crowning_row(color: Color) -> u8 {
    match color {
        Color::White => 0,
        Color::Black => 7,
    }
}

/// Every legal move of `position` under the rules `G`, every route of each (a king taking the
/// same pieces around a loop either way is two routes of one move).
pub fn every_route<G: Ruleset>(position: &Position) -> Vec<Route> {
    routes::<G>(position, false)
}

/// Every route as KestoG's Russian perft table counts them
/// ([`super::movegen::generate_counted_routes`]): after each piece taken, a Russian king lands
/// only where it can capture off the line it came along, if it can from some square, else
/// anywhere beyond.
pub fn counted_routes<G: Ruleset>(position: &Position) -> Vec<Route> {
    routes::<G>(position, true)
}

fn routes<G: Ruleset>(position: &Position, counted: bool) -> Vec<Route> {
    let us = position.side_to_move();
    let mut routes = Vec::new();
    for from in position.pieces(us) {
        let mut search = Search::<G> {
            position,
            from,
            us,
            taken: Vec::new(),
            landings: Vec::new(),
            counted,
            out: &mut routes,
            _rules: std::marker::PhantomData,
        };
        search.extend(from, position.kings().contains(from));
    }
    if !routes.is_empty() {
        if G::MAJORITY {
            let most = routes.iter().map(|r| r.captured.len()).max().unwrap_or(0);
            routes.retain(|r| r.captured.len() == most);
        }
        return routes;
    }
    let occupied = position.occupied();
    for from in position.pieces(us) {
        let king = position.kings().contains(from);
        for d in 0..4 {
            if !king && !forward(us, d) {
                continue;
            }
            let mut at = from;
            while let Some(to) = next(at, d).filter(|&s| !occupied.contains(s)) {
                let king_after = king || to.row() == crowning_row(us);
                routes.push(Route { from, landings: vec![to], captured: vec![], king_after });
                if !king {
                    break;
                }
                at = to;
            }
        }
    }
    routes
}

/// Every legal move of `position` under the rules `G`, one route each (the first found), in the
/// order the search's generator lists them.
pub fn legal_routes<G: Ruleset>(position: &Position) -> Vec<Route> {
    let mut seen: Vec<Move> = Vec::new();
    let mut out = Vec::new();
    for route in every_route::<G>(position) {
        let mv = route.mv();
        if !seen.contains(&mv) {
            seen.push(mv);
            out.push(route);
        }
    }
    out
}

/// One piece's capture search.
struct Search<'a, G> {
    position: &'a Position,
    from: Square,
    us: Color,
    taken: Vec<Square>,
    landings: Vec<Square>,
    /// KestoG's counting convention for a king's landing squares, not the rules'.
    counted: bool,
    out: &'a mut Vec<Route>,
    _rules: std::marker::PhantomData<G>,
}

impl<G: Ruleset> Search<'_, G> {
    /// Whether `square` is empty for the moving piece: its start square is; captured pieces
    /// stay on the board until the move ends.
    fn empty(&self, square: Square) -> bool {
        square == self.from || !self.position.occupied().contains(square)
    }

    /// Whether `square` holds an enemy piece not taken yet.
    fn prey(&self, square: Square) -> bool {
        self.position.pieces(self.us.opposite()).contains(square) && !self.taken.contains(&square)
    }

    /// The captures of a piece on `at` along `d`: the piece taken and where it may land (one
    /// square for a man, every empty square beyond for a king), or `None`.
    fn jump(&self, at: Square, d: usize, king: bool) -> Option<(Square, Vec<Square>)> {
        let mut over = next(at, d)?;
        if king {
            while self.empty(over) {
                over = next(over, d)?;
            }
        }
        if !self.prey(over) {
            return None;
        }
        let mut lands = Vec::new();
        let mut land = next(over, d);
        while let Some(s) = land.filter(|&s| self.empty(s)) {
            lands.push(s);
            if !king {
                break;
            }
            land = next(s, d);
        }
        (!lands.is_empty()).then_some((over, lands))
    }

    /// Whether a king on `at` can take a piece (after the pieces taken so far).
    fn king_can_take(&self, at: Square) -> bool {
        (0..4).any(|d| self.jump(at, d, true).is_some())
    }

    /// Goes on from `at`, the piece a king when `king`.
    fn extend(&mut self, at: Square, king: bool) {
        let mut extended = false;
        for d in 0..4 {
            let Some((over, mut lands)) = self.jump(at, d, king) else { continue };
            self.taken.push(over);
            if king && !G::MAJORITY {
                // Russian rules: a king that can go on capturing from some of the squares beyond
                // must land on one of those. (Counting as KestoG does: from some of those it can
                // capture off its line, if there are any.)
                let off = if d == 0 || d == 3 { [1, 2] } else { [0, 3] };
                let going_on: Vec<Square> = lands
                    .iter()
                    .copied()
                    .filter(|&s| {
                        if self.counted {
                            off.iter().any(|&j| self.jump(s, j, true).is_some())
                        } else {
                            self.king_can_take(s)
                        }
                    })
                    .collect();
                if !going_on.is_empty() {
                    lands = going_on;
                }
            }
            for land in lands {
                extended = true;
                let crowned = !king && G::CROWNS_IN_CAPTURE && land.row() == crowning_row(self.us);
                self.landings.push(land);
                self.extend(land, king || crowned);
                self.landings.pop();
            }
            self.taken.pop();
        }
        if !extended && !self.taken.is_empty() {
            let end = *self.landings.last().expect("a capture lands");
            let king_after = king || end.row() == crowning_row(self.us);
            self.out.push(Route {
                from: self.from,
                landings: self.landings.clone(),
                captured: self.taken.clone(),
                king_after,
            });
        }
    }
}

/// Leaves of the move tree `depth` plies below `position`, one per distinct move, with the
/// path generator and each route's own result (the reference for [`super::perft`]).
pub fn path_perft<G: Ruleset>(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let routes = legal_routes::<G>(position);
    if depth == 1 {
        return routes.len() as u64;
    }
    routes.iter().map(|r| path_perft::<G>(&after_route(position, r), depth - 1)).sum()
}

/// The position after `route`, built from its squares alone: the piece leaves its start, the
/// captured pieces go, the piece stands on its end square, a king if the route made it one.
pub fn after_route(position: &Position, route: &Route) -> Position {
    let us = position.side_to_move();
    let captured: crate::board8::bitboard::Bitboard = route.captured.iter().copied().collect();
    let to = crate::board8::bitboard::Bitboard::from_square(route.to());
    let from = crate::board8::bitboard::Bitboard::from_square(route.from);
    let ours = (position.pieces(us) - from) | to;
    let theirs = position.pieces(us.opposite()) - captured;
    let mut kings = position.kings() - captured - from;
    if route.king_after {
        kings |= to;
    }
    let (white, black) = match us {
        Color::White => (ours, theirs),
        Color::Black => (theirs, ours),
    };
    Position::from_parts(white, black, kings, us.opposite())
        .expect("a legal move leads to a position")
}
