//! A game of `dama play` under the rules `R`: the player's lines read one by one (a move in the
//! game's notation or a command), Dama's replies from the game's book or its search at the
//! skill level, the board after each move and the end of the game as the rules give it.

use super::board::board_text;
use crate::games::{Game, GameRules, Session};
use dama_engine::color::Color;
use dama_engine::excerpt::excerpt;
use dama_engine::rules::Rules;
use dama_engine::score::score_text;
use dama_engine::search::skill::{self, MAX_SKILL};
use dama_engine::search::{SearchControl, SearchLimits};
use std::path::{Path, PathBuf};
use std::time::Duration;

const HELP: &str = "Type a move by its squares' numbers (the empty squares show theirs, the \
    numbers of each row are at its end):\n  a step from-to (as {example}), a capture fromxto or \
    its whole path (as 22x13x6), or the Hub form; or a command:\n  \
    moves        list the legal moves\n  \
    undo         take back your last move (and the engine's reply)\n  \
    flip         turn the board\n  \
    skill N      the engine's strength, 1-20 (now {skill})\n  \
    time S       the engine's seconds a move (now {time})\n  \
    save FILE    write the game as PDN\n  \
    new          a new game from the same start\n  \
    help         this text\n  \
    quit         end (the game is saved first if --save was given)";

/// What the player chose on the command line.
pub struct Settings {
    /// The player's side.
    pub human: Color,
    /// The engine's strength, 1-20.
    pub skill: u8,
    /// The engine's seconds a move.
    pub movetime: f64,
    /// Whether the board is shown turned (Black at the bottom).
    pub flipped: bool,
    /// Whether Dama plays its book's moves where the game plays its book.
    pub book: bool,
    /// Where the game is saved at the end.
    pub save: Option<PathBuf>,
}

/// A game in progress against the engine.
pub struct Player<R: GameRules> {
    session: Session<R>,
    settings: Settings,
    rng: rand::rngs::StdRng,
}

impl<R: GameRules> Player<R> {
    /// A game of `session` (its searcher in place) as `settings` say.
    pub fn new(session: Session<R>, settings: Settings) -> Player<R> {
        Player { session, settings, rng: rand::SeedableRng::from_entropy() }
    }

    fn game(&self) -> &Game<R> {
        &self.session.game
    }

    fn names(&self) -> (String, String) {
        let engine = match self.settings.skill {
            MAX_SKILL => "Dama".to_string(),
            skill => format!("Dama (skill {skill})"),
        };
        match self.settings.human {
            Color::White => ("Player".to_string(), engine),
            Color::Black => (engine, "Player".to_string()),
        }
    }

    /// Shows the board and the position's FEN.
    pub fn show(&self) {
        say!("{}", board_text::<R>(&self.game().position, self.settings.flipped));
        say!("FEN {}", R::to_fen(&self.game().position));
    }

    /// The game as PDN.
    fn pdn(&self) -> String {
        let (white, black) = self.names();
        let result = self.game().end().map_or("*", |end| end.result);
        let tags =
            [("Event", "dama play"), ("White", &white), ("Black", &black), ("Result", result)];
        let tags: Vec<(String, String)> =
            tags.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect();
        self.game().to_pdn(&tags)
    }

    fn save_to(&self, path: &Path) {
        match std::fs::write(path, self.pdn()) {
            Ok(()) => say!("saved {}", path.display()),
            Err(e) => say!("cannot save '{}': {e}", path.display()),
        }
    }

    /// Saves the game where `--save` says, if it says.
    pub fn save(&self) {
        if let Some(path) = &self.settings.save {
            self.save_to(path);
        }
    }

    /// The engine's move and what to say of it: the book's, or the search's at the skill level.
    fn engine_move(&mut self) -> Result<(R::Move, String), String> {
        if let Some(mv) = self.session.book_move(false).filter(|_| self.settings.book) {
            return Ok((mv, "from the book".to_string()));
        }
        let limits = SearchLimits::move_time(Duration::from_secs_f64(self.settings.movetime));
        let limits = skill::limit(self.settings.skill, &limits);
        let result = self.session.search(&limits, &SearchControl::new(), |_| {})?;
        let random = rand::Rng::gen(&mut self.rng);
        let chosen = skill::choose(self.settings.skill, &result.lines, random).or(result.best_move);
        let mv = chosen.ok_or("the search found no move")?;
        let how = match self.session.verdict_text() {
            Some(verdict) => format!("endgame tables: {verdict} for Dama"),
            None => format!("score {} for Dama, depth {}", score_text(result.score), result.depth),
        };
        Ok((mv, how))
    }

    /// The engine moves while it is its turn and the game goes on; then says if it is over.
    pub fn engine_moves(&mut self) {
        while self.game().end().is_none()
            && R::side_to_move(&self.game().position) != self.settings.human
        {
            let position = self.game().position;
            match self.engine_move() {
                Ok((mv, how)) => {
                    say!("Dama plays {}   ({how})", R::pdn_text(&position, &mv, false));
                    self.session.game.play(mv);
                    self.show();
                }
                Err(e) => {
                    say!("Dama cannot move: {e}");
                    return;
                }
            }
        }
        if let Some(end) = self.game().end() {
            say!("game over: {}, {}", end.result, end.reason);
        }
    }

    /// Handles one line; false to stop.
    pub fn line(&mut self, line: &str) -> bool {
        let line = line.trim();
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match word {
            "" => {}
            "quit" | "exit" => return false,
            "help" | "?" => say!("{}", self.help()),
            "moves" => say!("legal moves: {}", legal_list::<R>(&self.game().position)),
            "flip" => {
                self.settings.flipped = !self.settings.flipped;
                self.show();
            }
            "undo" => self.undo(),
            "new" => {
                self.session.game = Game::new(self.game().start);
                if let Some(searcher) = self.session.searcher_mut() {
                    searcher.clear();
                }
                say!("new game");
                self.show();
                self.engine_moves();
            }
            "skill" => match rest.parse::<u8>() {
                Ok(n) if (1..=MAX_SKILL).contains(&n) => {
                    self.settings.skill = n;
                    say!("skill {n}");
                }
                _ => say!("skill must be a number from 1 to 20, got '{}'", excerpt(rest)),
            },
            "time" => match rest.parse::<f64>() {
                Ok(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => {
                    self.settings.movetime = t;
                    say!("time {t} s a move");
                }
                _ => {
                    say!("time must be a number of seconds from 0 to 3600, got '{}'", excerpt(rest))
                }
            },
            "save" if rest.is_empty() => say!("save needs a file name"),
            "save" => self.save_to(Path::new(rest)),
            _ => self.human_move(line),
        }
        true
    }

    fn help(&self) -> String {
        let start = R::start();
        let example = R::legal_moves(&start).first().map(|mv| R::path_text(&start, mv));
        HELP.replace("{example}", &example.unwrap_or_default())
            .replace("{skill}", &self.settings.skill.to_string())
            .replace("{time}", &self.settings.movetime.to_string())
    }

    /// Back to the player's previous turn: their move and the reply after it.
    fn undo(&mut self) {
        let back =
            if R::side_to_move(&self.game().position) == self.settings.human { 2 } else { 1 };
        match self.session.game.undo(back) {
            0 => say!("nothing to take back"),
            taken => {
                say!("took back {taken} move{}", if taken == 1 { "" } else { "s" });
                self.show();
                self.engine_moves();
            }
        }
    }

    fn human_move(&mut self, text: &str) {
        if let Some(end) = self.game().end() {
            say!("the game is over ({}): 'undo', 'new' or 'quit'", end.reason);
            return;
        }
        let position = self.game().position;
        if R::side_to_move(&position) != self.settings.human {
            say!("it is not your turn");
            return;
        }
        match R::parse_move(&position, text) {
            Ok(mv) => {
                self.session.game.play(mv);
                self.show();
                self.engine_moves();
            }
            Err(e) => say!("{}", refusal::<R>(&position, text, &e)),
        }
    }
}

/// Why `text` is not a move in `position` (`error`: the game's reader's reason): not a move at
/// all, ambiguous (the reader names the moves it fits), or not legal (the legal moves listed).
fn refusal<R: Rules>(position: &R::Position, text: &str, error: &str) -> String {
    let shown = excerpt(text);
    let separators = ['-', 'x', 'X', ':'];
    // A square: its number, or its name (a1-h8) in the games that write them.
    let square = |n: &str| {
        let b = n.as_bytes();
        n.parse::<u8>().is_ok()
            || (b.len() == 2 && b[0].is_ascii_alphabetic() && b[1].is_ascii_digit())
    };
    if !(text.split(separators).all(square) && text.contains(separators)) {
        return format!(
            "'{shown}' is neither a move nor a command: a move is from-to or fromxto by the \
             squares' numbers (or names, c3-d4, in Russian and Brazilian draughts); 'help' \
             lists the commands"
        );
    }
    if error.contains("ambiguous") {
        return format!("{error}: type its whole path");
    }
    let capture = if R::has_capture(position) { " (a capture is compulsory)" } else { "" };
    format!("'{shown}' is not a legal move{capture}; legal moves: {}", legal_list::<R>(position))
}

/// The legal moves in PDN's short form, `none` when there are none.
fn legal_list<R: Rules>(position: &R::Position) -> String {
    let moves: Vec<String> =
        R::legal_moves(position).iter().map(|mv| R::pdn_text(position, mv, false)).collect();
    if moves.is_empty() {
        "none".to_string()
    } else {
        moves.join(" ")
    }
}
