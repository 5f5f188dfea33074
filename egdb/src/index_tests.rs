//! The tests of the table index (index.rs).

use super::*;
use crate::game::TableRules;
use dama_engine::color::Color;
use dama_engine::english::English;
use dama_engine::international::International;
use dama_engine::italian::Italian;

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
    let free = 0b1011_0110_1110_0101u64 << 34 | 0b1001;
    let mut subset = free;
    while subset != 0 {
        assert_eq!(deposit(compress(subset, free), free), subset);
        subset = (subset - 1) & free;
    }
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
/// of its material, a man move adds one to the men's advance and a king move stays in its
/// block, and the boards counted match the numbers of boards with n pieces: on the 8x8 board the
/// published ones (OEIS A055213: 120, 6 972, 261 224); on the 10x10 board the same count, every
/// set of squares times the kinds of piece each square may hold (a man not on its crowning row:
/// 4 kinds on 40 squares, 3 on 10), 190, 17 685 and 1 074 760.
fn round_trip<R: TableRules>(counts: &[(u8, u64)]) {
    let geometry = crate::geometry::Geometry::of(R::GAME);
    for &(pieces, published) in counts {
        let mut boards = 0;
        for material in every_material(pieces) {
            let half = HalfIndex::new(material, geometry);
            for i in 0..half.size() {
                let Some(board) = half.board(i) else { continue };
                boards += 1;
                assert_eq!(board.material(), material);
                assert_eq!(half.index(&board), i, "{material} index {i}");
                let position = board.to_position::<R>(Color::White).expect("a legal setup");
                assert_eq!(Board::normalize::<R>(&position), (material, board));
                let black = board.to_position::<R>(Color::Black).unwrap();
                assert_eq!(Board::normalize::<R>(&black), (material, board));
                for mv in R::legal_moves(&position) {
                    let next = R::play(&position, &mv);
                    let [w, b, k] = R::masks(&next);
                    let after = Board { white: w, black: b, kings: k };
                    let (from, _) = R::from_to(&mv);
                    let moved_man = board.white & !board.kings != w & !k;
                    if after.material() == material && !R::is_capture(&mv) {
                        let (j, block) = (half.index(&after), half.block_size());
                        if moved_man {
                            let advance = half.advance(i / block).map(|a| a + 1);
                            assert!(j / block > i / block, "{material} {i} from {from}");
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

#[test]
fn index_round_trip_over_whole_slices() {
    let eight = [(1u8, 120u64), (2, 6_972), (3, 261_224)];
    round_trip::<Italian>(&eight);
    round_trip::<English>(&eight[..2]);
    round_trip::<International>(&[(1, 190), (2, 17_685), (3, 1_074_760)]);
}
