//! `enginecommand`: CheckerBoard's text commands and their replies, for the game `G`.

use crate::engine::Engine;
use crate::game::CbGame;
use crate::movelist::movelist_reply;
use dama_engine::board8::fen::{parse_fen, FenError};

/// A command's reply and whether it was understood (`enginecommand`'s return value).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// 1 when the command was understood and carried out, 0 otherwise.
    pub understood: bool,
    /// The text for CheckerBoard.
    pub text: String,
}

fn ok(text: impl Into<String>) -> Reply {
    Reply { understood: true, text: text.into() }
}

/// A command understood but refused (a bad value): 0 with the reason.
fn refused(text: impl Into<String>) -> Reply {
    Reply { understood: false, text: text.into() }
}

/// A command Dama does not handle: 0 and `?`, which makes CheckerBoard grey the option out.
fn unknown() -> Reply {
    Reply { understood: false, text: "?".to_string() }
}

fn number<T: std::str::FromStr>(value: &str, name: &str) -> Result<T, Reply> {
    value.trim().parse().map_err(|_| refused(format!("{name}: '{}' is not a number", value.trim())))
}

/// Answers the commands that need no engine state (`name`, `help`, `get protocolversion`,
/// `get gametype`, `get movelist`), so they are answered at once even while `getmove` searches
/// (CheckerBoard asks for move lists from its window thread); `None` for the others.
pub fn stateless<G: CbGame>(command: &str) -> Option<Reply> {
    let command = command.trim();
    let (verb, rest) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
    let rest = rest.trim();
    let (name, argument) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match (verb, name) {
        ("name", _) => Some(ok(G::ENGINE_NAME)),
        ("help", _) => Some(ok("")),
        ("get", "protocolversion") => Some(ok("2")),
        ("get", "gametype") => Some(ok(G::GAME_TYPE.to_string())),
        ("get", "movelist") => Some(movelist::<G>(argument.trim())),
        _ => None,
    }
}

/// `get movelist FEN`. CheckerBoard sends the FEN of its board, which need not be a position Dama
/// plays: its start-up probe `get movelist B:W1:B` (its `loadengine`: a white man on White's
/// crowning row, Black to move without a piece), or a board set up by hand with a man on its
/// crowning row, more than 12 pieces a side or none. Such a board has no move: `movelist 0`,
/// understood. CheckerBoard keeps the engine's move lists only if the probe answers exactly
/// that, and where it checks the user's move (`builtinislegal`) it does not look whether the
/// command was understood: after a refusal it would read a count it was never given. A FEN that
/// does not read is refused with its reason.
fn movelist<G: CbGame>(fen: &str) -> Reply {
    match parse_fen(fen) {
        Ok(position) => ok(movelist_reply::<G>(&position)),
        Err(FenError::Setup(_)) => ok("movelist 0"),
        Err(e) => refused(format!("movelist: bad FEN '{fen}': {e}")),
    }
}

/// Carries out one command.
pub fn run<G: CbGame>(engine: &mut Engine<G>, command: &str) -> Reply {
    if let Some(reply) = stateless::<G>(command) {
        return reply;
    }
    let command = command.trim();
    let (verb, rest) = command.split_once(char::is_whitespace).unwrap_or((command, ""));
    let rest = rest.trim();
    match verb {
        "about" => ok(about(engine)),
        "get" => get(engine, rest),
        "set" => set(engine, rest),
        _ => unknown(),
    }
}

fn about<G: CbGame>(engine: &Engine<G>) -> String {
    let book = if G::HAS_BOOK { format!(", book {}", engine.book()) } else { String::new() };
    let settings = format!(
        "Hash {} MiB, {} thread(s){book}, endgame tables {}.",
        engine.hash_mib(),
        engine.threads(),
        engine.tables_text()
    );
    format!("Dama {}\n{}\n{settings}", env!("CARGO_PKG_VERSION"), G::DESCRIPTION)
}

/// Whether `setting` is the book's, which a game without one does not have (`?` then, so
/// CheckerBoard greys the option out).
fn is_book(setting: &str) -> bool {
    setting == "book"
}

fn get<G: CbGame>(engine: &mut Engine<G>, what: &str) -> Reply {
    let setting = what.split_whitespace().next().unwrap_or("");
    if !G::HAS_BOOK && is_book(setting) {
        return unknown();
    }
    match setting {
        "hashsize" => ok(engine.hash_mib().to_string()),
        "book" => ok(engine.book().to_string()),
        "searchthreads" => ok(engine.threads().to_string()),
        "dbpath" => ok(engine.db_path().map(|p| p.display().to_string()).unwrap_or_default()),
        "max_dbpieces" => ok(engine.db_pieces().to_string()),
        _ => unknown(),
    }
}

fn set<G: CbGame>(engine: &mut Engine<G>, what: &str) -> Reply {
    let (name, value) = what.split_once(char::is_whitespace).unwrap_or((what, ""));
    let value = value.trim();
    if !G::HAS_BOOK && is_book(name) {
        return unknown();
    }
    let done = |result: Result<(), String>, text: String| match result {
        Ok(()) => ok(text),
        Err(e) => refused(e),
    };
    match name {
        "hashsize" => match number::<usize>(value, "hashsize") {
            Ok(mib) => done(engine.set_hash_mib(mib), format!("hashsize {mib}")),
            Err(reply) => reply,
        },
        "book" => match number::<u32>(value, "book") {
            Ok(book) => done(engine.set_book(book), format!("book {book}")),
            Err(reply) => reply,
        },
        "searchthreads" => match number::<usize>(value, "searchthreads") {
            Ok(n) => done(engine.set_threads(n), format!("searchthreads {n}")),
            Err(reply) => reply,
        },
        "dbpath" => done(engine.set_db_path(value), format!("dbpath {value}")),
        "max_dbpieces" => match number::<u32>(value, "max_dbpieces") {
            Ok(n) => done(engine.set_db_pieces(n), format!("max_dbpieces {n}")),
            Err(reply) => reply,
        },
        "gamehist" => done(engine.set_game_history(value), "gamehist".to_string()),
        _ => unknown(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_engine::italian::Italian;

    fn reply(engine: &mut Engine<Italian>, command: &str) -> (bool, String) {
        let r = run(engine, command);
        (r.understood, r.text)
    }

    #[test]
    fn identity_and_protocol() {
        let mut e = Engine::<Italian>::new();
        assert_eq!(reply(&mut e, "name"), (true, "Dama".to_string()));
        assert_eq!(reply(&mut e, "get protocolversion"), (true, "2".to_string()));
        assert_eq!(reply(&mut e, "get gametype"), (true, "22".to_string()));
        assert!(reply(&mut e, "about").1.contains("Dama Italiana"));
        assert_eq!(reply(&mut e, "help"), (true, String::new()));
    }

    #[test]
    fn settings_are_kept_and_bad_values_refused() {
        let mut e = Engine::<Italian>::new();
        assert!(reply(&mut e, "set hashsize 16").0);
        assert_eq!(reply(&mut e, "get hashsize").1, "16");
        assert!(!reply(&mut e, "set hashsize 0").0);
        assert!(!reply(&mut e, "set hashsize lots").0);
        assert_eq!(reply(&mut e, "get hashsize").1, "16");
        assert!(reply(&mut e, "set book 0").0);
        assert_eq!(reply(&mut e, "get book").1, "0");
        assert!(!reply(&mut e, "set book 9").0);
        assert!(reply(&mut e, "set searchthreads 2").0);
        assert_eq!(reply(&mut e, "get searchthreads").1, "2");
        assert!(!reply(&mut e, "set searchthreads 0").0);
        assert!(reply(&mut e, "set max_dbpieces 4").0);
        assert_eq!(reply(&mut e, "get max_dbpieces").1, "4");
        let missing = reply(&mut e, "set dbpath /nonexistent/dama-tables");
        assert!(!missing.0 && missing.1.contains("/nonexistent/dama-tables"), "{missing:?}");
        assert_eq!(reply(&mut e, "get dbpath").1, "");
    }

    #[test]
    fn unknown_commands_answer_a_question_mark() {
        let mut e = Engine::<Italian>::new();
        for command in ["", "fly", "get colour", "set allscores 1", "set solve 1"] {
            assert_eq!(reply(&mut e, command), (false, "?".to_string()), "{command}");
        }
    }

    #[test]
    fn movelist_and_gamehist() {
        let mut e = Engine::<Italian>::new();
        assert_eq!(reply(&mut e, "get movelist W:W29:B25,26,22"), (true, "movelist 0".into()));
        assert!(reply(&mut e, "get movelist W:W21-32:B1-12").1.starts_with("movelist 7,"));
        assert!(!reply(&mut e, "get movelist nonsense").0);
        // CheckerBoard's start-up probe: Black to move without a piece, a white man on square 1,
        // its crowning row: no position, no move.
        assert_eq!(reply(&mut e, "get movelist B:W1:B"), (true, "movelist 0".into()));
        // Boards set up by hand that are no position: no move either.
        for fen in ["W:W1:B", "W:W21-32:B1-12,13", "W:W:B", "B:WK5:B32"] {
            assert_eq!(reply(&mut e, &format!("get movelist {fen}")), (true, "movelist 0".into()));
        }
        // A FEN that does not read is refused, and says why.
        let bad = reply(&mut e, "get movelist X:W1:B");
        assert!(!bad.0 && bad.1.contains("side to move"), "{bad:?}");
        assert!(!reply(&mut e, "get movelist W:W33:B1").0);
        assert!(reply(&mut e, "set gamehist W:WK29:BK4 29-25 4-8 25-29").0);
        let bad = reply(&mut e, "set gamehist W:WK29:BK4 29-30");
        assert!(!bad.0 && bad.1.contains("move 1"), "{bad:?}");
    }
}
