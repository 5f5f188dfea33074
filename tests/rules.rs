//! The regression positions R01-R20 of rules-italian.md: each position's legal moves, after every
//! precedence rule, compared as sets of (from, to, captured squares) with the published answer.
//! The expected captured squares are worked out from the written path geometrically (the square
//! between two successive landing squares), independently of the move generator.

use dama_engine::board8::fen::parse_fen;
use dama_engine::board8::position::Position;
use dama_engine::board8::square::Square;
use std::collections::BTreeSet;

type MoveKey = (u8, u8, BTreeSet<u8>);

/// The (from, to, captured) of a full-path move text, computed from board geometry alone.
fn expected_key(text: &str) -> MoveKey {
    let sq = |t: &str| t.parse::<Square>().unwrap();
    if let Some((a, b)) = text.split_once('-') {
        return (sq(a).number(), sq(b).number(), BTreeSet::new());
    }
    let path: Vec<Square> = text.split('x').map(sq).collect();
    let mut captured = BTreeSet::new();
    for pair in path.windows(2) {
        let (r0, c0) = (pair[0].row(), pair[0].column());
        let (r1, c1) = (pair[1].row(), pair[1].column());
        assert_eq!(r0.abs_diff(r1), 2, "{text}: not a jump");
        assert_eq!(c0.abs_diff(c1), 2, "{text}: not a jump");
        let mid = Square::from_row_column((r0 + r1) / 2, (c0 + c1) / 2).unwrap();
        captured.insert(mid.number());
    }
    (path[0].number(), path[path.len() - 1].number(), captured)
}

fn generated(position: &Position) -> BTreeSet<MoveKey> {
    position
        .legal_moves()
        .iter()
        .map(|m| {
            let captured = m.captured().into_iter().map(|s| s.number()).collect();
            (m.from().number(), m.to().number(), captured)
        })
        .collect()
}

fn check(fen: &str, expected: &[&str]) {
    let position = parse_fen(fen).unwrap();
    let want: BTreeSet<MoveKey> = expected.iter().map(|t| expected_key(t)).collect();
    assert_eq!(want.len(), expected.len(), "expected moves must be distinct");
    let got = generated(&position);
    assert_eq!(got, want, "position {fen}");
    assert_eq!(position.legal_moves().len(), expected.len(), "one move per distinct effect");
}

#[test]
fn r01_start_position_and_orientation() {
    check("W:W21-32:B1-12", &["21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"]);
}

#[test]
fn r02_a_man_cannot_capture_a_king() {
    check("W:W22:BK18", &["22-19"]);
}

#[test]
fn r03_a_king_captures_a_man_in_blacks_directions() {
    check("B:W22:BK18", &["18x27"]);
}

#[test]
fn r04_men_never_capture_backwards() {
    check("W:W18:B22", &["18-13", "18-14"]);
}

#[test]
fn r05_promotion_ends_the_move() {
    check("W:W10:B6,7", &["10x3"]);
}

#[test]
fn r06_rule_2_with_equal_count_the_king_must_capture() {
    check("W:W22,K27:B18,23", &["27x20"]);
}

#[test]
fn r07_rule_1_quantity_before_rule_2_quality_of_capturing_piece() {
    check("W:W30,K19:B26,18,15", &["30x21x14"]);
}

#[test]
fn r08_rule_3_most_kings_before_rule_4_order() {
    check("W:WK21:BK11,K12,18,K26,27,28", &["21x14x7x16"]);
}

#[test]
fn r09_rule_4_the_king_met_first() {
    check("W:WK22:BK18,10,27,K28", &["22x13x6"]);
}

#[test]
fn r10_rule_4_decided_at_the_second_king() {
    check("W:WK30:BK26,K27,K18,20,10,K12", &["30x21x14x5"]);
}

#[test]
fn r11_ring_back_to_the_start_square_rule_4_fixes_the_direction() {
    check("W:WK22:B19,20,K27,28", &["22x31x24x15x22"]);
    let p = parse_fen("W:WK22:B19,20,K27,28").unwrap();
    assert_eq!(
        dama_engine::italian::notation::path_notation(&p.legal_moves()[0]),
        "22x31x24x15x22"
    );
}

#[test]
fn r12_two_paths_with_the_same_effect_are_one_move() {
    check("W:WK22:B19,20,27,28", &["22x31x24x15x22"]);
    let p = parse_fen("W:WK22:B19,20,27,28").unwrap();
    let paths = p.count_legal_moves(dama_engine::italian::PathMode::EveryPath);
    assert_eq!(paths, 2, "both directions round the ring are paths");
}

#[test]
fn r13_full_tie_is_free_choice() {
    check("W:WK22:BK18,K26", &["22x13", "22x29"]);
}

#[test]
fn r14_blocked_side_has_no_move_and_loses() {
    check("W:W29:B22,25,26", &[]);
    assert!(!parse_fen("W:W29:B22,25,26").unwrap().has_legal_move());
}

#[test]
fn r15_rules_2_and_3_together() {
    check("W:W31,32,K25:B12,20,21,28,5,K13,K14,K7", &["25x18x11x4"]);
}

#[test]
fn r16_rule_4_order_of_kings() {
    check("W:W31,32,K25:B12,13,20,21,28,7,K14,K5", &["25x18x11x4"]);
}

#[test]
fn r17_a_black_man_captures_towards_row_1() {
    check("B:W18:B14", &["14x21"]);
}

#[test]
fn r18_a_mans_triple_capture() {
    check("W:W30:B26,18,11", &["30x21x14x7"]);
}

#[test]
fn r19_a_mans_chain_stops_at_a_king() {
    check("W:W30:B26,K18", &["30x21"]);
}

#[test]
fn r20_a_king_captures_a_king() {
    check("W:WK30:BK26", &["30x21"]);
}

#[test]
fn captures_are_compulsory_over_quiet_moves() {
    // White could step 22-19, 30-26 or 31-27, but the capture 22x13 is forced.
    check("W:W22,30,31:B18,1", &["22x13"]);
}

#[test]
fn a_king_cannot_jump_the_same_piece_twice_or_its_own_pieces() {
    // King on 22 with its own man on 18: no capture over it; the black man on 26 is taken once.
    check("W:WK22,18:B26", &["22x29"]);
}
