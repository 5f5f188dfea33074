//! The tests of the transposition table (tt.rs).

use super::*;
use crate::board8::moves::Move;
use crate::board8::position::Position;

/// Whether `packed` holds `mv`.
fn matches(packed: PackedMove, mv: &Move) -> bool {
    !packed.is_none() && PackedMove::from_bits(mv.packed()) == packed
}

#[test]
fn store_then_probe() {
    let mut tt = TranspositionTable::new(1).unwrap();
    let p = Position::start();
    let mv = p.legal_moves()[3];
    tt.store(p.key(), PackedMove::from_bits(mv.packed()), -123, 7, Bound::Lower);
    let e = tt.probe(p.key()).unwrap();
    assert!(matches(e.best_move, &mv));
    assert!(!matches(e.best_move, &p.legal_moves()[2]));
    assert_eq!((e.score, e.depth, e.bound), (-123, 7, Bound::Lower));
    assert!(tt.probe(p.key() ^ 1).is_none());
    tt.clear();
    assert!(tt.probe(p.key()).is_none());
}

#[test]
fn the_bit_layout_keeps_negative_scores_and_every_bound() {
    let tt = TranspositionTable::new(1).unwrap();
    for (i, bound) in [Bound::Upper, Bound::Lower, Bound::Exact].into_iter().enumerate() {
        let key = 0x1234_5678_9ABC_DEF0 ^ i as u64;
        tt.store(key, PackedMove::default(), -29_990, 200, bound);
        let e = tt.probe(key).unwrap();
        assert_eq!((e.score, e.depth, e.bound), (-29_990, 200, bound));
    }
}

#[test]
fn a_large_table_costs_nothing_until_used_and_clears_to_empty() {
    let mut tt = TranspositionTable::new(256).unwrap();
    assert_eq!(tt.size_bytes(), 256 << 20);
    let keys: Vec<u64> = (1..1000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
    for &key in &keys {
        tt.store(key, PackedMove::default(), 7, 3, Bound::Exact);
    }
    assert!(keys.iter().all(|&k| tt.probe(k).is_some()));
    tt.clear();
    assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
}

#[test]
fn a_clear_hides_every_entry_and_frees_every_slot() {
    let mut tt = TranspositionTable::new(1).unwrap();
    // Five keys of one bucket: the fifth replaces one of the first four.
    let keys: Vec<u64> = (1..6u64).map(|i| 0xABCD_0000_0000_0000 | i).collect();
    for (i, &key) in keys.iter().enumerate() {
        tt.store(key, PackedMove::default(), i as Score, 10 + i as u8, Bound::Exact);
    }
    assert_eq!(keys.iter().filter(|&&k| tt.probe(k).is_some()).count(), 4);
    tt.clear();
    assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
    assert_eq!(tt.fill_permille(), 0);
    // After the clear the bucket takes four shallow entries, as an empty one would.
    for (i, &key) in keys.iter().take(4).enumerate() {
        tt.store(key, PackedMove::default(), -(i as Score), 1, Bound::Lower);
    }
    for (i, &key) in keys.iter().take(4).enumerate() {
        let e = tt.probe(key).expect("stored after the clear");
        assert_eq!((e.score, e.depth, e.bound), (-(i as Score), 1, Bound::Lower));
    }
}

#[test]
fn the_epoch_wrapping_empties_the_pages() {
    let mut tt = TranspositionTable::new(1).unwrap();
    tt.epoch = u16::MAX;
    tt.store(77, PackedMove::default(), 5, 4, Bound::Exact);
    assert!(tt.probe(77).is_some());
    tt.clear();
    assert_eq!(tt.epoch, 0);
    assert!(tt.probe(77).is_none());
    let words = tt.buckets().iter().flat_map(|b| &b.words);
    assert!(words.into_iter().all(|w| w.load(Ordering::Relaxed) == 0));
}

#[test]
fn impossible_sizes_are_refused() {
    assert!(TranspositionTable::new(TranspositionTable::MAX_MIB + 1).is_err());
    assert!(TranspositionTable::new(0).is_ok(), "zero MiB still gives one bucket");
}

#[test]
fn a_committed_table_works_as_before_and_a_huge_one_is_left_as_it_is() {
    let mut tt = TranspositionTable::new(2).unwrap();
    tt.commit();
    assert!(tt.committed);
    let mv = Position::start().legal_moves()[0];
    tt.store(0x1234_5678_9ABC_DEF0, PackedMove::from_bits(mv.packed()), 42, 9, Bound::Exact);
    let entry = tt.probe(0x1234_5678_9ABC_DEF0).expect("stored");
    assert_eq!((entry.depth, entry.score), (9, 42));
    assert!(matches(entry.best_move, &mv));
    tt.clear();
    assert!(tt.probe(0x1234_5678_9ABC_DEF0).is_none(), "cleared");
    // Past the limit the pages are not touched (the mapping stays lazy).
    let mut big = TranspositionTable::new(TranspositionTable::COMMIT_MAX_MIB + 1).unwrap();
    big.commit();
    assert!(!big.committed);
}
