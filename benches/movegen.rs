//! Move generation benchmarks: perft with bulk counting, legal-move generation over a fixed set of
//! varied positions, and `Position::play`.
//!
//! ```text
//! cargo bench --bench movegen              # full measurement
//! cargo bench --bench movegen -- --test    # run each benchmark once (smoke test)
//! cargo bench --bench movegen -- perft     # only the perft group
//! ```

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::moves::Move;
use dama_engine::board8::position::Position;
use dama_engine::italian::{perft, PathMode};

/// Positions for the generator and `play` benchmarks: quiet openings and middlegames,
/// capture-heavy positions (long chains, ties, precedence) and king-rich endings.
const POSITIONS: [(&str, &str); 10] = [
    ("start", "W:W21-32:B1-12"),
    ("opening", "W:W17,22-32:B1-11,16"),
    ("P1 middlegame", "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3"),
    ("P2 king", "B:W30,21,22,17,20,K6:B25,28,9,5,1,3"),
    ("P3 kings", "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4"),
    ("R10 king order", "W:WK30:BK26,K27,K18,20,10,K12"),
    ("R11 ring", "W:WK22:B19,20,K27,28"),
    ("R18 man triple", "W:W30:B26,18,11"),
    ("nine-piece chains", "W:WK1,8,K24,K25,K30,K32:B5-7,13-15,21-23"),
    ("42 king steps", "W:WK2,K3,K9,K10,K11,K12,K18,K19,K20,K26,K27,K28:B4,K17,25"),
];

fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|(name, fen)| parse_fen(fen).unwrap_or_else(|e| panic!("{name}: {e}")))
        .collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::start();
    group.throughput(Throughput::Elements(177_532));
    group.bench_function("start depth 7 unique", |b| {
        b.iter(|| perft(black_box(&start), 7, PathMode::Unique))
    });
    let p3 = parse_fen(POSITIONS[4].1).expect("P3");
    group.throughput(Throughput::Elements(46_241));
    group.bench_function("P3 depth 5 every path", |b| {
        b.iter(|| perft(black_box(&p3), 5, PathMode::EveryPath))
    });
    group.finish();
}

fn bench_generation(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        b.iter(|| black_box(&positions).iter().map(|p| p.legal_moves().len()).sum::<usize>())
    });
    group.bench_function("count_legal_moves unique", |b| {
        b.iter(|| {
            black_box(&positions)
                .iter()
                .map(|p| p.count_legal_moves(PathMode::Unique))
                .sum::<usize>()
        })
    });
    group.bench_function("has_capture", |b| {
        b.iter(|| black_box(&positions).iter().filter(|p| p.has_capture()).count())
    });
    for (p, (name, _)) in positions.iter().zip(POSITIONS) {
        group.throughput(Throughput::Elements(1));
        group.bench_function(format!("legal_moves {name}"), |b| {
            b.iter(|| black_box(p).legal_moves().len())
        });
    }
    group.finish();
}

fn bench_play(c: &mut Criterion) {
    let positions = positions();
    let moves: Vec<(Position, Move)> = positions
        .iter()
        .flat_map(|p| p.legal_moves().iter().map(|m| (*p, *m)).collect::<Vec<_>>())
        .collect();
    let mut group = c.benchmark_group("play");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("every legal move of the set", |b| {
        b.iter(|| black_box(&moves).iter().fold(0u64, |acc, (p, m)| acc ^ p.play(m).key()))
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_generation, bench_play);
criterion_main!(benches);
