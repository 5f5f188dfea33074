//! Probe speed: random positions with exactly N pieces, probed through a fresh `Tablebase`.
//!
//! ```text
//! cargo run --release -p dama-egdb --example probe_speed -- DIR PIECES [COUNT] [english]
//! ```
//! Prints probes per second for values and for values with distances, first over COUNT
//! random positions (mostly cache misses: each needs a block decompressed), then over the
//! same 200 positions probed again and again (cache hits). With `english`, the English tables
//! of the table directory DIR; the Italian ones otherwise.

use dama_egdb::{TableGame, Tablebase};
use dama_engine::board8::bitboard::Bitboard;
use dama_engine::board8::position::Position;
use dama_engine::color::Color;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn random_position(rng: &mut impl Rng, pieces: u32) -> Position {
    loop {
        let (mut white, mut black, mut kings, mut used) = (0u32, 0u32, 0u32, 0u32);
        while used.count_ones() < pieces {
            let s = rng.gen_range(0..32);
            if used & 1 << s != 0 {
                continue;
            }
            used |= 1 << s;
            if rng.gen_bool(0.5) {
                white |= 1 << s
            } else {
                black |= 1 << s
            }
            if rng.gen_bool(0.5) {
                kings |= 1 << s;
            }
        }
        let side = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        let mask = Bitboard::from_square_mask;
        if white == 0 || black == 0 {
            continue;
        }
        if let Ok(p) = Position::from_parts(mask(white), mask(black), mask(kings), side) {
            return p;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: probe_speed DIR PIECES [COUNT] [english]");
        std::process::exit(2);
    }
    let dir = std::path::PathBuf::from(&args[1]);
    let pieces: u32 = args[2].parse().unwrap_or(5);
    let count: usize = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(200_000);
    let english = args[3..].iter().any(|a| a == "english");
    let game = if english { TableGame::English } else { TableGame::Italian };
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let positions: Vec<Position> = (0..count).map(|_| random_position(&mut rng, pieces)).collect();
    for distances in [false, true] {
        let tables = match Tablebase::open_game(&dir, game) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        };
        let what = if distances { "value+distance" } else { "value" };
        let probe = |p: &Position| {
            if distances {
                tables.probe(p).map(|r| r.value)
            } else {
                tables.probe_value(p)
            }
        };
        let started = Instant::now();
        let mut failures = 0;
        for p in &positions {
            failures += probe(p).is_err() as u32;
        }
        let rate = count as f64 / started.elapsed().as_secs_f64();
        println!("{what:>14} random (uncached): {rate:>12.0} probes/s ({failures} failed)");
        let hot = &positions[..200.min(count)];
        let started = Instant::now();
        let rounds = 500;
        for _ in 0..rounds {
            for p in hot {
                let _ = probe(p);
            }
        }
        let rate = (rounds * hot.len()) as f64 / started.elapsed().as_secs_f64();
        println!("{what:>14} repeated (cached): {rate:>12.0} probes/s");
    }
}
