//! Search speed: fixed-depth searches of a few positions with one thread and a cleared table,
//! so each measurement repeats the same tree.
//!
//! ```text
//! cargo bench --bench search
//! cargo bench --bench search -- --test    # run each benchmark once (smoke test)
//! ```

use criterion::{criterion_group, criterion_main, Criterion};
use dama_engine::board8::fen::parse_fen;
use dama_engine::history::GameHistory;
use dama_engine::italian::Italian;
use dama_engine::search::{SearchControl, SearchLimits, Searcher};

const POSITIONS: [(&str, &str, u32); 4] = [
    ("start depth 11", "W:W21-32:B1-12", 11),
    ("middlegame depth 10", "W:W17,19,21,24,26,27,29,31:B3,5,8,10,11,13,16", 10),
    ("shot depth 10", "W:W17,21,25,27-32:B1-5,8,9,12,19", 10),
    ("king ending depth 12", "W:WK14,22,23,28:B5,6,K27", 12),
];

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let mut searcher = Searcher::<Italian>::new(16, 1).expect("16 MiB table");
    for (name, fen, depth) in POSITIONS {
        let position = parse_fen(fen).expect("bench FEN");
        let history = GameHistory::new::<Italian>(&position);
        group.bench_function(name, |b| {
            b.iter(|| {
                searcher.clear();
                searcher.search(
                    &position,
                    &history,
                    &SearchLimits::depth(depth),
                    &SearchControl::new(),
                    |_| {},
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
