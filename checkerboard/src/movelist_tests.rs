//! `get movelist` replies: their shape, and how a list that does not fit CheckerBoard's arrays
//! is read by a parser that works as CheckerBoard's (`get_movelist_from_engine`, 1.77).

use super::*;
use crate::board::{cb_move, CB_KING, CB_MAN, CB_WHITE};
use dama_engine::board8::fen::parse_fen;
use dama_engine::italian::notation::parse_move;
use dama_engine::italian::Italian;

/// What CheckerBoard makes of a reply: the count it reads, the entries it fills (never more
/// than the count), and whether it takes the list for valid (nothing after the counted moves).
/// `None` when it would write past its 28 moves.
fn as_checkerboard_reads(reply: &str) -> Option<(usize, Vec<Vec<i64>>, bool)> {
    let body = reply.strip_prefix("movelist ")?;
    let (count_text, mut rest) = body.split_once(',').unwrap_or((body, ""));
    let count: usize = count_text.parse().ok()?;
    if count > CB_MAX_MOVES {
        return None;
    }
    let mut entries = Vec::new();
    for _ in 0..count {
        let (entry, after) = rest.split_once(';')?;
        entries.push(entry.split(',').map(|t| t.parse().unwrap()).collect());
        rest = after;
    }
    Some((count, entries, rest.is_empty()))
}

#[test]
fn promotion_shows_in_newpiece_and_the_movelist() {
    let p = parse_fen("W:W5:B25").unwrap();
    let mv = parse_move(&p, "5-1").unwrap();
    let m = cb_move::<Italian>(&p, &mv);
    assert_eq!((m.oldpiece, m.newpiece), (CB_WHITE | CB_MAN, CB_WHITE | CB_KING));
    assert_eq!(movelist_entry::<Italian>(&p, &mv), "0,5,9,5,1");
}

#[test]
fn movelist_replies_have_the_documented_shape() {
    let start = Position::start();
    let reply = movelist_reply::<Italian>(&start);
    assert!(reply.starts_with("movelist 7,"), "{reply}");
    assert_eq!(reply.matches(';').count(), 7);
    assert!(reply.ends_with(';'));
    let (count, entries, valid) = as_checkerboard_reads(&reply).unwrap();
    assert_eq!((count, entries.len(), valid), (7, 7, true));
    // No legal move: exactly "movelist 0".
    let stuck = parse_fen("W:W29:B25,26,22").unwrap();
    assert_eq!(movelist_reply::<Italian>(&stuck), "movelist 0");
    let p = parse_fen("W:W22:B18").unwrap();
    assert_eq!(movelist_reply::<Italian>(&p), "movelist 1,1,5,5,22,13,13,18,6;");
}

#[test]
fn a_list_within_checkerboards_arrays_is_given_whole() {
    let entries: Vec<String> = (1..=28).map(|n| format!("0,9,9,{n},{}", n % 32 + 1)).collect();
    let reply = fit_movelist(&entries);
    assert!(reply.starts_with("movelist 28,0,9,9,1,2;"), "{reply}");
    let (count, read, valid) = as_checkerboard_reads(&reply).unwrap();
    assert_eq!((count, read.len(), valid), (28, 28, true));
    assert_eq!(fit_movelist(&[]), "movelist 0");
}

#[test]
fn more_than_28_moves_count_28_and_the_rest_follows() {
    let entries: Vec<String> = (1..=35).map(|n| format!("0,9,9,{},{}", n % 32 + 1, n)).collect();
    let reply = fit_movelist(&entries);
    assert!(reply.len() <= CB_REPLY_MAX);
    // All 35 are there (the text fits), but the count is the 28 CheckerBoard holds.
    assert_eq!(reply, listed(28, &entries));
    assert_eq!(reply.matches(';').count(), 35);
    let (count, read, valid) = as_checkerboard_reads(&reply).unwrap();
    assert_eq!((count, read.len(), valid), (28, 28, false), "read as invalid: CBmove is used");
    assert_eq!(read[27], vec![0, 9, 9, 29, 28]);
}

#[test]
fn a_reply_longer_than_the_buffer_counts_the_moves_that_fit() {
    // 20 captures of eight pieces each: about 80 bytes an entry, 1600 in all.
    let jumps = ",5,1,6,10,2,6,15,3,6,20,4,6,25,7,6,14,8,6,19,9,6,30,11,6";
    let entries: Vec<String> = (1..=20).map(|n| format!("8,9,9,{n},30{jumps}")).collect();
    let whole = listed(20, &entries);
    assert!(whole.len() > CB_REPLY_MAX, "{}", whole.len());
    let reply = fit_movelist(&entries);
    assert_eq!(reply.len(), CB_REPLY_MAX);
    let (count, read, valid) = as_checkerboard_reads(&reply).unwrap();
    assert!(!valid && count == read.len() && (1..20).contains(&count), "{count}");
    // As many as fit with a byte to spare: one more would not.
    let length = |n: usize| listed(n, &entries[..n]).len();
    assert!(length(count) < CB_REPLY_MAX && length(count + 1) >= CB_REPLY_MAX, "{count}");
    // After the count, the whole list, cut at the buffer's end.
    let prefix = format!("movelist {count}");
    assert_eq!(reply[prefix.len()..], whole["movelist 20".len()..][..CB_REPLY_MAX - prefix.len()]);
}
