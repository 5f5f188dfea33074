//! Conversion of table-won positions: the winning side is played by the engine with the tables
//! and then by the same engine without them, at the same node budget; the defender always plays
//! the tables' slowest loss. A game counts as converted when the defender is left without a move
//! before the 40-move count or a threefold repetition draws it.
//!
//! ```text
//! cargo run --release -p dama-egdb --example convert -- DIR PIECES [GAMES] [NODES] [level] [english|international]
//! ```
//!
//! With `level`, only positions where the winner has no more pieces than the defender are used:
//! wins that come from the placement of the pieces, not from a material lead. With `english` or
//! `international`, that game with its tables (in DIR's subdirectory of its name; International
//! games are also drawn by the FMJD counts); Dama Italiana otherwise.

use dama_egdb::{Geometry, SearchedTables, Tablebase, Value};
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::history::GameHistory;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use rand::{Rng, SeedableRng};

fn random_position<R: SearchedTables>(rng: &mut impl Rng, pieces: u32) -> Option<R::Position> {
    let squares = Geometry::of(R::GAME).squares;
    let (mut white, mut black, mut kings, mut used) = (0u64, 0u64, 0u64, 0u64);
    while used.count_ones() < pieces {
        let s = rng.gen_range(0..squares);
        if used & 1 << s != 0 {
            continue;
        }
        used |= 1 << s;
        if rng.gen_bool(0.5) {
            white |= 1 << s
        } else {
            black |= 1 << s
        }
        if rng.gen_bool(0.4) {
            kings |= 1 << s;
        }
    }
    R::from_masks(white, black, kings, Color::White).ok()
}

/// Plays from `start` (the winner to move); returns whether the winner won.
fn play<R: SearchedTables>(
    start: &R::Position,
    winner: &mut Searcher<R>,
    defender: &mut Searcher<R>,
    nodes: u64,
) -> bool {
    let mut position = *start;
    let mut history = GameHistory::new::<R>(&position);
    winner.clear();
    loop {
        if R::legal_moves(&position).is_empty() {
            return R::side_to_move(&position) != R::side_to_move(start);
        }
        if history.is_draw() || history.endgame_count().is_some_and(|c| c.reached()) {
            return false;
        }
        let searcher = if R::side_to_move(&position) == R::side_to_move(start) {
            &mut *winner
        } else {
            &mut *defender
        };
        let result = searcher.search(
            &position,
            &history,
            &SearchLimits::nodes(nodes),
            &SearchControl::new(),
            |_| {},
        );
        let Some(mv) = result.best_move else { return false };
        let next = R::play(&position, &mv);
        history.push_move::<R>(&position, &mv, &next);
        position = next;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: convert DIR PIECES [GAMES] [NODES] [level] [english|international]");
        std::process::exit(2);
    }
    if args[3..].iter().any(|a| a == "english") {
        run::<English>(&args);
    } else if args[3..].iter().any(|a| a == "international") {
        run::<International>(&args);
    } else {
        run::<Italian>(&args);
    }
}

fn run<R: SearchedTables>(args: &[String]) {
    let dir = std::path::PathBuf::from(&args[1]);
    let pieces: u32 = args[2].parse().unwrap_or(5);
    let games: usize = args.get(3).and_then(|g| g.parse().ok()).unwrap_or(100);
    let nodes: u64 = args.get(4).and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let level = args[3..].iter().any(|a| a == "level");
    let open = || match Tablebase::open_game(&dir, R::GAME) {
        Ok(t) => R::searched(t),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(2);
        }
    };
    let tables = Tablebase::open_game(&dir, R::GAME).expect("checked above");
    let mut with = Searcher::<R>::new(16, 1).expect("table");
    with.set_endgame_tables(Some(open()));
    let mut without = Searcher::<R>::new(16, 1).expect("table");
    let mut defender = Searcher::<R>::new(16, 1).expect("table");
    defender.set_endgame_tables(Some(open()));
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let (mut played, mut converted_with, mut converted_without, mut total_plies) = (0, 0, 0, 0);
    while played < games {
        let Some(p) = random_position::<R>(&mut rng, pieces) else { continue };
        // Hard wins only: no capture at once, and at least 15 plies to go.
        let Ok(probe) = tables.probe_game::<R>(&p) else { continue };
        let capture = R::legal_moves(&p).first().is_some_and(R::is_capture);
        if probe.value != Value::Win || capture || probe.plies.is_some_and(|d| d < 15) {
            continue;
        }
        let [white, black, _] = R::masks(&p);
        if level && white.count_ones() > black.count_ones() {
            continue;
        }
        played += 1;
        total_plies += probe.plies.unwrap_or(0);
        converted_with += play(&p, &mut with, &mut defender, nodes) as u32;
        converted_without += play(&p, &mut without, &mut defender, nodes) as u32;
    }
    println!(
        "{} {played} table-won {pieces}-piece positions{} (mean distance {:.1} plies, 0 when the tables hold none), {nodes} nodes a move: converted with tables {converted_with}, without {converted_without}",
        R::NAME,
        if level { " without a material lead" } else { "" },
        total_plies as f64 / played as f64
    );
}
