//! The tests of the table index (index.rs).

use super::*;

#[test]
fn rank_and_unrank_are_inverse() {
    for k in 0..=4u32 {
        let limit = 12;
        for r in 0..binomial(limit, k) {
            let labels = unrank(r, k, limit);
            assert_eq!(labels.count_ones(), k);
            assert!(labels < 1 << limit);
            assert_eq!(rank(labels), r);
        }
    }
}

#[test]
fn compress_and_deposit_are_inverse() {
    let free = 0b1011_0110_1110_0101u32;
    let mut subset = free;
    while subset != 0 {
        assert_eq!(deposit(compress(subset, free), free), subset);
        subset = (subset - 1) & free;
    }
}

#[test]
fn masks_round_trip_through_bitboards() {
    for s in 0..32 {
        let mask = 1u32 << s;
        let b = bitboard_of(mask);
        assert_eq!(b.first().map(|q| q.index()), Some(s as usize));
        assert_eq!(mask_of(b), mask);
    }
    // Square 1 turns into square 32, 5 into 28.
    assert_eq!(flip(1), 1 << 31);
    assert_eq!(flip(1 << 4), 1 << 27);
}

/// Every material with `pieces` pieces, one colour possibly absent (to compare with the
/// published board counts).
fn every_material(pieces: u8) -> Vec<Material> {
    let mut list = Vec::new();
    for wm in 0..=pieces {
        for wk in 0..=pieces - wm {
            for bm in 0..=pieces - wm - wk {
                list.push(Material::new(wm, wk, bm, pieces - wm - wk - bm));
            }
        }
    }
    list
}

/// index -> board -> index is the identity over whole slices, every board is a legal setup
/// of its material, a man move (Italian or English) adds one to the men's advance, and the
/// boards counted match the published
/// numbers of boards with n pieces (OEIS A055213: 120, 6 972, 261 224).
#[test]
fn index_round_trip_over_whole_slices() {
    for (pieces, published) in [(1u8, 120u64), (2, 6_972), (3, 261_224)] {
        let mut boards = 0;
        for material in every_material(pieces) {
            let half = HalfIndex::new(material);
            for i in 0..half.size() {
                let Some(board) = half.board(i) else { continue };
                boards += 1;
                assert_eq!(board.material(), material);
                assert_eq!(half.index(&board), i, "{material} index {i}");
                let position = board.to_position(Color::White).expect("a legal setup");
                assert_eq!(Board::normalize(&position), (material, board));
                let black = board.to_position(Color::Black).unwrap();
                assert_eq!(Board::normalize(&black), (material, board));
                let moves = |g| crate::game::legal_moves(g, &position).to_vec();
                for mv in crate::TableGame::ALL.into_iter().flat_map(moves) {
                    let next = position.play(&mv);
                    let (m, b) = Board::normalize(&next.with_side_to_move(Color::White));
                    if m == material && !mv.is_capture() {
                        let moved_man = !position.kings().contains(mv.from());
                        let (j, block) = (half.index(&b), half.block_size());
                        if moved_man {
                            let advance = half.advance(i / block).map(|a| a + 1);
                            assert!(j / block > i / block);
                            assert_eq!(half.advance(j / block), advance, "{material} {i}");
                        } else {
                            assert_eq!(j / block, i / block);
                        }
                    }
                }
            }
        }
        assert_eq!(boards, published, "boards with {pieces} pieces");
    }
}
