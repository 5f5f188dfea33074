use super::*;
use crate::international::fen::parse_fen;
use crate::learned::WeightsError;
use crate::patterns::window_indexes;

#[test]
fn the_embedded_weights_load_and_prefer_material() {
    let eval = International::embedded().expect("International has built-in weights");
    let down = parse_fen("W:W32-50:B1-20").unwrap();
    assert!(eval.evaluate(&down) < -50, "White to move, a man down");
}

#[test]
fn tables_describe_the_board() {
    // Square 46 (index 45) is on the left edge of the bottom row: one neighbour, 41.
    assert_eq!(NEIGHBOURS[45], 1 << 40);
    // Square 28 (index 27) has four neighbours: 22, 23, 32, 33.
    assert_eq!(NEIGHBOURS[27], (1 << 21) | (1 << 22) | (1 << 31) | (1 << 32));
    assert_eq!(LEFT_HALF.count_ones(), 25);
    assert_eq!(turned(1), 1 << 49);
    assert_eq!(turned(turned(0xDEAD_BEEF)), 0xDEAD_BEEF);
    // A man on the row before promotion has the row ahead as its cone.
    assert_eq!(CONES[6] & 0x1F, 0b11, "square 7 reaches squares 1 and 2");
}

#[test]
fn every_man_is_in_four_windows_or_fewer_and_the_windows_cover_the_board() {
    let mut covered = 0u64;
    for window in 0..WINDOWS {
        let (row, k) = (2 * (window / 4), window % 4);
        let mut mask = 0u64;
        for i in 0..4 {
            mask |= 3 << (5 * (row + i) + k);
        }
        // The window's own men make its index all ones in base 3; no other square counts.
        assert_eq!(
            window_indexes::<10, WINDOWS>(mask, 0, 5)[window] as usize,
            (WINDOW_STATES - 1) / 2
        );
        assert_eq!(window_indexes::<10, WINDOWS>(!mask & ((1 << N) - 1), 0, 5)[window], 0);
        covered |= mask;
    }
    assert_eq!(covered, (1 << N) - 1);
}

#[test]
fn colour_mirror_gives_opposite_features() {
    let eval = LearnedEval::from_bytes(&LearnedEval::to_bytes(&{
        let mut w = International::initial_weights();
        for (i, pair) in w.iter_mut().enumerate().skip(PATTERNS).step_by(97) {
            *pair = [(i % 13) as f32 - 6.0, (i % 7) as f32 - 3.0];
        }
        w
    }))
    .unwrap();
    let pairs = [
        ("W:W31-50:B1-20", "B:B1-20:W31-50"),
        ("W:W28,33,K44:B12,17,K3", "B:B23,18,K7:W39,34,K48"),
    ];
    for (a, b) in pairs {
        let (a, b) = (parse_fen(a).unwrap(), parse_fen(b).unwrap());
        assert_eq!(eval.evaluate(&a), eval.evaluate(&b), "{a:?}");
    }
    let start = parse_fen("W:W31-50:B1-20").unwrap();
    assert_eq!(eval.evaluate(&start), 0);
    let up = parse_fen("W:W31-50:B1-19").unwrap();
    assert!(eval.evaluate(&up) > 50, "a man up");
}

#[test]
fn a_network_keeps_the_colour_mirror_symmetry() {
    use crate::network::Network;
    let mut network = Network::seeded(International::NETWORK_INPUTS, 9, 0.5);
    for j in 0..network.own.len() {
        (network.own[j], network.other[j]) = (0.1 * (j % 5) as f32 - 0.2, 0.03 * j as f32);
    }
    network.out_bias = 0.07;
    let weights = International::initial_weights();
    let bytes = LearnedEval::to_bytes_with(&weights, Some(&network));
    let with = LearnedEval::from_bytes(&bytes).unwrap();
    let without = LearnedEval::from_bytes(&LearnedEval::to_bytes(&weights)).unwrap();
    let pairs = [
        ("W:W31-50:B1-20", "B:B1-20:W31-50"),
        ("W:W28,33,K44:B12,17,K3", "B:B23,18,K7:W39,34,K48"),
        ("B:W28,33,K44:B12,17,K3", "W:B23,18,K7:W39,34,K48"),
    ];
    let mut differs = 0;
    for (a, b) in pairs {
        let (a, b) = (parse_fen(a).unwrap(), parse_fen(b).unwrap());
        assert_eq!(with.evaluate(&a), with.evaluate(&b), "{a:?}");
        differs += usize::from(with.evaluate(&a) != without.evaluate(&a));
    }
    assert!(differs > 0, "the network changes the evaluation");
}

#[test]
fn international_weights_are_international_only() {
    let bytes = LearnedEval::to_bytes(&International::initial_weights());
    let italian = crate::italian::eval::learned::EMBEDDED_WEIGHTS;
    assert_eq!(
        LearnedEval::from_bytes(italian),
        Err(WeightsError::Game { expected: 20, found: 0 })
    );
    assert_eq!(
        crate::english::learned::LearnedEval::from_bytes(&bytes),
        Err(WeightsError::Game { expected: 21, found: 20 })
    );
}

#[test]
fn a_files_network_is_evaluated_with_its_own_sums_whatever_is_built_in() {
    use crate::learned::LearnedChoice;
    use crate::network::Network;
    use crate::rules::Rules;
    use std::sync::Arc;
    // A network other than any built-in one: `evaluate` must add its own sums, as the search
    // does with the accumulators it keeps (it once took the built-in evaluation's).
    let mut network = Network::seeded(International::NETWORK_INPUTS, 17, 0.5);
    for j in 0..network.own.len() {
        (network.own[j], network.other[j]) = (0.05 * (j % 7) as f32 - 0.1, 0.02 * j as f32);
    }
    let bytes = LearnedEval::to_bytes_with(&International::initial_weights(), Some(&network));
    let file = Arc::new(LearnedEval::from_bytes(&bytes).unwrap());
    let choice = LearnedChoice { learned: Some(file.clone()) };
    for fen in ["W:W31-50:B1-20", "B:W28,33,K44:B12,17,K3", "W:W15,27,32,33,34:B1,10,11,K46"] {
        let position = parse_fen(fen).unwrap();
        let acc = International::eval_acc(&position, &choice);
        assert_eq!(file.evaluate(&position), file.evaluate_with(&position, &acc), "{fen}");
    }
}

#[test]
fn a_network_of_another_width_is_refused_with_both_widths() {
    use crate::network::{Network, HIDDEN};
    let inputs = International::NETWORK_INPUTS;
    let network = Network::seeded(inputs, 3, 0.5);
    let bytes = LearnedEval::to_bytes_with(&International::initial_weights(), Some(&network));
    // The same file as another build would write it: its network block half as wide.
    let linear = bytes.len() - 4 - Network::block_bytes(inputs);
    let other = HIDDEN / 2;
    let mut file = bytes[..linear].to_vec();
    file.extend_from_slice(&(inputs as u32).to_le_bytes());
    file.extend_from_slice(&(other as u32).to_le_bytes());
    file.resize(file.len() + 4 * (inputs * other + 3 * other + 1) + 4, 0);
    assert_eq!(
        LearnedEval::from_bytes(&file).unwrap_err().to_string(),
        format!(
            "weights file: network {other} wide over {inputs} inputs, this build's networks are \
             {HIDDEN} wide over {inputs} (written by another build)"
        )
    );
    // Cut short inside the block's header, it is refused by its length.
    assert!(matches!(
        LearnedEval::from_bytes(&file[..linear + 6]),
        Err(WeightsError::Length { .. })
    ));
}
