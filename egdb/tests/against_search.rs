//! The 5-piece tables against results proven by the engine's own search (written apart from
//! the tables, searching without them): when the search proves a win in `n` plies, the tables
//! must say win in at most `n` (the search also counts draws by repetition and the 40-move count,
//! which can only make wins harder); a proven loss must be a loss in the tables.
//!
//! Ignored (it builds the 5-piece tables, about two minutes on one core, unless
//! `DAMA_EGDB_TEST_DIR` names a table directory that has them):
//! `cargo test --release -p dama-egdb --test against_search -- --ignored`; with
//! `DAMA_EGDB_TEST_PIECES=6` (and a directory holding the 6-piece tables) it checks 6-piece
//! positions instead, with `DAMA_EGDB_TEST_VARIANT=english` English positions against the English
//! tables, with `DAMA_EGDB_TEST_VARIANT=international` International ones (whose search also
//! follows the FMJD counts, which like the move count can only make wins harder), `russian` or
//! `brazilian` those games' (their counts too).

use dama_egdb::{build, BuildOptions, Geometry, TableRules, Tablebase, Value};
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::flying8::{Brazilian, Russian};
use dama_engine::history::GameHistory;
use dama_engine::international::International;
use dama_engine::italian::Italian;
use dama_engine::score::plies_to_end;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};
use rand::{Rng, SeedableRng};
use std::sync::atomic::AtomicU64;

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
                white |= 1 << s;
            } else {
                black |= 1 << s;
            }
            if rng.gen_bool(0.4) {
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

#[test]
#[ignore = "builds the 5-piece tables (about two minutes): run with --ignored"]
fn tables_agree_with_results_the_search_proves() {
    match std::env::var("DAMA_EGDB_TEST_VARIANT").as_deref() {
        Ok("english") => agree::<English>(),
        Ok("international") => agree::<International>(),
        Ok("russian") => agree::<Russian>(),
        Ok("brazilian") => agree::<Brazilian>(),
        _ => agree::<Italian>(),
    }
}

fn agree<R: TableRules>() {
    let dir = match std::env::var_os("DAMA_EGDB_TEST_DIR") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => {
            let dir = std::env::temp_dir().join(format!("dama-egdb-search-{}", std::process::id()));
            let options = BuildOptions { dir: dir.clone(), pieces: 5, distance_pieces: 5 };
            build::<R>(&options, &AtomicU64::new(0), &mut |_| {}).unwrap();
            dir
        }
    };
    let pieces: u32 =
        std::env::var("DAMA_EGDB_TEST_PIECES").ok().and_then(|p| p.parse().ok()).unwrap_or(5);
    let tables = Tablebase::open_game(&dir, R::GAME).unwrap();
    assert!(tables.max_pieces() >= pieces);
    let mut searcher = Searcher::<R>::new(16, 1).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let (mut proven, mut checked) = (0, 0);
    for _ in 0..400 {
        let position = random_position::<R>(&mut rng, pieces);
        if R::legal_moves(&position).is_empty() {
            continue;
        }
        searcher.clear();
        let result = searcher.search(
            &position,
            &GameHistory::new::<R>(&position),
            &SearchLimits::depth(14),
            &SearchControl::new(),
            |_| {},
        );
        let probe = tables.probe_game::<R>(&position).unwrap();
        checked += 1;
        let fen = R::to_fen(&position);
        match plies_to_end(result.score) {
            Some(n) if n > 0 => {
                proven += 1;
                assert_eq!(probe.value, Value::Win, "{fen}: search wins in {n}");
                if let Some(plies) = probe.plies {
                    assert!(plies <= n as u32, "{fen}: search wins in {n}, tables {probe:?}");
                }
            }
            Some(n) => {
                proven += 1;
                assert_eq!(probe.value, Value::Loss, "{fen}: search loses in {}", -n);
            }
            None => {}
        }
    }
    eprintln!(
        "{proven} of {checked} {} positions proven by the search agree with the tables",
        R::NAME
    );
    assert!(proven >= 50, "only {proven} of {checked} positions proven by the search");
}
