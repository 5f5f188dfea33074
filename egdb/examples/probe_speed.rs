//! Probe speed: random positions with exactly N pieces, probed through a fresh `Tablebase`.
//!
//! ```text
//! cargo run --release -p dama-egdb --example probe_speed -- DIR PIECES [COUNT] [english|international]
//! ```
//! Prints probes per second for values and for values with distances, first over COUNT
//! random positions (mostly cache misses: each needs a block decompressed), then over the
//! same 200 positions probed again and again (cache hits). With `english` or `international`,
//! that game's tables in the table directory DIR; the Italian ones otherwise.

use dama_egdb::{Geometry, TableRules, Tablebase};
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use rand::{Rng, SeedableRng};
use std::time::Instant;

fn random_position<R: TableRules>(rng: &mut impl Rng, pieces: u32) -> R::Position {
    let squares = Geometry::of(R::GAME).squares;
    loop {
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
            if rng.gen_bool(0.5) {
                kings |= 1 << s;
            }
        }
        let side = if rng.gen_bool(0.5) { Color::White } else { Color::Black };
        if white == 0 || black == 0 {
            continue;
        }
        if let Ok(p) = R::from_masks(white, black, kings, side) {
            return p;
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: probe_speed DIR PIECES [COUNT] [english|international]");
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

fn run<R: TableRules>(args: &[String]) {
    let dir = std::path::PathBuf::from(&args[1]);
    let pieces: u32 = args[2].parse().unwrap_or(5);
    let count: usize = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(200_000);
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let positions: Vec<R::Position> =
        (0..count).map(|_| random_position::<R>(&mut rng, pieces)).collect();
    for distances in [false, true] {
        let tables = match Tablebase::open_game(&dir, R::GAME) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(2);
            }
        };
        let what = if distances { "value+distance" } else { "value" };
        let probe = |p: &R::Position| {
            if distances {
                tables.probe_game::<R>(p).map(|r| r.value)
            } else {
                tables.probe_value_game::<R>(p)
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
