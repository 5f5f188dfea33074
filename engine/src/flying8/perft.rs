//! Perft with the search's generator: the leaves of the move tree to a depth. [`perft`] counts
//! one leaf per (from, to, captured set), the convention of dctl's tables; [`perft_routes`] one
//! per capture route as KestoG's Russian table counts them
//! ([`super::movegen::generate_counted_routes`]). Bulk counting: the last ply's
//! moves are counted ([`count_moves`]), not played.

use super::movegen::{count_moves, generate, generate_counted_routes};
use super::paths::{counted_routes, legal_routes, Route};
use super::play::play_pieces;
use super::Ruleset;
use crate::board8::moves::MoveList;
use crate::board8::position::Position;

/// The number of leaves `depth` plies below `position`, one per distinct move.
pub fn perft<G: Ruleset>(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_moves::<G>(position) as u64,
        _ => {
            let mut list = MoveList::new();
            generate::<G>(position, &mut list);
            list.iter().map(|mv| perft::<G>(&play_pieces::<G>(position, mv), depth - 1)).sum()
        }
    }
}

/// The number of leaves `depth` plies below `position`, one per capture route as KestoG counts
/// them.
pub fn perft_routes<G: Ruleset>(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate_counted_routes::<G>(position, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    list.iter().map(|mv| perft_routes::<G>(&play_pieces::<G>(position, mv), depth - 1)).sum()
}

/// Perft split by root move: each root move's route and its leaves `depth - 1` plies below, in
/// the generator's order; with `routes`, each route of each root move as KestoG counts them (and
/// every route below).
pub fn divide<G: Ruleset>(position: &Position, depth: u32, routes: bool) -> Vec<(Route, u64)> {
    let below = depth.saturating_sub(1);
    let moves = if routes { counted_routes::<G>(position) } else { legal_routes::<G>(position) };
    moves
        .into_iter()
        .map(|route| {
            let next = play_pieces::<G>(position, &route.mv());
            let n = if routes { perft_routes::<G>(&next, below) } else { perft::<G>(&next, below) };
            (route, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flying8::paths::path_perft;
    use crate::flying8::{parse_fen, Brazilian, Russian};

    /// The published tables (sources named in the file).
    const TABLE: &str = include_str!("perft.txt");

    /// A `perft` record: the game, the position's FEN, whether routes are counted, the depth and
    /// the leaves.
    type Entry = (String, String, bool, u32, u64);

    fn entries() -> Vec<Entry> {
        let mut positions = std::collections::BTreeMap::new();
        let mut out = Vec::new();
        for line in TABLE.lines().map(|l| l.split('#').next().unwrap_or("").trim()) {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match fields.as_slice() {
                [] => {}
                ["position", name, fen] => {
                    assert!(positions.insert(name.to_string(), fen.to_string()).is_none());
                }
                ["perft", game, name, mode, depth, leaves] => out.push((
                    game.to_string(),
                    positions[*name].clone(),
                    match *mode {
                        "unique" => false,
                        "routes" => true,
                        other => panic!("unknown mode {other}"),
                    },
                    depth.parse().unwrap(),
                    leaves.parse().unwrap(),
                )),
                _ => panic!("perft.txt: '{line}' is not a record"),
            }
        }
        out
    }

    fn run(entry: &Entry) -> u64 {
        let (game, fen, routes, depth, _) = entry;
        let p = parse_fen(fen).unwrap();
        match (game.as_str(), routes) {
            ("russian", false) => perft::<Russian>(&p, *depth),
            ("russian", true) => perft_routes::<Russian>(&p, *depth),
            ("brazilian", false) => perft::<Brazilian>(&p, *depth),
            ("brazilian", true) => perft_routes::<Brazilian>(&p, *depth),
            (other, _) => panic!("unknown game {other}"),
        }
    }

    #[test]
    fn perft_matches_the_published_tables_where_cheap() {
        let cheap: Vec<Entry> = entries().into_iter().filter(|e| e.4 <= 700_000).collect();
        assert!(cheap.len() >= 18, "{} cheap entries", cheap.len());
        for entry in &cheap {
            assert_eq!(run(entry), entry.4, "{entry:?}");
        }
    }

    #[test]
    #[ignore = "the published depths up to 200 million leaves, about a minute in release"]
    fn perft_matches_the_published_tables() {
        for entry in entries().iter().filter(|e| e.4 <= 200_000_000) {
            assert_eq!(run(entry), entry.4, "{entry:?}");
        }
    }

    #[test]
    fn perft_agrees_with_the_path_generator_in_king_positions() {
        // Flying kings, loops, men about to be crowned in a capture: no published numbers, so
        // the path generator (one leaf per distinct move too) is the reference.
        for (fen, depth) in [
            ("W:WK1,K32,10,11:BK29,K4,22,23,18", 3),
            ("B:W5,6,K20,15:B27,28,K3,K12,19", 3),
            ("W:WKd2,b6:Bc3,e3,c5,e5,c7,a7", 3),
            ("W:Wb6,g3:Bc7,e7,f2,d2,h6", 4),
        ] {
            let p = parse_fen(fen).unwrap();
            for d in 1..=depth {
                assert_eq!(perft::<Russian>(&p, d), path_perft::<Russian>(&p, d), "{fen} {d}");
                assert_eq!(perft::<Brazilian>(&p, d), path_perft::<Brazilian>(&p, d), "{fen} {d}");
            }
        }
    }

    #[test]
    fn divide_gives_each_root_move_its_route_and_count() {
        let start = Position::start();
        let split = divide::<Russian>(&start, 3, false);
        assert_eq!(split.len(), 7);
        assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 302);
        assert_eq!(split[0].0.algebraic_text(), "a3-b4");
        // A king's two stops before the second piece on its line: one move, two routes counted.
        let p = parse_fen("W:WKb8:Bc7,f4").unwrap();
        let moves: Vec<String> =
            divide::<Russian>(&p, 1, false).iter().map(|(r, _)| r.algebraic_text()).collect();
        assert_eq!(moves, ["b8:d6:g3", "b8:d6:h2"]);
        assert_eq!(divide::<Russian>(&p, 1, true).len(), 4);
        assert_eq!(perft_routes::<Russian>(&p, 1), 4);
    }
}
