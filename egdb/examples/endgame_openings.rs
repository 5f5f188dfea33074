//! Endgame openings for matches with and without tables: reads PDN games (from `dama match
//! --pdn-out`) and prints, per game, the FEN of the first position with at most MAX pieces where
//! the side to move has no capture (a quiet position), once per distinct position.
//!
//! `cargo run --release -p dama-egdb --example endgame_openings -- games.pdn 10 > endgames.txt`
//! then `dama match ... --openings endgames.txt`.

use dama_engine::board8::fen::to_fen;
use dama_engine::pdn::parse_pdn;
use std::collections::HashSet;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: endgame_openings GAMES.pdn MAX_PIECES");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).unwrap_or_else(|e| {
        eprintln!("cannot read {}: {e}", args[1]);
        std::process::exit(2);
    });
    let max: u32 = args[2].parse().unwrap_or_else(|_| {
        eprintln!("MAX_PIECES must be a number, got {}", args[2]);
        std::process::exit(2);
    });
    let games = parse_pdn(&text).unwrap_or_else(|e| {
        eprintln!("{}: {e}", args[1]);
        std::process::exit(2);
    });
    let mut seen = HashSet::new();
    for game in games {
        let mut position = game.start;
        for mv in std::iter::once(None).chain(game.moves.iter().map(Some)) {
            if let Some(mv) = mv {
                position = position.play(mv);
            }
            let quiet = position.legal_moves().first().is_some_and(|m| !m.is_capture());
            if position.occupied().count() <= max && quiet {
                if seen.insert(position.key()) {
                    println!("{}", to_fen(&position));
                }
                break;
            }
        }
    }
}
