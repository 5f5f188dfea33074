//! Tests of the network's file block, outputs and bounds.

use super::*;

#[test]
fn a_network_reads_back_what_it_wrote_and_refuses_other_sizes() {
    let mut net = Network::seeded(10, 7, 0.3);
    net.own[3] = 1.5;
    net.other[5] = -0.25;
    net.out_bias = 0.125;
    let bytes = net.to_bytes();
    assert_eq!(bytes.len(), Network::block_bytes(10));
    assert_eq!(Network::from_bytes(&bytes, 10), Ok(net.clone()));
    assert!(Network::from_bytes(&bytes, 11).is_err());
    assert!(Network::from_bytes(&bytes[..bytes.len() - 4], 10).is_err());
    let mut bad = bytes.clone();
    let at = bad.len() - 4;
    bad[at..].copy_from_slice(&f32::NAN.to_le_bytes());
    assert!(Network::from_bytes(&bad, 10).is_err());
}

#[test]
fn a_squared_network_keeps_its_activation_and_squares_the_clipped_sums() {
    let mut net = Network::seeded_with(4, 1, 0.0, Activation::Squared);
    net.bias = [0.0; HIDDEN];
    net.first[2][0] = 2.0; // clipped to 1, squared 1
    net.first[3][1] = 0.5; // squared 0.25
    net.first[1][2] = -1.0; // clipped to 0
    net.own = [1.0; HIDDEN];
    net.other = [-2.0; HIDDEN];
    net.out_bias = 0.25;
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes, 4), Ok(net.clone()));
    let mut clipped = net.clone();
    clipped.activation = Activation::Clipped;
    assert_ne!(bytes, clipped.to_bytes(), "the flag is written");
    let mut acc = [net.bias; 2];
    net.add(&mut acc[0], 2);
    net.add(&mut acc[1], 3);
    assert_eq!(net.output(&acc[0], &acc[1]), 0.25 + 1.0 - 2.0 * 0.25);
    assert_eq!(clipped.output(&acc[0], &acc[1]), 0.25 + 1.0 - 2.0 * 0.5);
    let search = SearchNetwork::new(&net).unwrap();
    let mut q = search.empty();
    search.add(&mut q[0], 2);
    search.add(&mut q[1], 3);
    assert_eq!(search.output(&q[0], &q[1]), net.output(&acc[0], &acc[1]));
    assert_eq!(search.output(&q[1], &q[0]), net.output(&acc[1], &acc[0]));
    // The slope the trainer follows: 2x inside (0, 1), nothing where the clipping holds.
    assert_eq!(Activation::Squared.slope(0.25), 0.5);
    assert_eq!(Activation::Clipped.slope(0.25), 1.0);
    assert_eq!(Activation::Squared.slope(1.5), 0.0);
    assert_eq!(Activation::Squared.slope(-0.5), 0.0);
    // A header with bits beside the flag and the width is another build's.
    let mut odd = bytes.clone();
    odd[6] |= 0x04;
    assert!(Network::from_bytes(&odd, 4).is_err());
}

#[test]
fn the_output_sums_the_clipped_accumulators() {
    let mut net = Network::seeded(4, 1, 0.0);
    net.bias = [0.0; HIDDEN];
    net.first[2][0] = 2.0; // clipped to 1
    net.first[3][1] = 0.5;
    net.first[1][2] = -1.0; // clipped to 0
    net.own = [1.0; HIDDEN];
    net.other = [-2.0; HIDDEN];
    net.out_bias = 0.25;
    let mut acc = [net.bias; 2];
    net.add(&mut acc[0], 2);
    net.add(&mut acc[0], 1);
    net.add(&mut acc[1], 3);
    assert_eq!(acc[0][0], 2.0);
    assert_eq!(acc[1][1], 0.5);
    assert_eq!(net.output(&acc[0], &acc[1]), 0.25 + 1.0 - 1.0);
    assert_eq!(net.output(&acc[1], &acc[0]), 0.25 + 0.5 - 2.0);
    // The search's integer form gives the same here (the weights are multiples of 1/1024).
    let search = SearchNetwork::new(&net).unwrap();
    let mut q = search.empty();
    for (view, input) in [(0, 2), (0, 1), (1, 3), (1, 0)] {
        search.add(&mut q[view], input);
    }
    search.remove(&mut q[1], 0);
    assert_eq!(q[0][0], 2 * QUANTUM);
    // A column that could overflow 16 bits is refused.
    net.first[0][7] = 100.0;
    assert!(SearchNetwork::new(&net).is_err());
    assert_eq!(search.output(&q[0], &q[1]), net.output(&acc[0], &acc[1]));
    assert_eq!(search.output(&q[1], &q[0]), net.output(&acc[1], &acc[0]));
    // Scaled back within the bound, it loads; the other columns are left as they were.
    let before = net.clone();
    assert!(net.column_reach(7) >= ACCUMULATOR_REACH);
    net.keep_column_within(7, 0.95);
    assert!((net.column_reach(7) - 0.95 * ACCUMULATOR_REACH).abs() < 1e-3);
    assert!(SearchNetwork::new(&net).is_ok());
    for j in (0..HIDDEN).filter(|&j| j != 7) {
        net.keep_column_within(j, 0.95);
        assert!(net.first.iter().zip(&before.first).all(|(a, b)| a[j] == b[j]));
    }
}
