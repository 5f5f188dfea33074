//! Fuzzing every text parser with arbitrary and mutated input: FEN, the Hub position string,
//! move text, PDN, book lines and Hub command lines. None may panic; what one accepts must be
//! consistent (an accepted FEN or position string writes back to text that reads as the same
//! position, an accepted move is a legal move, an accepted PDN game replays legally).
//!
//! The default run tries 256 inputs per parser and kind; `PROPTEST_CASES=1000000 cargo test
//! --release --test parser_fuzz` is the long run (a million per property).

#[allow(dead_code)] // the random placements are for the property tests
#[path = "common/positions.rs"]
mod positions;

use dama::hub::command::parse_command;
use dama_book::format::parse_book;
use dama_engine::board8::fen::{parse_fen, to_fen};
use dama_engine::board8::hubpos::{parse_hub_position, to_hub_position};
use dama_engine::board8::position::Position;
use dama_engine::flying8::{self, Brazilian, Russian};
use dama_engine::italian::notation::{parse_move, path_notation};
use dama_engine::pdn::parse_pdn;
use dama_engine::rules::Rules;
use positions::any_position;
use proptest::prelude::*;

/// Text built from the characters the parsers care about, with some of anything.
fn texty(alphabet: &'static str, max: usize) -> impl Strategy<Value = String> {
    let chars: Vec<char> = alphabet.chars().collect();
    prop::collection::vec(prop_oneof![8 => prop::sample::select(chars), 1 => any::<char>()], 0..max)
        .prop_map(|cs| cs.into_iter().collect())
}

/// `text` with up to four characters inserted, deleted or replaced.
fn mutated(text: String) -> impl Strategy<Value = String> {
    prop::collection::vec((any::<usize>(), any::<char>(), 0u8..3), 0..4).prop_map(move |edits| {
        let mut chars: Vec<char> = text.chars().collect();
        for (at, c, kind) in edits {
            let n = chars.len();
            match kind {
                0 => chars.insert(at % (n + 1), c),
                1 if n > 0 => {
                    chars.remove(at % n);
                }
                _ if n > 0 => chars[at % n] = c,
                _ => {}
            }
        }
        chars.into_iter().collect()
    })
}

fn fen_input() -> impl Strategy<Value = String> {
    prop_oneof![
        texty("WBwbK:,-.0123456789 ", 60),
        any_position().prop_flat_map(|p| mutated(to_fen(&p))),
    ]
}

fn hub_position_input() -> impl Strategy<Value = String> {
    prop_oneof![texty("WBwbe", 40), any_position().prop_flat_map(|p| mutated(to_hub_position(&p))),]
}

/// A PDN text of a random game (tags, numbers, a comment), or garbage built from PDN's signs.
fn pdn_input() -> impl Strategy<Value = String> {
    let game = (prop::collection::vec(any::<u16>(), 0..80), any::<bool>()).prop_map(
        |(choices, with_fen)| {
            let start = Position::start();
            let mut position = start;
            let mut text = String::from("[Event \"fuzz\"]\n");
            if with_fen {
                text.push_str(&format!("[FEN \"{}\"]\n", to_fen(&start)));
            }
            text.push('\n');
            for (ply, choice) in choices.iter().enumerate() {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[*choice as usize % legal.len()];
                if ply % 2 == 0 {
                    text.push_str(&format!("{}. ", ply / 2 + 1));
                }
                text.push_str(&path_notation(&mv));
                text.push_str(if ply % 7 == 3 { " {a comment} " } else { " " });
                position = position.play(&mv);
            }
            text.push_str("*\n");
            text
        },
    );
    prop_oneof![
        texty("[]\"{}();$!?.*x-/ 0123456789EFNWBK\n", 200),
        game.clone(),
        game.prop_flat_map(mutated),
    ]
}

proptest! {
    #[test]
    fn fen_never_panics_and_what_it_accepts_writes_back(text in fen_input()) {
        if let Ok(position) = parse_fen(&text) {
            prop_assert_eq!(parse_fen(&to_fen(&position)), Ok(position));
        }
    }

    #[test]
    fn hub_positions_never_panic_and_what_is_accepted_writes_back(text in hub_position_input()) {
        if let Ok(position) = parse_hub_position(&text) {
            prop_assert_eq!(to_hub_position(&position), text);
        }
    }

    #[test]
    fn move_text_never_panics_and_accepts_only_legal_moves(
        position in any_position(),
        text in texty("x-:0123456789 K", 24),
    ) {
        if let Ok(mv) = parse_move(&position, &text) {
            prop_assert!(position.legal_moves().contains(&mv), "{} is not legal", text);
        }
    }

    #[test]
    fn russian_and_brazilian_fen_never_panics_and_what_it_accepts_writes_back(
        text in prop_oneof![
            texty("WBwbK:,-.0123456789abcdefgh ", 60),
            any_position().prop_flat_map(|p| mutated(flying8::to_fen(&p))),
        ]
    ) {
        if let Ok(position) = flying8::parse_fen(&text) {
            prop_assert_eq!(flying8::parse_fen(&flying8::to_fen(&position)), Ok(position));
        }
    }

    #[test]
    fn russian_and_brazilian_move_text_never_panics_and_accepts_only_legal_moves(
        position in any_position(),
        text in texty("x-:0123456789abcdefgh K", 24),
    ) {
        if let Ok(mv) = Russian::parse_move(&position, &text) {
            prop_assert!(Russian::legal_moves(&position).contains(&mv), "{} is not legal", text);
        }
        if let Ok(mv) = Brazilian::parse_move(&position, &text) {
            prop_assert!(Brazilian::legal_moves(&position).contains(&mv), "{} is not legal", text);
        }
    }

    #[test]
    fn pdn_never_panics_and_what_it_reads_replays(text in pdn_input()) {
        if let Ok(games) = parse_pdn(&text) {
            for game in games {
                let mut position = game.start;
                for mv in &game.moves {
                    prop_assert!(position.legal_moves().contains(mv));
                    position = position.play(mv);
                }
            }
        }
    }

    #[test]
    fn book_lines_never_panic(text in texty("|;:-x 0123456789.\n#", 200)) {
        let _ = parse_book::<dama_engine::italian::Italian>(&text);
        let _ = parse_book::<dama_engine::international::International>(&text);
    }

    #[test]
    fn hub_command_lines_never_panic(
        text in prop_oneof![
            texty("abcdefghijklmnopqrstuvwxyz-=\" \t\\", 80),
            prop::sample::select(vec![
                "pos start moves=\"22-18 11-15\"", "level time=10 inc=0.1 moves=40",
                "set-param name=tt-size value=64", "go think", "level move-time=0.5",
                "pos pos=Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww moves=\"32-28 19-23\"",
                "set-param name=variant value=standard",
            ])
            .prop_flat_map(|line| mutated(line.to_string())),
        ]
    ) {
        for variant in dama_engine::variant::Variant::ALL {
            let _ = parse_command(&text, variant);
        }
    }
}

#[test]
fn a_generated_pdn_game_reads_back_move_for_move() {
    let mut position = Position::start();
    let mut text = String::from("[Event \"x\"]\n\n");
    let mut played = Vec::new();
    for ply in 0..40 {
        let Some(&mv) = position.legal_moves().first() else { break };
        if ply % 2 == 0 {
            text.push_str(&format!("{}. ", ply / 2 + 1));
        }
        text.push_str(&format!("{} ", path_notation(&mv)));
        played.push(mv);
        position = position.play(&mv);
    }
    text.push_str("1/2-1/2\n");
    let games = parse_pdn(&text).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].moves, played);
    assert_eq!(games[0].result.as_deref(), Some("1/2-1/2"));
}
